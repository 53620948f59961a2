import { expectNoSeriousAxeFindings } from "./support/accessibility";
import { sortByGapLargestFirst } from "./support/dashboards";
import { buildPlanAsManager, expect, RN_DAYS, SMALL_UNIT, test, uniqueWord } from "./support/ownData";
import { signInAndExpectHeading } from "./support/signIn";
import { exportXlsx } from "./support/workbooks";

/**
 * The user dashboard (issue #13) as the demo manager sees it: a cost center of the test's own whose
 * plan has its unit definition and one role, with what to do next, the gap as a notice, the button
 * to the next step, sorting and the export.
 */
test("a manager reads the dashboard: what to do next, the gap, the next step's button, sort, export", async ({
  page,
  ownUnits,
}) => {
  const unit = await ownUnits.create(`Dashboard Unit ${uniqueWord()}`);
  // RN Days 0700 12.5 h (12 paid), NP 10 %: 12 × 365 ÷ 2080 = 2.1058 ÷ 0.9 = 2.3397 paid, shown
  // 2.34; nobody hired or requested, so all of it is gap.
  await buildPlanAsManager(page, unit.id, {
    unit: SMALL_UNIT,
    roles: [RN_DAYS],
    steps: ["UnitDefinition"],
  });

  await signInAndExpectHeading(page, "user", "/user/dashboard", "DASHBOARD");
  const card = page.getByTestId("next-step-card").filter({ hasText: `${unit.code} ${unit.name}` });
  await expect(card.getByText("In progress", { exact: true })).toBeVisible();
  await expect(card.getByTestId("next-step-todo")).toHaveText("Continue the plan with step 2 of 6, Define roles.");
  await expect(card.getByTestId("next-step-notices")).toContainText(
    "2.34 FTE of the need is neither filled nor requested.",
  );
  const row = page.getByTestId("user-dashboard-row").filter({ hasText: `${unit.code} ${unit.name}` });
  await expect(row.getByRole("cell")).toHaveText([
    `${unit.code} ${unit.name}`,
    "In progress",
    "5",
    "2.34",
    "0.00",
    "0.00",
    "2.34",
  ]);
  await page.screenshot({ path: "test-results/screens/user-dashboard.png", fullPage: true });
  await expectNoSeriousAxeFindings(page, "the user dashboard");

  // Sorted by gap, largest first.
  await sortByGapLargestFirst(page, page.getByTestId("user-dashboard-row"));

  // The export holds the row with what to do next.
  const { download, book } = await exportXlsx(page);
  expect(download.suggestedFilename()).toMatch(/^dashboard-\d{4}\.xlsx$/);
  const sheet = book.worksheets[0];
  const ours = sheet?.getRows(2, (sheet?.rowCount ?? 1) - 1)?.find((r) => r.getCell(1).value === unit.code);
  expect([ours?.getCell(4).value, ours?.getCell(14).value]).toEqual([
    "Continue the plan with step 2 of 6, Define roles.",
    2.34,
  ]);

  // The card's button opens the next step of this cost center.
  await card.getByRole("button", { name: `Open define roles for ${unit.code}` }).click();
  await expect(page).toHaveURL(/\/user\/wizard\/defineRoles$/);
  await expect(page.getByRole("heading", { level: 1, name: "DEFINE ROLES" })).toBeVisible();
  await expect(page.getByText(`${unit.code} ${unit.name}`).first()).toBeVisible();
});

test("executives and administrators have no user dashboard: the route shows not found", async ({ page }) => {
  await signInAndExpectHeading(page, "exec", "/user/dashboard", "Page not found");
});
