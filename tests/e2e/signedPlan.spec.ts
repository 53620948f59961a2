import type { Page } from "@playwright/test";
import { WIZARD_NOTICES } from "../../schema/staffing";
import { expectNoSeriousAxeFindings } from "./support/accessibility";
import {
  buildPlan,
  expect,
  mutate,
  openWizardStep,
  RN_DAYS,
  SECRETARY_DAYS,
  SMALL_UNIT,
  test,
} from "./support/ownData";
import { signIn } from "./support/signIn";

/**
 * A signed plan shows what was signed (DESIGN.md §3): after attestation, the administrator changes
 * the facility's hours per FTE on the Basic Financial Information screen; the manager's review of
 * the signed plan shows the same figures, and an open plan asks for re-verification. The test owns
 * its data: two new cost centers, the demo manager's Complete Wizard on them, their plans (the
 * ownUnits fixture takes the permissions away in teardown); the facilitySettings fixture puts the
 * hours per FTE back whatever happens.
 */

const FINANCIAL_PATH = "/admin/facility-definitions/financial-information";
const footer = (page: Page) => page.locator("footer");

/** The manager's plan of RN and secretary on the cost center, its first five steps completed, attested. */
async function attestedPlan(manager: Page, costCenterId: string) {
  const plan = await buildPlan(manager, costCenterId, {
    unit: SMALL_UNIT,
    roles: [RN_DAYS, SECRETARY_DAYS],
    steps: ["UnitDefinition", "DefineRoles", "CreateCareSchedules", "AssignStaff", "FinalizePositionControl"],
  });
  await mutate(
    manager,
    "attestStaffingPlan",
    `mutation ($planId: ID!) { attestStaffingPlan(planId: $planId) {
      __typename ... on MutationAttestStaffingPlanSuccess { data { plan { id } } } ... on DomainError { message } } }`,
    { planId: plan.id },
  );
}

test("a signed plan keeps its figures when the hours per FTE change; an open plan asks for re-verification", async ({
  page: manager,
  admin,
  ownUnits,
  facilitySettings,
}) => {
  expect(facilitySettings.facilitySettings.annualHoursPerFte).toBe(2080);
  // Two new cost centers, the demo manager holding Complete Wizard on both.
  const signedCc = (await ownUnits.create("Signed Plan Unit")).id;
  const openCc = (await ownUnits.create("Open Plan Unit")).id;
  await signIn(manager, "user", null);

  await attestedPlan(manager, signedCc);
  await buildPlan(manager, openCc, { unit: SMALL_UNIT, roles: [RN_DAYS, SECRETARY_DAYS], steps: ["UnitDefinition"] });

  // The signed plan as the manager reads it: RN 12.5 h on the clock, 12 paid; secretary 8 h, 7.5 paid.
  await openWizardStep(manager, signedCc, "/user/wizard/review", "REVIEW AND ATTEST");
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
  await openWizardStep(manager, openCc, "/user/wizard/unitdef", "UNIT DEFINITION");
  await expect(footer(manager)).toContainText(WIZARD_NOTICES.settingsChanged);
  await expect(manager.getByTestId("settings-changed-banner")).toBeVisible();
  await expect(manager.getByTestId("budget-season-banner")).toHaveCount(0);
  await expect(manager.getByTestId("fig-paid")).toHaveText("4.06"); // 19.5 × 365 ÷ 1950 = 3.65; ÷ 0.9
  await expect(manager.getByTestId(`step-UnitDefinition`).getByTestId("step-status")).toHaveText("In progress");
  await manager.screenshot({ path: "test-results/screens/open-plan-reverification.png", fullPage: true });
});

test.describe("in a browser on New Zealand time", () => {
  // The attestation time is the facility's (US/Eastern), whatever zone the browser is set to.
  test.use({ timezoneId: "Pacific/Auckland" });

  test("an attested plan prints with its figures and attestation, without the wizard's controls", async ({
    page: manager,
    ownUnits,
  }) => {
    const unit = await ownUnits.create("Printed Plan Unit");
    const costCenterId = unit.id;
    await signIn(manager, "user", null);
    await attestedPlan(manager, costCenterId);
    await openWizardStep(manager, costCenterId, "/user/wizard/review", "REVIEW AND ATTEST");

    // The button opens the browser's print dialog (counted here: headless Chromium has no dialog).
    await manager.evaluate(() => {
      const counted = window as unknown as { printed: number };
      counted.printed = 0;
      window.print = () => {
        counted.printed++;
      };
    });
    await manager.getByRole("button", { name: "Print attested plan" }).click();
    expect(await manager.evaluate(() => (window as unknown as { printed: number }).printed)).toBe(1);

    // On paper: the title, the cost center and budget year, the figures, the roles and who attested;
    // no step navigation, header, footer or buttons.
    await manager.emulateMedia({ media: "print" });
    await expect(manager.getByRole("heading", { level: 1, name: "REVIEW AND ATTEST" })).toBeVisible();
    await expect(manager.getByText(`Step 6 of 6 · ${unit.code} ${unit.name} · Budget year`)).toBeVisible();
    await expect(manager.getByTestId("fig-paid")).toHaveText("3.80"); // (12 + 7.5) × 365 ÷ 2080 ÷ 0.9
    await expect(manager.getByTestId("review-needs")).toContainText("Unit Secretary");
    // In the facility's time zone (US/Eastern), named, whatever zone the browser runs in.
    await expect(manager.getByTestId("attestation")).toHaveText(
      /^Attested by Jordan Patel on [A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d{2} [AP]M E[SD]T\.$/,
    );
    await expect(manager.getByRole("navigation", { name: "Wizard steps" })).toBeHidden();
    await expect(manager.getByRole("button", { name: "Print attested plan" })).toBeHidden();
    await expect(manager.locator("footer")).toBeHidden();
    await manager.screenshot({ path: "test-results/screens/attested-plan-print.png", fullPage: true });
    await expectNoSeriousAxeFindings(manager, "the attested plan in print");
  });
});
