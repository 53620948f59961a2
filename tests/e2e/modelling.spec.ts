import type { Locator, Page } from "@playwright/test";
import { MODELLING_MESSAGES } from "../../schema/staffing";
import { expectNoSeriousAxeFindings } from "./support/accessibility";
import { screen } from "./support/graphqlRoute";
import {
  buildPlanAsManager,
  changePermission,
  expect,
  gql,
  JOB_IDS,
  type Json,
  mutate,
  type OwnUnit,
  test,
  uniqueWord,
} from "./support/ownData";
import { signIn, signInAndExpectHeading } from "./support/signIn";

/**
 * Modelling (issue #14) as the demo manager, on a cost center of the test's own with the plan of
 * schema/staffing/modelling.test.ts: census 10 at 8 HPPD, 10 % non-productive; RN on three 8-hour
 * shifts without a break (4 on Days, 3 on Evenings, 3 on Nights) and a Fixed manager at 1.0 FTE; one
 * regular RN on Days at 1.0 FTE; the facility's hours per FTE 2080 and average rate $50 an hour
 * (put back in teardown).
 */

const RN = {
  name: "RN",
  jobId: JOB_IDS.registeredNurse,
  isExempt: false,
  unpaidBreakMinutes: 0,
  shifts: [
    { shift: "Days" as const, startTime: "0700", durationHours: 8, staffPerShift: 4 },
    { shift: "Evenings" as const, startTime: "1500", durationHours: 8, staffPerShift: 3 },
    { shift: "Nights" as const, startTime: "2300", durationHours: 8, staffPerShift: 3 },
  ],
};
const NM = { name: "Nurse Manager", jobId: JOB_IDS.nurseManager, isExempt: true, fte: 1 };
const UNIT = { census: 10, careTeamTarget: 8, nonProductiveGoalPercentage: 10, targetOvertimePercentage: 0 };

async function handWorkedPlan(
  page: Page,
  admin: Page,
  unit: OwnUnit,
  facility: Json,
  /** The wizard steps completed (none unless told). */
  steps: Parameters<typeof buildPlanAsManager>[2]["steps"] = [],
) {
  const settings = facility.facilitySettings as Json;
  await mutate(
    admin,
    "updateFinancialInformation",
    `mutation ($input: FinancialInformationInput!) { updateFinancialInformation(input: $input) {
      __typename ... on MutationUpdateFinancialInformationSuccess { data { id } } ... on DomainError { message } } }`,
    { input: { ...settings.budgetSettings, annualHoursPerFte: 2080, averageHourlyRate: 50 } },
  );
  const maya = await unit.addStaff({ firstName: "Maya", fte: 1 });
  await buildPlanAsManager(page, unit.id, {
    unit: UNIT,
    roles: [RN, NM],
    assignments: [{ staffId: maya.staffId, role: "RN", shift: "Days", fte: 1 }],
    steps,
  });
}

/** A number field (its input, not its step buttons, which carry the label too). */
const number = (scope: Page | Locator, label: string) => scope.getByRole("spinbutton", { name: label, exact: true });
const figure = (page: Page, label: string) => page.getByTestId("model-figure").filter({ hasText: label });
/** A table row's cells (its header cell too), as read. */
const cellTexts = async (row: Locator) => (await row.locator("td, th").allInnerTexts()).map((text) => text.trim());
const cells = (page: Page, label: string) => cellTexts(figure(page, label));
/** A figure's row of the comparison: its label, the saved plan's (or compared scenario's), the model's, the change. */
type FigureRow = readonly [label: string, saved: string, model: string, change: string];
/** Each figure's row reads as stated, in the order given. */
async function expectFigures(page: Page, rows: readonly FigureRow[]): Promise<void> {
  for (const row of rows) expect(await cells(page, row[0]), row[0]).toEqual(row);
}

/** Signs in as the demo manager and opens modelling on the cost center, which shows the saved plan. */
async function openModelling(page: Page, unit: OwnUnit): Promise<void> {
  await signInAndExpectHeading(page, "user", "/user/modelling", "MODELLING");
  await page.getByLabel("Cost center").selectOption({ label: unit.label });
  await expect(page.getByTestId("model-state")).toHaveText("Same as the saved plan");
}

/** Types values into the model's number fields, by label: the model then differs from the saved plan. */
async function changeModel(page: Page, values: Record<string, string>): Promise<void> {
  for (const [label, value] of Object.entries(values)) await number(page, label).fill(value);
  await expect(page.getByTestId("model-state")).toHaveText("Unsaved changes");
}

/** Carries the model into the wizard after the confirmation, which opens the wizard's first step. */
async function carryIntoWizard(page: Page): Promise<void> {
  await page.getByRole("button", { name: "Carry into wizard" }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "CARRY INTO WIZARD" }).click();
  await expect(page).toHaveURL(/\/user\/wizard\/unitdef$/);
}

test("a manager changes census and staff, and sees the saved plan and the model side by side, worked by hand", async ({
  page,
  admin,
  ownUnits,
  facilitySettings,
}) => {
  const unit = await ownUnits.create(`Model Unit ${uniqueWord()}`, { manageStaff: true });
  await handWorkedPlan(page, admin, unit, facilitySettings);
  await openModelling(page, unit);

  await expectFigures(page, [
    // Before any change the model is the saved plan: 80 h needed and scheduled, HPPD 8.00,
    // paid FTE 14.0385 ÷ 0.9 + 1 = 16.60, 34,524 paid hours, $1,726,222.
    ["Paid FTE", "16.60", "16.60", "No change"],
    ["Cost a year", "$1,726,222", "$1,726,222", "No change"],
  ]);

  await changeModel(page, { "Average daily census": "12", "RN Days staff per shift": "5" });
  await expectFigures(page, [
    // 12 × 8 = 96 h needed; 5×8 + 3×8 + 3×8 = 88 h scheduled; 88 ÷ 12 = 7.33 HPPD.
    ["Care hours needed a day", "80.0", "96.0", "+16.0"],
    ["Care hours scheduled a day", "80.0", "88.0", "+8.0"],
    ["HPPD delivered", "8.00", "7.33", "−0.67"],
    // Census-driven need 10 × 8 × 365 ÷ 2080 = 14.04 → 12 × 8 × 365 ÷ 2080 = 16.85.
    ["Census-driven need (FTE)", "14.04", "16.85", "+2.81"],
    // RN 88 × 365 ÷ 2080 ÷ 0.9 = 17.16 + the manager's 1.00 = 18.16.
    ["Paid FTE", "16.60", "18.16", "+1.56"],
    ["Hired FTE", "1.00", "1.00", "No change"],
    // Gap: RN 5.24 + 4.68 + 4.68 = 14.60 (+ manager 1.00 = 15.60) → 6.80 + 4.68 + 4.68 = 16.16 (17.16).
    ["Gap FTE", "15.60", "17.16", "+1.56"],
    // 88 × 365 ÷ 0.9 + 2080 = 37,769 paid hours; × $50 = $1,888,444.
    ["Paid hours a year", "34,524", "37,769", "+3,245"],
    ["Cost a year", "$1,726,222", "$1,888,444", "+$162,222"],
  ]);
  const rn = page.getByTestId("model-role").filter({ hasText: "RN" });
  expect(await cellTexts(rn)).toEqual(["RN", "15.60", "17.16", "1.00", "14.60", "16.16", "+1.56"]);
  await expect(page.getByTestId("model-distribution")).toBeVisible();
  await screen(page, "modelling-compared");
  await expectNoSeriousAxeFindings(page, "modelling with a changed model");

  // The same inputs through POST /api/staffing/model give the same figures as the screen.
  const answer = await restModel(page, unit.id);
  expect(answer.summary.totalPaidFte.toFixed(2)).toBe("18.16");
  expect(answer.summary.careTeamHours.toFixed(2)).toBe("7.33");
  expect(answer.totals.totalGap.toFixed(2)).toBe("17.16");
  expect(Math.round(answer.annualCost)).toBe(1888444);
});

test("HPPD, non-productive %, overtime % and shift length change the model, worked by hand; carried into the wizard, the plan is to be verified again", async ({
  page,
  admin,
  ownUnits,
  facilitySettings,
}) => {
  const unit = await ownUnits.create(`Model Unit ${uniqueWord()}`, { manageStaff: true });
  await handWorkedPlan(page, admin, unit, facilitySettings, ["UnitDefinition", "DefineRoles", "CreateCareSchedules"]);
  await openModelling(page, unit);

  await changeModel(page, {
    "HPPD target": "9",
    "Non-productive %": "20",
    "Overtime %": "5",
    "RN Days shift length": "12",
  });
  await expectFigures(page, [
    // Needed: 10 × 8 = 80.0 → 10 × 9 = 90.0. Scheduled (no unpaid break on RN): 4×8 + 3×8 + 3×8 = 80.0
    // → 4×12 + 3×8 + 3×8 = 48 + 24 + 24 = 96.0; HPPD 80 ÷ 10 = 8.00 → 96 ÷ 10 = 9.60.
    ["Care hours needed a day", "80.0", "90.0", "+10.0"],
    ["Care hours scheduled a day", "80.0", "96.0", "+16.0"],
    ["HPPD delivered", "8.00", "9.60", "+1.60"],
    // Census-driven: 10 × 8 × 365 ÷ 2080 = 29,200 ÷ 2080 = 14.04 → 10 × 9 × 365 ÷ 2080 = 32,850 ÷ 2080 = 15.79.
    ["Census-driven need (FTE)", "14.04", "15.79", "+1.75"],
    // Productive: RN 80 × 365 ÷ 2080 = 14.0385 + the Fixed manager's 1.0 × (1 − 10 %) = 0.9 → 14.94;
    // RN 96 × 365 ÷ 2080 = 35,040 ÷ 2080 = 16.8462 + 1.0 × (1 − 20 %) = 0.8 → 17.6462 = 17.65; 17.65 − 14.94 = 2.71.
    ["Productive FTE", "14.94", "17.65", "+2.71"],
    // Paid: 14.0385 ÷ 0.9 + 1 = 16.60 → 16.8462 ÷ 0.8 + 1 = 21.0577 + 1 = 22.06; 22.06 − 16.60 = 5.46.
    ["Paid FTE", "16.60", "22.06", "+5.46"],
    // Overtime counts the non-exempt productive FTE only: 14.0385 × 0 % = 0.00 → 16.8462 × 5 % = 0.8423 = 0.84.
    ["Overtime FTE", "0.00", "0.84", "+0.84"],
    // Gap per position, each rounded: Days 4×12 = 48 h × 365 ÷ 2080 ÷ 0.8 = 10.5288 − 1.00 held = 9.53,
    // Evenings and Nights 24 × 365 ÷ 2080 ÷ 0.8 = 5.2644 = 5.26 each, the manager 1.00:
    // 9.53 + 5.26 + 5.26 + 1.00 = 21.05 (the plan: 5.24 + 4.68 + 4.68 + 1.00 = 15.60).
    ["Gap FTE", "15.60", "21.05", "+5.45"],
    // Paid hours: 22.0577 × 2080 = 35,040 ÷ 0.8 + 2080 = 43,800 + 2080 = 45,880; × $50 = $2,294,000.
    // The plan: 16.5983 × 2080 = 34,524.4 → $1,726,222. Changes: 45,880 − 34,524 = 11,356; 2,294,000 − 1,726,222 = 567,778.
    ["Paid hours a year", "34,524", "45,880", "+11,356"],
    ["Cost a year", "$1,726,222", "$2,294,000", "+$567,778"],
  ]);

  // Kept as a scenario and carried into the wizard: the completed steps are to be verified again.
  await page.getByLabel("Scenario name").fill("Long days");
  await page.locator("footer").getByRole("button", { name: "SAVE SCENARIO" }).click();
  await expect(page.getByTestId("model-state")).toHaveText("Saved");
  await carryIntoWizard(page);
  await expect(page.getByText(MODELLING_MESSAGES.carried)).toBeVisible();
  for (const step of ["UnitDefinition", "DefineRoles", "CreateCareSchedules"]) {
    await expect(page.getByTestId(`step-${step}`).getByTestId("step-status")).toHaveText("In progress");
  }
  // The wizard's unit definition is the scenario's: HPPD 9.
  await expect(page.getByRole("textbox", { name: "Care team hours per patient day (HPPD)" })).toHaveValue("9");
});

/** The screen's model, sent as an integration would: the plan's roles with census 12 and five on Days. */
async function restModel(page: Page, costCenterId: string): Promise<Json> {
  const { modelling } = await gql(
    page,
    `query ($id: ID!) { modelling(costCenterId: $id) { plan { inputs { roles {
      unitRoleId jobId name isExempt fte replacement unpaidBreakMinutes
      shifts { shift startTime durationHours staffPerShift } } } } } }`,
    { id: costCenterId },
  );
  const roles = (modelling.plan.inputs.roles as Json[]).map((role) => ({
    ...role,
    shifts: (role.shifts as Json[]).map((s) => (s.shift === "Days" ? { ...s, staffPerShift: 5 } : s)),
  }));
  const body = {
    unitId: costCenterId,
    census: 12,
    careTeamTarget: 8,
    nonProductiveGoalPercentage: 10,
    targetOvertimePercentage: 0,
    roles,
  };
  return page.evaluate(async (payload) => {
    const response = await fetch("/api/staffing/model", {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${sessionStorage.getItem("accessToken")}` },
      body: JSON.stringify(payload),
    });
    return response.json();
  }, body);
}

test("scenarios: kept by name, refused twice, compared, deleted; a new role; carried into the wizard", async ({
  page,
  admin,
  ownUnits,
  facilitySettings,
}) => {
  const unit = await ownUnits.create(`Model Unit ${uniqueWord()}`, { manageStaff: true });
  await handWorkedPlan(page, admin, unit, facilitySettings);
  await openModelling(page, unit);
  const save = page.locator("footer").getByRole("button", { name: "SAVE SCENARIO" });
  await expect(save).toBeDisabled();

  // A first scenario: census 12.
  await number(page, "Average daily census").fill("12");
  await page.getByLabel("Scenario name").fill("Winter census");
  await save.click();
  await expect(page.getByTestId("model-state")).toHaveText("Saved");
  await expect(page.getByLabel("Scenario", { exact: true })).toHaveValue(/.+/);

  // A second one under the same name is refused in words; under its own name it is kept.
  await page.getByLabel("Scenario", { exact: true }).selectOption({ label: "New scenario (from the saved plan)" });
  await number(page, "RN Nights staff per shift").fill("4");
  await page.getByLabel("Scenario name").fill("winter census");
  await save.click();
  await expect(page.getByText(MODELLING_MESSAGES.scenarioNameTaken)).toBeVisible();
  await page.getByLabel("Scenario name").fill("Night cover");

  // A new role: an aide on days, 1 × 8 h less the default 30-minute break = 7.5 paid hours:
  // 7.5 × 365 ÷ 2080 ÷ 0.9 = 1.46 paid FTE, all of it a gap.
  await page.getByRole("button", { name: "Add role" }).click();
  const dialog = page.getByTestId("add-model-role-dialog");
  await expect(dialog).toBeVisible();
  await expectNoSeriousAxeFindings(page, "the add-role dialog");
  await dialog.getByLabel("Role name").fill("Aide");
  await number(dialog, "Shift length (hours)").fill("8");
  await dialog.getByRole("button", { name: "ADD ROLE" }).click();
  await expect(dialog).toBeHidden();
  const aide = page.getByTestId("model-role").filter({ hasText: "Aide" });
  await expect(aide).toContainText("New");
  expect((await aide.locator("td").allInnerTexts()).map((t) => t.trim())).toEqual([
    "—",
    "1.46",
    "0.00",
    "—",
    "1.46",
    "+1.46",
  ]);
  await save.click();
  await expect(page.getByTestId("model-state")).toHaveText("Saved");

  // Compared with the first scenario rather than the plan: census 12 against 10, Nights 4 against 3.
  await page.getByLabel("Compare with").selectOption({ label: "Winter census" });
  await expectFigures(page, [
    // Needed care 96.0 (census 12) against 80.0 (census 10) on the model's side.
    ["Care hours needed a day", "96.0", "80.0", "−16.0"],
  ]);

  // Carried into the wizard after a confirmation: the plan takes the scenario, steps go back.
  await carryIntoWizard(page);
  const { wizard } = await gql(page, `query ($id: ID!) { wizard(costCenterId: $id) { plan { roles { name } } } }`, {
    id: unit.id,
  });
  expect((wizard.plan.roles as Json[]).map((r) => r.name)).toEqual(["RN", "Nurse Manager", "Aide"]);

  // Deleting asks first, and the scenario is gone.
  await page.goto("/user/modelling");
  await page.getByLabel("Scenario", { exact: true }).selectOption({ label: "Winter census" });
  await page.getByRole("button", { name: "Delete scenario" }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "DELETE" }).click();
  await expect(
    page.getByLabel("Scenario", { exact: true }).locator("option", { hasText: "Winter census" }),
  ).toHaveCount(0);
});

test("a Read Only holder models but keeps nothing; a cost center without a plan says how to begin", async ({
  page,
  admin,
  ownUnits,
}) => {
  const planned = await ownUnits.create(`Model Unit ${uniqueWord()}`);
  await buildPlanAsManager(page, planned.id, {
    unit: UNIT,
    roles: [RN],
    steps: [],
  });
  const empty = await ownUnits.create(`Model Unit ${uniqueWord()}`);
  await changePermission(admin, planned.id, { completeWizard: false, manageStaff: false, readOnly: true });
  await signIn(page, "user", "/user/modelling");
  await page.getByLabel("Cost center").selectOption({ label: planned.label });
  await expect(page.getByLabel("Scenario name")).toBeDisabled();
  await expect(page.getByText("Only the cost center's Complete Wizard holder keeps scenarios.")).toBeVisible();
  await number(page, "Average daily census").fill("12");
  await expectFigures(page, [
    // 12 × 8 = 96 h needed against 80.
    ["Care hours needed a day", "80.0", "96.0", "+16.0"],
  ]);
  await expect(page.locator("footer").getByRole("button", { name: "SAVE SCENARIO" })).toBeDisabled();
  await expect(page.getByRole("button", { name: "Carry into wizard" })).toHaveCount(0);

  await page.getByLabel("Cost center").selectOption({ label: empty.label });
  await expect(page.getByText(MODELLING_MESSAGES.noPlan)).toBeVisible();
  await expectNoSeriousAxeFindings(page, "modelling without a plan");
  // A link (it opens in a new tab too) to the first step of the wizard, where a plan begins.
  await page.getByRole("link", { name: "Open the wizard" }).click();
  await expect(page).toHaveURL(/\/user\/wizard\/unitdef$/);
  await expect(page.getByRole("heading", { level: 1, name: "UNIT DEFINITION" })).toBeVisible();
});
