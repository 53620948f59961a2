import { expect } from "vitest";
import { demoId } from "../../db/seed/demo";
import { graphqlRequest } from "./graphql";
import { expectJson, restFetch } from "./rest";

// biome-ignore lint/suspicious/noExplicitAny: answers are read field by field and asserted.
export type Json = Record<string, any>;

const PLAN_ID = "__typename ... on DomainError { message } ... on Mutation{name}Success { data { plan { id } } }";

/**
 * A Registered Nurse (job 1) on days, one from 0700 for 12.5 h (12 paid after the 30-minute break):
 * the one-shift role `addRole` adds, which the small hand-worked plans start from.
 */
export const REGISTERED_NURSE_ON_DAYS = {
  name: "Registered Nurse",
  jobId: demoId("job", 1),
  shift: { shift: "Days", startTime: "0700", durationHours: 12.5, staffPerShift: 1 },
};

/** GraphQL calls as one account, and the wizard steps the figure tests build their plans with. */
export function planCalls(baseUrl: string, token: string) {
  /** The answer's body, read field by field by the tests. */
  const gql = async (query: string, variables: Record<string, unknown> = {}): Promise<Json> =>
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

  /** Adds a role of any kind (a `UnitRoleInput` as it is): the plan's roles after it, `{ id name }` each. */
  async function createRole(planId: string, input: Json): Promise<Json[]> {
    const created = await mutate(
      "createUnitRole",
      `mutation($planId: ID!, $input: UnitRoleInput!) { createUnitRole(planId: $planId, input: $input) {
        __typename ... on DomainError { message } ... on MutationCreateUnitRoleSuccess { data { plan { roles { id name } } } } } }`,
      { planId, input },
    );
    return created.data.plan.roles as Json[];
  }

  /** Adds a non-exempt role with one shift. */
  async function addRole(planId: string, role: { name: string; jobId: string; shift: Json }): Promise<void> {
    await createRole(planId, { name: role.name, jobId: role.jobId, isExempt: false, shifts: [role.shift] });
  }

  /** Step 5's calculation: open positions for what staff leave unfilled. */
  async function calculateOpenPositions(planId: string): Promise<void> {
    await mutate("calculateOpenPositions", planMutation("calculateOpenPositions", "$planId: ID!", "planId: $planId"), {
      planId,
    });
  }

  /** A REST call (`/api…`) as this account: its JSON answer, which must come with this status. */
  const rest = async (method: string, path: string, body?: unknown, status = 200): Promise<Json> =>
    expectJson(await restFetch(baseUrl, method, path, token, body), status);

  /** The wizard's view of a cost center (`GET /api/wizard/:id`): its plan (null before one is begun), steps, staff. */
  const wizard = (costCenterId: string): Promise<Json> => rest("GET", `/wizard/${costCenterId}`);

  /** A new staff member of a cost center (`POST /api/staff`, which must answer 201): the answer, `staffId` and all. */
  const addStaffMember = (costCenterId: string, details: Json): Promise<Json> =>
    rest("POST", "/staff", { costCenterId, ...details }, 201);

  /** Puts a staff member into a position of the plan (`POST /api/staff-position`, which must answer 201). */
  const assignStaff = (
    planId: string,
    position: { staffId: string; unitRoleId: string; shift: string | null; fte: number },
  ): Promise<Json> => rest("POST", "/staff-position", { staffingId: planId, ...position }, 201);

  return {
    gql,
    mutate,
    rest,
    wizard,
    startPlan,
    createRole,
    addRole,
    calculateOpenPositions,
    addStaffMember,
    assignStaff,
  };
}

/**
 * The two small plans the executives' figure tests work by hand, built by the demo manager:
 * - 6010: census 2, target 6 HPPD, non-productive 10 %, finance budget 3.5 productive / 4 paid FTE.
 *   Registered Nurse (job 1), Days 0700 12.5 h × 1, held by a regular at 1 FTE, a PRN at 0.1 and a
 *   traveller at 0.5 (contract past the budget year); Unit Secretary (job 6), Days 0800 8.5 h × 1,
 *   nobody; step 5's open positions calculated.
 * - 6020: census 4, target 8, non-productive 0: Registered Nurse, Days 0700 8 h × 2; nothing more.
 */
export async function seedHandWorkedPlans(baseUrl: string, managerToken: string) {
  const [cc6010, cc6020] = [demoId("costCenter", 1), demoId("costCenter", 2)];
  const manager = planCalls(baseUrl, managerToken);
  const plan6010 = await manager.startPlan(cc6010, {
    census: 2,
    careTeamTarget: 6,
    nonProductiveGoalPercentage: 10,
    targetOvertimePercentage: 0,
    productiveFteBudget: 3.5,
    totalPaidFteBudget: 4,
  });
  await manager.addRole(plan6010, REGISTERED_NURSE_ON_DAYS);
  await manager.addRole(plan6010, {
    name: "Unit Secretary",
    jobId: demoId("job", 6),
    shift: { shift: "Days", startTime: "0800", durationHours: 8.5, staffPerShift: 1 },
  });
  const wizard = await manager.wizard(cc6010);
  const rn = (wizard.plan.roles as Json[]).find((r) => r.name === "Registered Nurse") as Json;
  const staffOf = (type: string, fte: number) =>
    (wizard.plan.staff as Json[]).find((s) => s.staffType === type && s.costCenterFte >= fte) as Json;
  const [regular, prn, traveller] = [staffOf("Regular", 1), staffOf("PRN", 0.1), staffOf("Traveller", 0.5)];
  const assignments: [Json, number][] = [
    [regular, 1],
    [prn, 0.1],
    [traveller, 0.5],
  ];
  for (const [person, fte] of assignments) {
    await manager.assignStaff(plan6010, { staffId: person.staffId, unitRoleId: rn.id, shift: "Days", fte });
  }
  await manager.mutate(
    "setTravellerContractDate",
    `mutation($p: ID!, $s: ID!, $d: String!) { setTravellerContractDate(planId: $p, staffId: $s, contractEndDate: $d) {
      __typename ... on DomainError { message } } }`,
    { p: plan6010, s: traveller.staffId, d: `${wizard.budgetYear + 2}-12-31` },
  );
  await manager.calculateOpenPositions(plan6010);

  const plan6020 = await manager.startPlan(cc6020, {
    census: 4,
    careTeamTarget: 8,
    nonProductiveGoalPercentage: 0,
    targetOvertimePercentage: 0,
  });
  await manager.addRole(plan6020, {
    name: "Registered Nurse",
    jobId: demoId("job", 1),
    shift: { shift: "Days", startTime: "0700", durationHours: 8, staffPerShift: 2 },
  });
  return { plan6010, plan6020, budgetYear: wizard.budgetYear as number, regular, prn, traveller };
}
