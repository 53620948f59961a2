import { expect, type Page, test } from "@playwright/test";
import { DEMO_USER_IDS, demoId } from "../../db/seed/demo";
import { WIZARD_NOTICES } from "../../schema/staffing";
import { signIn } from "./support/signIn";

/**
 * A signed plan shows what was signed (DESIGN.md §3): after attestation, the administrator changes
 * the facility's hours per FTE on the Basic Financial Information screen; the manager's review of
 * the signed plan shows the same figures, and an open plan asks for re-verification. The test owns
 * its data: two new cost centers, the demo manager's Complete Wizard on them, their plans; the
 * hours per FTE are put back whatever happens.
 */

const FINANCIAL_PATH = "/admin/facility-definitions/financial-information";
const footer = (page: Page) => page.locator("footer");

// biome-ignore lint/suspicious/noExplicitAny: GraphQL answers are read field by field and asserted.
type Json = Record<string, any>;

/** A GraphQL call as the page's signed-in account. */
async function gql(page: Page, query: string, variables: Record<string, unknown> = {}): Promise<Json> {
  const answer = (await page.evaluate(
    async ({ query, variables }) => {
      const response = await fetch("/graphql", {
        method: "POST",
        headers: {
          "content-type": "application/json",
          authorization: `Bearer ${sessionStorage.getItem("accessToken")}`,
        },
        body: JSON.stringify({ query, variables }),
      });
      return response.json();
    },
    { query, variables },
  )) as Json;
  expect(answer.errors, JSON.stringify(answer.errors)).toBeUndefined();
  return answer.data as Json;
}

/** Each mutation answers a success type (`Mutation…Success`) or a DomainError; the test wants success. */
async function mutate(page: Page, field: string, query: string, variables: Record<string, unknown>) {
  const data = await gql(page, query, variables);
  expect(data[field].__typename, JSON.stringify(data[field])).toMatch(/^Mutation.*Success$/);
  return data[field].data as Json;
}

async function setHoursPerFte(admin: Page, hours: number) {
  const { facilitySettings } = await gql(
    admin,
    `{ facilitySettings { budgetSettings { prnStaffValue fiscalYearMonthsBegin fiscalYearDaysBegin
      budgetSeasonBeginMonth budgetSeasonBeginDay budgetSeasonEndMonth budgetSeasonEndDay nextPayPeriodBegin nextPayPeriodEnd } } }`,
  );
  await mutate(
    admin,
    "updateFinancialInformation",
    `mutation ($input: FinancialInformationInput!) { updateFinancialInformation(input: $input) {
      __typename ... on MutationUpdateFinancialInformationSuccess { data { annualHoursPerFte } } } }`,
    { input: { ...facilitySettings.budgetSettings, annualHoursPerFte: hours } },
  );
}

const RN = {
  name: "Registered Nurse",
  jobId: demoId("job", 1),
  isExempt: false,
  shifts: [{ shift: "Days", startTime: "0700", durationHours: 12.5, staffPerShift: 1 }],
};
const SECRETARY = {
  name: "Unit Secretary",
  jobId: demoId("job", 6),
  isExempt: false,
  shifts: [{ shift: "Days", startTime: "0800", durationHours: 8, staffPerShift: 1 }],
};
const UNIT = { census: 2, careTeamTarget: 6, nonProductiveGoalPercentage: 10, targetOvertimePercentage: 0 };
const PLAN = "__typename ... on Mutation{name}Success { data { plan { id } } }";

/** Begins a plan with the unit definition and roles, and completes the steps named. */
async function buildPlan(manager: Page, costCenterId: string, steps: string[]) {
  const started = await mutate(
    manager,
    "startStaffingPlan",
    `mutation ($id: ID!) { startStaffingPlan(costCenterId: $id) { ${PLAN.replace("{name}", "StartStaffingPlan")} } }`,
    { id: costCenterId },
  );
  const planId = started.plan.id as string;
  await mutate(
    manager,
    "saveUnitDefinition",
    `mutation ($planId: ID!, $input: UnitDefinitionInput!) { saveUnitDefinition(planId: $planId, input: $input) {
      ${PLAN.replace("{name}", "SaveUnitDefinition")} } }`,
    { planId, input: UNIT },
  );
  for (const role of [RN, SECRETARY]) {
    await mutate(
      manager,
      "createUnitRole",
      `mutation ($planId: ID!, $input: UnitRoleInput!) { createUnitRole(planId: $planId, input: $input) {
        ${PLAN.replace("{name}", "CreateUnitRole")} } }`,
      { planId, input: role },
    );
  }
  for (const step of steps) {
    if (step === "FinalizePositionControl") {
      await mutate(
        manager,
        "calculateOpenPositions",
        `mutation ($planId: ID!) { calculateOpenPositions(planId: $planId) { ${PLAN.replace("{name}", "CalculateOpenPositions")} } }`,
        { planId },
      );
    }
    await mutate(
      manager,
      "completeWizardStep",
      `mutation ($planId: ID!, $step: WizardStep!) { completeWizardStep(planId: $planId, step: $step) {
        ${PLAN.replace("{name}", "CompleteWizardStep")} } }`,
      { planId, step },
    );
  }
  return planId;
}

async function openStep(manager: Page, costCenterId: string, path: string, heading: string) {
  await manager.evaluate((id) => sessionStorage.setItem("costCenterId", id), costCenterId);
  await manager.goto(path);
  await expect(manager.getByRole("heading", { level: 1, name: heading })).toBeVisible();
}

test("a signed plan keeps its figures when the hours per FTE change; an open plan asks for re-verification", async ({
  browser,
}) => {
  const admin = await browser.newPage();
  const manager = await browser.newPage();
  await signIn(admin, "admin");
  await signIn(manager, "user");
  const UPDATE_ACCESS = `mutation ($id: ID!, $input: UpdateUserAccessInput!) { updateUserAccess(id: $id, input: $input) {
    __typename ... on MutationUpdateUserAccessSuccess { data { id } } ... on DomainError { message } } }`;
  let restoreAccess: Json | null = null;
  try {
    // Two new cost centers, the demo manager holding Complete Wizard on both.
    const stamp = String(Date.now()).slice(-8);
    const created: string[] = [];
    for (const [index, name] of ["Signed Plan Unit", "Open Plan Unit"].entries()) {
      const costCenter = await mutate(
        admin,
        "createCostCenter",
        `mutation ($input: CostCenterInput!) { createCostCenter(input: $input) {
          __typename ... on MutationCreateCostCenterSuccess { data { id } } ... on DomainError { message } } }`,
        { input: { code: `9${index}${stamp}`, name: `${name} ${stamp}` } },
      );
      created.push(costCenter.id as string);
    }
    const [signedCc, openCc] = created as [string, string];
    const { user } = await gql(
      admin,
      `query ($id: ID!) { user(id: $id) { notes costCenterPermissions { costCenterId completeWizard manageStaff readOnly executive fte } } }`,
      { id: DEMO_USER_IDS.user },
    );
    const kept = (user.costCenterPermissions as Json[])
      .filter((p) => !p.executive)
      .map(({ costCenterId, completeWizard, manageStaff, readOnly, fte }) => ({
        costCenterId,
        completeWizard,
        manageStaff,
        readOnly,
        fte,
      }));
    restoreAccess = { costCenterPermissions: kept, executive: false, notes: user.notes };
    const added = created.map((costCenterId) => ({
      costCenterId,
      completeWizard: true,
      manageStaff: false,
      readOnly: false,
      fte: 0, // the manager's FTE stays where it is: the permissions' FTEs must still add up to it
    }));
    await mutate(admin, "updateUserAccess", UPDATE_ACCESS, {
      id: DEMO_USER_IDS.user,
      input: { costCenterPermissions: [...kept, ...added], executive: false, notes: user.notes },
    });

    const signedPlan = await buildPlan(manager, signedCc, [
      "UnitDefinition",
      "DefineRoles",
      "CreateCareSchedules",
      "AssignStaff",
      "FinalizePositionControl",
    ]);
    await mutate(
      manager,
      "attestStaffingPlan",
      `mutation ($planId: ID!) { attestStaffingPlan(planId: $planId) { ${PLAN.replace("{name}", "AttestStaffingPlan")} } }`,
      { planId: signedPlan },
    );
    await buildPlan(manager, openCc, ["UnitDefinition"]);

    // The signed plan as the manager reads it: RN 12.5 h on the clock, 12 paid; secretary 8 h, 7.5 paid.
    await openStep(manager, signedCc, "/user/wizard/review", "REVIEW AND ATTEST");
    await expect(manager.getByTestId("locked-banner")).toContainText("Attested by Jordan Patel");
    const expectSignedFigures = async () => {
      await expect(manager.getByTestId("fig-planned")).toHaveText("19.5"); // 12 + 7.5 paid hours
      await expect(manager.getByTestId("fig-hppd")).toHaveText("6.00"); // 12 direct-care hours ÷ census 2
      await expect(manager.getByTestId("fig-productive")).toHaveText("3.42"); // 19.5 × 365 ÷ 2080
      await expect(manager.getByTestId("fig-paid")).toHaveText("3.80"); // 3.4219 ÷ 0.9
      await expect(manager.getByTestId("fig-census-need")).toHaveText("2.11"); // 2 × 6 × 365 ÷ 2080
      await expect(manager.getByTestId("total-totalGap")).toHaveText("0.00");
    };
    await expectSignedFigures();
    await manager.screenshot({ path: "test-results/screens/signed-plan-review.png", fullPage: true });

    // The administrator changes the hours per FTE as a person would.
    await admin.goto(FINANCIAL_PATH);
    const hours = admin.getByLabel(/^Annual hours per FTE\s*\*?$/);
    await expect(hours).toHaveValue("2080");
    await hours.fill("1950");
    await footer(admin).getByRole("button", { name: "SAVE AND CONTINUE" }).click();
    await expect(admin).toHaveURL(/\/admin\/landing$/);

    // The signed plan shows what was signed.
    await manager.reload();
    await expect(manager.getByRole("heading", { level: 1, name: "REVIEW AND ATTEST" })).toBeVisible();
    await expectSignedFigures();
    await expect(manager.getByTestId("fig-census-need")).toContainText("2.11");

    // The open plan is figured on today's setting and asks for re-verification.
    await openStep(manager, openCc, "/user/wizard/unitdef", "UNIT DEFINITION");
    await expect(footer(manager)).toContainText(WIZARD_NOTICES.settingsChanged);
    await expect(manager.getByTestId("settings-changed-banner")).toBeVisible();
    await expect(manager.getByTestId("budget-season-banner")).toHaveCount(0);
    await expect(manager.getByTestId("fig-paid")).toHaveText("4.06"); // 19.5 × 365 ÷ 1950 = 3.65; ÷ 0.9
    await expect(manager.getByTestId(`step-UnitDefinition`).getByTestId("step-status")).toHaveText("In progress");
    await manager.screenshot({ path: "test-results/screens/open-plan-reverification.png", fullPage: true });
  } finally {
    // Put back what other tests rely on: the seed's hours per FTE and the manager's own cost centers.
    await setHoursPerFte(admin, 2080);
    if (restoreAccess)
      await mutate(admin, "updateUserAccess", UPDATE_ACCESS, { id: DEMO_USER_IDS.user, input: restoreAccess });
    await admin.close();
    await manager.close();
  }
});
