import { and, eq, like } from "drizzle-orm";
import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { basisOfQuery } from "../../client/src/features/modelling/basis";
import { auditLog, facilities, modellingScenarios, staffingPlans, wizardSteps } from "../../db/schema";
import { DEMO_FACILITY_ID } from "../../db/seed/demo";
import { checkModelInputs, MODELLING_MESSAGES, modelFigures, STAFFING_MESSAGES } from "../../schema/staffing";
import { WIZARD_MESSAGES } from "../../server/services/staffingPlans";
import { type Json, planCalls } from "../support/staffingPlans";
import { useTestServer } from "../support/testServer";
import { managerOfNewCostCenter, userOver } from "../support/tokens";

/**
 * Issue #14, modelling on the server: the `modelling` query, `POST /api/staffing/model`, and the
 * scenarios (kept, refused, deleted, carried into the wizard). Every test builds its own cost
 * center, manager and plan: the hand-worked plan of schema/staffing/modelling.test.ts.
 */

const { server, token: tokens } = useTestServer();

beforeAll(async () => {
  // This file's own database: the facility's average hourly rate is $50.
  await server.database.db.update(facilities).set({ averageHourlyRate: 50 }).where(eq(facilities.id, DEMO_FACILITY_ID));
});

const call = async (method: string, path: string, token: string, body?: unknown) => {
  const response = await fetch(`${server.baseUrl}/api${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body ? { "content-type": "application/json" } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  return { status: response.status, body: (await response.json()) as Json };
};

const eightHours = (shift: string, startTime: string, staffPerShift: number) => ({
  shift,
  startTime,
  durationHours: 8,
  staffPerShift,
});
const RN = {
  name: "RN",
  isExempt: false,
  unpaidBreakMinutes: 0,
  shifts: [eightHours("Days", "0700", 4), eightHours("Evenings", "1500", 3), eightHours("Nights", "2300", 3)],
};
const NM = { name: "Nurse Manager", isExempt: true, fte: 1, replacement: "Fixed" };

const MODELLING = `query($id: ID!) { modelling(costCenterId: $id) {
  canEdit averageHourlyRate annualHoursPerFte
  plan { id isLocked inputs { census careTeamTarget roles { unitRoleId name fte shifts { shift staffPerShift durationHours } } }
         held { unitRoleId shift fte staffType coverage } requested { unitRoleId fte }
         scenarios { id name createdByName inputs { census } } } } }`;
const SAVE = `mutation($planId: ID!, $scenarioId: ID, $name: String!, $inputs: ModelInputsInput!) {
  saveModellingScenario(planId: $planId, scenarioId: $scenarioId, name: $name, inputs: $inputs) {
    __typename ... on DomainError { message } ... on MutationSaveModellingScenarioSuccess { data { id name } } } }`;
const DELETE = `mutation($id: ID!) { deleteModellingScenario(scenarioId: $id) {
  __typename ... on DomainError { message } ... on MutationDeleteModellingScenarioSuccess { data } } }`;
const CARRY = `mutation($id: ID!) { carryModellingScenarioIntoWizard(scenarioId: $id) {
  __typename ... on DomainError { message }
  ... on MutationCarryModellingScenarioIntoWizardSuccess { data { plan { census roles { name } steps { step status } } } } } }`;

/**
 * A new cost center with the hand-worked plan: census 10, 8 HPPD, 10 % non-productive; RN on three
 * 8-hour shifts (4, 3, 3; no break), a Fixed manager at 1.0; one regular RN on Days at 1.0 FTE.
 */
async function handWorkedPlan() {
  const { costCenterId, token } = await managerOfNewCostCenter(server);
  const manager = planCalls(server.baseUrl, token);
  const planId = await manager.startPlan(costCenterId, {
    census: 10,
    careTeamTarget: 8,
    nonProductiveGoalPercentage: 10,
    targetOvertimePercentage: 0,
  });
  await manager.createRole(planId, RN);
  const roles = await manager.createRole(planId, NM);
  const rnId = roles.find((r) => r.name === "RN")?.id as string;
  const nmId = roles.find((r) => r.name === "Nurse Manager")?.id as string;
  const added = await manager.addStaffMember(costCenterId, {
    employeeId: `MOD-${Date.now()}-${Math.floor(Math.random() * 1e6)}`,
    firstName: "Maya",
    lastName: "Lindqvist",
    staffType: "Regular",
    dateOfHire: "01/15/2024",
    fte: 1,
  });
  await manager.assignStaff(planId, { staffId: added.staffId, unitRoleId: rnId, shift: "Days", fte: 1 });
  return { costCenterId, token, manager, planId, rnId, nmId };
}

/** The model of the hand-worked example: census 12 and five RNs on Days, budgets left out. */
const modelOf = (rnId: string, nmId: string) => ({
  census: 12,
  careTeamTarget: 8,
  nonProductiveGoalPercentage: 10,
  targetOvertimePercentage: 0,
  roles: [
    { ...RN, unitRoleId: rnId, shifts: RN.shifts.map((s) => (s.shift === "Days" ? { ...s, staffPerShift: 5 } : s)) },
    { ...NM, unitRoleId: nmId },
  ],
});

describe("the modelling query", () => {
  it("gives the saved plan as model inputs, the FTE held, the rate, and no scenarios yet", async () => {
    const { costCenterId, manager, rnId } = await handWorkedPlan();
    const { data } = await manager.gql(MODELLING, { id: costCenterId });
    expect(data.modelling).toMatchObject({ canEdit: true, averageHourlyRate: 50, annualHoursPerFte: 2080 });
    expect(data.modelling.plan.inputs).toMatchObject({ census: 10, careTeamTarget: 8 });
    expect(data.modelling.plan.inputs.roles.map((r: Json) => r.name)).toEqual(["RN", "Nurse Manager"]);
    expect(data.modelling.plan.held).toEqual([
      { unitRoleId: rnId, shift: "Days", fte: 1, staffType: "Regular", coverage: 1 },
    ]);
    expect(data.modelling.plan.scenarios).toEqual([]);
  });

  it("is refused to anyone without a permission on the cost center, and to executives", async () => {
    const { costCenterId } = await handWorkedPlan();
    const stranger = await userOver(server, []);
    const refusedStranger = await planCalls(server.baseUrl, stranger).gql(MODELLING, { id: costCenterId });
    expect(refusedStranger.errors?.[0]?.message).toBe(WIZARD_MESSAGES.readRefused);
    const refusedExec = await planCalls(server.baseUrl, tokens.exec).gql(MODELLING, { id: costCenterId });
    expect(refusedExec.data).toBeNull();
    expect(refusedExec.errors).toHaveLength(1);
  });
});

describe("POST /api/staffing/model", () => {
  it("answers the hand-worked model: 18.16 paid FTE, HPPD 7.33, RN gap 16.16, $1,888,444.44", async () => {
    const { costCenterId, token, rnId, nmId } = await handWorkedPlan();
    const { status, body } = await call("POST", "/staffing/model", token, {
      unitId: costCenterId,
      ...modelOf(rnId, nmId),
    });
    expect(status, JSON.stringify(body)).toBe(200);
    // 5×8 + 3×8 + 3×8 = 88 h; 88 ÷ 12 = 7.333 HPPD; RN 88 × 365 ÷ 2080 ÷ 0.9 = 17.1581 paid + 1 manager.
    expect(body.summary.dailyPlannedHours).toBe(88);
    expect(body.summary.careTeamHours).toBeCloseTo(7.3333, 4);
    expect(body.summary.totalPaidFte).toBeCloseTo(18.1581, 4);
    // 88 × 365 ÷ 0.9 + 2080 = 37,768.89 paid hours a year at $50.
    expect(body.annualPaidHours).toBeCloseTo(37768.89, 2);
    expect(body.annualCost).toBeCloseTo(1888444.44, 2);
    // Days 40 × 365 ÷ 1872 = 7.80 − 1.00 held = 6.80, Evenings and Nights 4.68 each.
    expect(body.roles[0]).toMatchObject({ roleKey: rnId, name: "RN", hiredFte: 1, gapFte: 16.16 });
    expect(body.roles[1]).toMatchObject({ roleKey: nmId, paidFte: 1, gapFte: 1 });
  });

  it("refuses bad inputs with the wizard's words, a role of another plan, and a stranger", async () => {
    const { costCenterId, token, rnId, nmId } = await handWorkedPlan();
    const model = modelOf(rnId, nmId);
    const badStaff = await call("POST", "/staffing/model", token, {
      unitId: costCenterId,
      ...model,
      roles: [{ ...model.roles[0], shifts: [eightHours("Days", "0700", 25)] }],
    });
    expect(badStaff).toMatchObject({ status: 400, body: { message: STAFFING_MESSAGES.staffPerShift } });
    const badCensus = await call("POST", "/staffing/model", token, { unitId: costCenterId, ...model, census: "many" });
    expect(badCensus).toMatchObject({ status: 400, body: { message: "Average daily census must be a number" } });
    const other = await handWorkedPlan();
    const foreignRole = await call("POST", "/staffing/model", token, {
      unitId: costCenterId,
      ...model,
      roles: [{ ...model.roles[0], unitRoleId: other.rnId }],
    });
    expect(foreignRole).toMatchObject({ status: 400, body: { message: MODELLING_MESSAGES.unknownRole } });
    const stranger = await userOver(server, []);
    const refused = await call("POST", "/staffing/model", stranger, { unitId: costCenterId, ...model });
    expect(refused).toMatchObject({ status: 403, body: { message: WIZARD_MESSAGES.readRefused } });
  });
});

describe("client and server agree", () => {
  // The query as the modelling screen asks it (client/src/features/modelling/ModellingPage.tsx): the
  // fields its basis is built from.
  const CLIENT_QUERY = `query($id: ID!) { modelling(costCenterId: $id) {
    annualHoursPerFte averageHourlyRate jobs { id isDirectCare }
    plan { held { unitRoleId shift fte staffType isExempt coverage } requested { unitRoleId shift fte isTraveller } } } }`;
  const twoPlaces = (min: number, max: number) =>
    fc.integer({ min: Math.round(min * 100), max: Math.round(max * 100) }).map((n) => n / 100);
  const shiftsOf = fc
    .subarray(
      [
        { shift: "Days", startTime: "0700" },
        { shift: "Evenings", startTime: "1500" },
        { shift: "Nights", startTime: "2300" },
      ],
      { minLength: 1 },
    )
    .chain((picked) =>
      fc.tuple(
        ...picked.map((s) =>
          fc.record({
            shift: fc.constant(s.shift),
            startTime: fc.constant(s.startTime),
            // Quarter hours from 4 to 12.5.
            durationHours: fc.integer({ min: 16, max: 50 }).map((n) => n / 4),
            staffPerShift: fc.integer({ min: 1, max: 24 }),
          }),
        ),
      ),
    );
  const breakMinutes = fc.constantFrom(null, 0, 30, 45);

  it("for generated inputs, the screen's modelFigures over the screen's basis equals what POST /api/staffing/model answers", async () => {
    const { costCenterId, token, manager, rnId, nmId } = await handWorkedPlan();
    const { data } = await manager.gql(CLIENT_QUERY, { id: costCenterId });
    const basis = basisOfQuery(data.modelling, data.modelling.plan);
    const jobIds = (data.modelling.jobs as Json[]).map((job) => job.id as string);
    const inputs = fc.record({
      census: twoPlaces(1, 600),
      careTeamTarget: twoPlaces(1, 30),
      nonProductiveGoalPercentage: twoPlaces(0, 50),
      targetOvertimePercentage: twoPlaces(0, 25),
      rnShifts: shiftsOf,
      rnBreak: breakMinutes,
      managerFte: twoPlaces(0.01, 1.5),
      managerReplacement: fc.constantFrom("Fixed", "FixedWithReplacement"),
      added: fc.array(
        fc.record({
          jobId: fc.constantFrom(null, ...jobIds),
          shifts: shiftsOf,
          unpaidBreakMinutes: breakMinutes,
        }),
        { maxLength: 2 },
      ),
    });
    await fc.assert(
      fc.asyncProperty(inputs, async (generated) => {
        const model = {
          census: generated.census,
          careTeamTarget: generated.careTeamTarget,
          nonProductiveGoalPercentage: generated.nonProductiveGoalPercentage,
          targetOvertimePercentage: generated.targetOvertimePercentage,
          roles: [
            { ...RN, unitRoleId: rnId, unpaidBreakMinutes: generated.rnBreak, shifts: generated.rnShifts },
            { ...NM, unitRoleId: nmId, fte: generated.managerFte, replacement: generated.managerReplacement },
            ...generated.added.map((role, index) => ({
              ...role,
              unitRoleId: null,
              name: `Added ${index + 1}`,
              isExempt: false,
            })),
          ],
        };
        // The screen checks the draft with the rules of schema/ and models the valid inputs.
        const checked = checkModelInputs(model);
        expect(checked.ok, JSON.stringify(checked)).toBe(true);
        if (!checked.ok) return;
        const client = modelFigures(checked.inputs, basis);
        const { status, body } = await call("POST", "/staffing/model", token, { unitId: costCenterId, ...model });
        expect(status, JSON.stringify(body)).toBe(200);
        expect(body).toEqual({
          ...client,
          annualHoursPerFte: data.modelling.annualHoursPerFte,
          averageHourlyRate: data.modelling.averageHourlyRate,
        });
      }),
      { numRuns: 25 },
    );
  });
});

describe("scenarios", () => {
  it("are kept by name, refused twice under one name, listed, and deleted, leaving the plan as it was", async () => {
    const { costCenterId, manager, planId, rnId, nmId } = await handWorkedPlan();
    const inputs = modelOf(rnId, nmId);
    const saved = await manager.gql(SAVE, { planId, name: "  Census 12  ", inputs });
    const scenario = saved.data.saveModellingScenario.data;
    expect(scenario.name).toBe("Census 12");
    const twice = await manager.gql(SAVE, { planId, name: "census 12", inputs });
    expect(twice.data.saveModellingScenario).toEqual({
      __typename: "DomainError",
      message: MODELLING_MESSAGES.scenarioNameTaken,
    });
    const unnamed = await manager.gql(SAVE, { planId, name: "   ", inputs });
    expect(unnamed.data.saveModellingScenario.message).toBe(MODELLING_MESSAGES.scenarioName);
    const invalid = await manager.gql(SAVE, { planId, name: "Bad", inputs: { ...inputs, careTeamTarget: 0 } });
    expect(invalid.data.saveModellingScenario.message).toBe("Care team hours per patient day must be from 1 to 1000");

    const renamed = await manager.gql(SAVE, { planId, scenarioId: scenario.id, name: "Winter census", inputs });
    expect(renamed.data.saveModellingScenario.data).toEqual({ id: scenario.id, name: "Winter census" });
    const { data } = await manager.gql(MODELLING, { id: costCenterId });
    expect(data.modelling.plan.scenarios).toEqual([
      { id: scenario.id, name: "Winter census", createdByName: "Scoped User", inputs: { census: 12 } },
    ]);
    // Nothing of the plan changed.
    const [plan] = await server.database.db.select().from(staffingPlans).where(eq(staffingPlans.id, planId));
    expect(plan?.census).toBe(10);

    const deleted = await manager.gql(DELETE, { id: scenario.id });
    expect(deleted.data.deleteModellingScenario.data).toBe(scenario.id);
    expect((await manager.gql(MODELLING, { id: costCenterId })).data.modelling.plan.scenarios).toEqual([]);
    const audits = await server.database.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(and(eq(auditLog.entityId, scenario.id), like(auditLog.action, "modelling_scenario.%")));
    expect(audits.map((a) => a.action).sort()).toEqual([
      "modelling_scenario.create",
      "modelling_scenario.delete",
      "modelling_scenario.update",
    ]);
  });

  it("are kept and deleted only by the Complete Wizard holder", async () => {
    const { costCenterId, manager, planId, rnId, nmId } = await handWorkedPlan();
    const kept = (await manager.gql(SAVE, { planId, name: "Kept", inputs: modelOf(rnId, nmId) })).data
      .saveModellingScenario.data;
    const reader = planCalls(server.baseUrl, await userOver(server, [costCenterId]));
    expect((await reader.gql(MODELLING, { id: costCenterId })).data.modelling.canEdit).toBe(false);
    const save = await reader.gql(SAVE, { planId, name: "Mine", inputs: modelOf(rnId, nmId) });
    expect(save.data.saveModellingScenario.message).toBe(WIZARD_MESSAGES.editRefused);
    const remove = await reader.gql(DELETE, { id: kept.id });
    expect(remove.data.deleteModellingScenario.message).toBe(WIZARD_MESSAGES.editRefused);
    const carry = await reader.gql(CARRY, { id: kept.id });
    expect(carry.data.carryModellingScenarioIntoWizard.message).toBe(WIZARD_MESSAGES.editRefused);
    const rows = await server.database.db
      .select({ name: modellingScenarios.name })
      .from(modellingScenarios)
      .where(eq(modellingScenarios.planId, planId));
    expect(rows).toEqual([{ name: "Kept" }]);
  });
});

describe("carrying a scenario into the wizard", () => {
  it("makes it the plan, a new role too, and sends the steps back for re-verification", async () => {
    const { costCenterId, manager, planId, rnId, nmId } = await handWorkedPlan();
    await server.database.db.update(wizardSteps).set({ status: "Completed" }).where(eq(wizardSteps.planId, planId));
    const inputs = modelOf(rnId, nmId);
    const aide = { name: "Aide", isExempt: false, unpaidBreakMinutes: 0, shifts: [eightHours("Days", "0700", 1)] };
    const scenario = (
      await manager.gql(SAVE, { planId, name: "With aide", inputs: { ...inputs, roles: [...inputs.roles, aide] } })
    ).data.saveModellingScenario.data;
    const carried = await manager.gql(CARRY, { id: scenario.id });
    const plan = carried.data.carryModellingScenarioIntoWizard.data.plan;
    expect(plan.census).toBe(12);
    expect(plan.roles.map((r: Json) => r.name)).toEqual(["RN", "Nurse Manager", "Aide"]);
    const status = Object.fromEntries(plan.steps.map((s: Json) => [s.step, s.status]));
    expect(status).toMatchObject({
      UnitDefinition: "InProgress",
      DefineRoles: "InProgress",
      ReviewAttestation: "InProgress",
    });
    const { data } = await manager.gql(MODELLING, { id: costCenterId });
    const rn = data.modelling.plan.inputs.roles[0];
    expect(rn.shifts.find((s: Json) => s.shift === "Days").staffPerShift).toBe(5);
  });

  it("is all or nothing: a new role of a job from elsewhere leaves the plan untouched", async () => {
    const { manager, planId, rnId, nmId } = await handWorkedPlan();
    const inputs = modelOf(rnId, nmId);
    const stray = { ...RN, name: "Stray", jobId: "99999999-9999-4999-8999-999999999999" };
    const scenario = (
      await manager.gql(SAVE, { planId, name: "Stray job", inputs: { ...inputs, roles: [...inputs.roles, stray] } })
    ).data.saveModellingScenario.data;
    const carried = await manager.gql(CARRY, { id: scenario.id });
    expect(carried.data.carryModellingScenarioIntoWizard).toEqual({
      __typename: "DomainError",
      message: "Choose a role from the facility's jobs.",
    });
    const [plan] = await server.database.db.select().from(staffingPlans).where(eq(staffingPlans.id, planId));
    expect(plan?.census).toBe(10);
  });

  it("is refused while the plan is locked", async () => {
    const { manager, planId, rnId, nmId } = await handWorkedPlan();
    const scenario = (await manager.gql(SAVE, { planId, name: "Locked", inputs: modelOf(rnId, nmId) })).data
      .saveModellingScenario.data;
    await server.database.db.update(staffingPlans).set({ lockedAt: new Date() }).where(eq(staffingPlans.id, planId));
    const carried = await manager.gql(CARRY, { id: scenario.id });
    expect(carried.data.carryModellingScenarioIntoWizard.message).toBe(WIZARD_MESSAGES.locked);
  });
});
