import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import {
  costCenterPermissions,
  facilityFteBasis,
  roleShifts,
  staffingPlans,
  unitRoles,
  wizardSteps,
} from "../../db/schema";
import { DEMO_FACILITY_ID, DEMO_USER_IDS, demoId } from "../../db/seed/demo";
import { roundFte, WIZARD_NOTICES, WIZARD_STEPS } from "../../schema/staffing";
import { graphqlRequest } from "../support/graphql";
import { restCall } from "../support/rest";
import { useTestServer } from "../support/testServer";

/**
 * A signed plan shows what was signed: changing hours per FTE, a job's direct-care flag and a
 * job's category after attestation leaves every figure of the locked plan as it was (REST and
 * GraphQL), while open plans are marked 'needs re-verification'. Own server and database.
 */

const { server, token } = useTestServer();
const CC_6010 = demoId("costCenter", 1);
const CC_6020 = demoId("costCenter", 2);
const RN_JOB = demoId("job", 1);
const SECRETARY_JOB = demoId("job", 6);

// biome-ignore lint/suspicious/noExplicitAny: JSON answers are read field by field and asserted, not typed.
type Json = Record<string, any>;
const db = () => server.database.db;

const call = (method: string, path: string, bearer: string, body?: unknown) =>
  restCall<Json>(server.baseUrl, method, path, bearer, body);
const graphql = async (bearer: string, query: string, variables?: Record<string, unknown>) =>
  (await graphqlRequest(server.baseUrl, bearer, query, variables)).body.data as Json;

/** A RN on 12.5-hour days (12 paid) and a unit secretary on 8-hour days (7.5 paid), census 2 at 6 HPPD. */
const UNIT = { census: 2, careTeamTarget: 6, nonProductiveGoalPercentage: 10, targetOvertimePercentage: 0 };
const RN = {
  name: "Registered Nurse",
  jobId: RN_JOB,
  isExempt: false,
  shifts: [{ shift: "Days", startTime: "0700", durationHours: 12.5, staffPerShift: 1 }],
};
const SECRETARY = {
  name: "Unit Secretary",
  jobId: SECRETARY_JOB,
  isExempt: false,
  shifts: [{ shift: "Days", startTime: "0800", durationHours: 8, staffPerShift: 1 }],
};

const WIZARD_QUERY = `query ($id: ID!) { wizard(costCenterId: $id) { annualHoursPerFte plan {
  isLocked needsReverification annualHoursPerFte attestedByName
  summary { dailyPlannedHours directCareHours careTeamHours budgetBalance productiveFte totalPaidFte censusDrivenFte }
  totals { totalBudgetedPaid totalGap totalOverHire }
  needs { roleName isDirectCare paidHours productiveFte paidFte gapFte }
  steps { step status }
} } }`;

let signedPlanId = "";
let openPlanId = "";

/** Completes steps 1 to 5 directly (this file tests signing, not the steps' own rules). */
async function completeStepsThroughPositionControl(planId: string) {
  for (const step of WIZARD_STEPS.slice(0, 5)) {
    await db()
      .update(wizardSteps)
      .set({ status: "Completed" })
      .where(and(eq(wizardSteps.planId, planId), eq(wizardSteps.step, step)));
  }
}

beforeAll(async () => {
  // The signed plan: built through the API on 6010, where the demo manager holds Complete Wizard.
  const started = await call("POST", `/wizard/${CC_6010}`, token.user);
  signedPlanId = started.body.plan.id;
  expect((await call("POST", "/staffing", token.user, { staffingId: signedPlanId, ...UNIT })).status).toBe(200);
  for (const role of [RN, SECRETARY]) {
    expect((await call("POST", "/role", token.user, { staffingId: signedPlanId, ...role })).status).toBe(201);
  }
  await completeStepsThroughPositionControl(signedPlanId);

  // An open plan of the same budget year on 6020 with the same roles, that the manager reads.
  await db()
    .insert(costCenterPermissions)
    .values({ userId: DEMO_USER_IDS.user, costCenterId: CC_6020, readOnly: true })
    .onConflictDoNothing();
  const [open] = await db()
    .insert(staffingPlans)
    .values({ costCenterId: CC_6020, budgetYear: started.body.budgetYear, ...UNIT })
    .returning();
  openPlanId = (open as { id: string }).id;
  await db()
    .insert(wizardSteps)
    .values(WIZARD_STEPS.map((step) => ({ planId: openPlanId, step, status: "Pending" as const })));
  for (const [index, role] of [RN, SECRETARY].entries()) {
    const [created] = await db()
      .insert(unitRoles)
      .values({ planId: openPlanId, jobId: role.jobId, name: role.name, sortOrder: index })
      .returning();
    await db()
      .insert(roleShifts)
      .values(role.shifts.map((s) => ({ ...s, shift: "Days" as const, roleId: (created as { id: string }).id })));
  }
  await completeStepsThroughPositionControl(openPlanId);
});

describe("attestation freezes the plan", () => {
  let signedRest: Json;
  let signedGraph: Json;

  it("the figures before signing are the hand-worked ones", async () => {
    const { body } = await call("GET", `/wizard/${CC_6010}`, token.user);
    const plan = body.plan;
    // RN 12.5 h − 30 min = 12 paid; secretary 8 h − 30 min = 7.5 paid: 19.5 h a day, 12 of them direct care.
    expect(plan.summary.dailyPlannedHours).toBe(19.5);
    expect(plan.summary.directCareHours).toBe(12);
    expect(plan.summary.careTeamHours).toBe(6); // 12 ÷ 2: the unit secretary does not count
    expect(plan.summary.budgetBalance).toBe(0); // 2 × 6 = 12 care hours needed, 12 scheduled
    // productive (12 + 7.5) × 365 ÷ 2080 = 3.4219; paid ÷ 0.9 = 3.8021
    expect(roundFte(plan.summary.productiveFte)).toBe(3.422);
    expect(roundFte(plan.summary.totalPaidFte)).toBe(3.802);
    expect(roundFte(plan.summary.censusDrivenFte)).toBe(2.106); // 2 × 6 × 365 ÷ 2080
  });

  it("attesting stores what was signed", async () => {
    const attested = await call("PATCH", "/wizard/", token.user, { planId: signedPlanId, step: "ReviewAttestation" });
    expect(attested.status).toBe(200);
    expect(attested.body.plan).toMatchObject({ attestedByName: "Jordan Patel", annualHoursPerFte: 2080 });
    signedRest = (await call("GET", `/wizard/${CC_6010}`, token.user)).body;
    signedGraph = await graphql(token.user, WIZARD_QUERY, { id: CC_6010 });
    expect(signedGraph.wizard.plan).toMatchObject({ isLocked: true, needsReverification: false });
    const [row] = await db().select().from(staffingPlans).where(eq(staffingPlans.id, signedPlanId));
    expect(row?.attestedSnapshot).toBeTruthy();
  });

  it("changing hours per FTE, a job's direct-care flag and a job's category changes nothing in the signed plan", async () => {
    const settings = await graphql(
      token.admin,
      `{ facilitySettings { budgetSettings { prnStaffValue fiscalYearMonthsBegin fiscalYearDaysBegin
        budgetSeasonBeginMonth budgetSeasonBeginDay budgetSeasonEndMonth budgetSeasonEndDay nextPayPeriodBegin nextPayPeriodEnd } } }`,
    );
    const saved = await graphql(
      token.admin,
      `mutation ($input: FinancialInformationInput!) { updateFinancialInformation(input: $input) {
        __typename ... on MutationUpdateFinancialInformationSuccess { data { annualHoursPerFte } } } }`,
      { input: { ...settings.facilitySettings.budgetSettings, annualHoursPerFte: 1950 } },
    );
    expect(saved.updateFinancialInformation.data.annualHoursPerFte).toBe(1950);
    const flag = await graphql(
      token.admin,
      `mutation { setJobDirectCare(jobId: "${SECRETARY_JOB}", isDirectCare: true) { __typename } }`,
    );
    expect(flag.setJobDirectCare.__typename).toBe("MutationSetJobDirectCareSuccess");
    // Registered Nurse moved to Unit Support: its direct-care flag follows the category (false).
    const category = await graphql(
      token.admin,
      `mutation { setJobCategory(jobId: "${RN_JOB}", categoryId: 4) { __typename } }`,
    );
    expect(category.setJobCategory.__typename).toBe("MutationSetJobCategorySuccess");

    expect((await call("GET", `/wizard/${CC_6010}`, token.user)).body).toEqual(signedRest);
    expect(await graphql(token.user, WIZARD_QUERY, { id: CC_6010 })).toEqual(signedGraph);
    expect(await graphql(token.exec, WIZARD_QUERY, { id: CC_6010 })).toEqual(signedGraph);
    const staffing = await call("GET", `/staffing/${signedPlanId}?unitId=${CC_6010}`, token.user);
    expect(roundFte(staffing.body.summary.totalPaidFte)).toBe(3.802);
    expect(staffing.body.summary.careTeamHours).toBe(6);
    expect(signedGraph.wizard.plan.annualHoursPerFte).toBe(2080);
  });

  it("the new hours per FTE takes effect from this budget year; the year before keeps 2080", async () => {
    const rows = await db().select().from(facilityFteBasis).where(eq(facilityFteBasis.facilityId, DEMO_FACILITY_ID));
    const year = signedRest.budgetYear as number;
    expect(rows.map((r) => [r.budgetYear, r.annualHoursPerFte]).sort()).toEqual([
      [year - 1, 2080],
      [year, 1950],
    ]);
  });

  it("an open plan is marked 'needs re-verification', its steps InProgress, its figures on today's settings", async () => {
    const answer = await graphql(token.user, WIZARD_QUERY, { id: CC_6020 });
    const plan = answer.wizard.plan;
    expect(plan.isLocked).toBe(false);
    expect(plan.needsReverification).toBe(true);
    expect(plan.steps.map((s: Json) => s.status)).toEqual([
      "InProgress",
      "InProgress",
      "InProgress",
      "InProgress",
      "InProgress",
      "Pending",
    ]);
    expect(plan.annualHoursPerFte).toBe(1950);
    // (12 + 7.5) × 365 ÷ 1950 = 3.65; ÷ 0.9 = 4.0556
    expect(roundFte(plan.summary.totalPaidFte)).toBe(4.056);
    // Now the secretary counts and the RN does not: 7.5 ÷ 2 = 3.75 HPPD
    expect(plan.summary.careTeamHours).toBe(3.75);
    const rest = await call("GET", `/wizard/${CC_6020}`, token.user);
    expect(rest.body.plan.notices).toContainEqual({ step: "UnitDefinition", message: WIZARD_NOTICES.settingsChanged });
  });

  it("a setting changed again never marks the signed plan, and admins cannot read plans", async () => {
    const [row] = await db().select().from(staffingPlans).where(eq(staffingPlans.id, signedPlanId));
    expect(row?.settingsChangedAt).toBeNull();
    const denied = await call("GET", `/wizard/${CC_6010}`, token.admin);
    expect(denied.status).toBe(403);
  });
});
