import { expect } from "vitest";
import { graphqlRequest } from "./graphql";

// biome-ignore lint/suspicious/noExplicitAny: answers are read field by field and asserted.
export type Json = Record<string, any>;

const PLAN_ID = "__typename ... on DomainError { message } ... on Mutation{name}Success { data { plan { id } } }";

/** GraphQL calls as one account, and the wizard steps the figure tests build their plans with. */
export function planCalls(baseUrl: string, token: string) {
  const gql = async (query: string, variables: Record<string, unknown> = {}) =>
    (await graphqlRequest(baseUrl, token, query, variables)).body;

  /** A mutation that must succeed (a `Mutation…Success`): its result. */
  async function mutate(field: string, query: string, variables: Record<string, unknown>): Promise<Json> {
    const body = await gql(query, variables);
    expect(body.errors, JSON.stringify(body.errors)).toBeUndefined();
    const result = body.data?.[field] as Json;
    expect(result.__typename, JSON.stringify(result)).toMatch(/Success$/);
    return result;
  }
  const planMutation = (field: string, signature: string, call: string) => {
    const name = field.charAt(0).toUpperCase() + field.slice(1);
    return `mutation(${signature}) { ${field}(${call}) { ${PLAN_ID.replace("{name}", name)} } }`;
  };

  /** Begins the plan of a cost center the account holds Complete Wizard on and saves its unit definition. */
  async function startPlan(costCenterId: string, unit: Json): Promise<string> {
    const started = await mutate(
      "startStaffingPlan",
      planMutation("startStaffingPlan", "$id: ID!", "costCenterId: $id"),
      {
        id: costCenterId,
      },
    );
    const planId = started.data.plan.id as string;
    await mutate(
      "saveUnitDefinition",
      planMutation(
        "saveUnitDefinition",
        "$planId: ID!, $input: UnitDefinitionInput!",
        "planId: $planId, input: $input",
      ),
      { planId, input: unit },
    );
    return planId;
  }

  /** Adds a non-exempt role with one shift. */
  async function addRole(planId: string, role: { name: string; jobId: string; shift: Json }): Promise<void> {
    await mutate(
      "createUnitRole",
      planMutation("createUnitRole", "$planId: ID!, $input: UnitRoleInput!", "planId: $planId, input: $input"),
      { planId, input: { name: role.name, jobId: role.jobId, isExempt: false, shifts: [role.shift] } },
    );
  }

  /** Step 5's calculation: open positions for what staff leave unfilled. */
  async function calculateOpenPositions(planId: string): Promise<void> {
    await mutate("calculateOpenPositions", planMutation("calculateOpenPositions", "$planId: ID!", "planId: $planId"), {
      planId,
    });
  }

  return { gql, mutate, startPlan, addRole, calculateOpenPositions };
}
