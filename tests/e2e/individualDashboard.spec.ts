import { expectNoSeriousAxeFindings } from "./support/accessibility";
import {
  asExecutiveOf,
  buildPlanAsManager,
  expect,
  RN_DAYS,
  SECRETARY_DAYS,
  SMALL_UNIT,
  test,
  uniqueWord,
} from "./support/ownData";
import { signInAndExpectHeading } from "./support/signIn";
import { exportXlsx } from "./support/workbooks";

/**
 * The individual dashboard (issue #13) as the demo executive sees it: a cost center of the test's
 * own, chosen in the picker, with its plan beside finance's budget, its roles and open positions,
 * worked by hand. The executive's cost centers are put back in teardown.
 */

test("an executive picks a cost center and reads it in depth: budget, variance, roles, open positions", async ({
  page,
  admin,
  ownUnits,
}) => {
  // NP 10 %, finance's budget 3.5 productive and 4 paid FTE, nothing hired:
  // RN Days 0700 12.5 h (12 paid): 12 × 365 ÷ 2080 = 2.1058 productive ÷ 0.9 = 2.3397 paid;
  // Unit Secretary Days 0800 8.5 h (8 paid): 8 × 365 ÷ 2080 = 1.4038 ÷ 0.9 = 1.5598 paid.
  const unit = await ownUnits.create(`Individual Unit ${uniqueWord()}`);
  await buildPlanAsManager(page, unit.id, {
    unit: { ...SMALL_UNIT, productiveFteBudget: 3.5, totalPaidFteBudget: 4 },
    roles: [
      RN_DAYS,
      { ...SECRETARY_DAYS, shifts: [{ shift: "Days", startTime: "0800", durationHours: 8.5, staffPerShift: 1 }] },
    ],
    steps: [],
    // Open positions for all of it: RN 1, 1 and 0.34; Unit Secretary 1 and 0.56.
    openPositions: true,
  });
  await asExecutiveOf(admin, [unit.id], async () => {
    await signInAndExpectHeading(page, "exec", "/exec/individual-dashboard", "INDIVIDUAL DASHBOARD");
    await expect(page.getByText("Choose a cost center to see its figures.")).toBeVisible();
    await page.getByLabel("Cost center").selectOption({ label: `${unit.code} ${unit.name}` });
    await expect(page).toHaveURL(new RegExp(`costCenter=${unit.id}`));

    const summary = page.getByTestId("cost-center-summary");
    await expect(summary.getByText(`${unit.code} ${unit.name}`)).toBeVisible();
    await expect(summary.getByText("In progress")).toBeVisible();
    await expect(page.getByTestId("attestation")).toHaveText("Not attested yet.");

    const budget = page.getByTestId("budget-table").getByRole("row");
    await expect(budget.nth(1).getByRole("cell")).toHaveText(["Productive FTE", "3.51", "3.50", "+0.01 over budget"]);
    await expect(budget.nth(2).getByRole("cell")).toHaveText(["Paid FTE", "3.90", "4.00", "−0.10 under budget"]);
    // (12 + 8) h × 365 = 7,300 h against 3.5 × 2080 = 7,280 h; 7,300 ÷ 0.9 = 8,111 h against 8,320 h
    await expect(budget.nth(3).getByRole("cell")).toHaveText([
      "Productive hours a year",
      "7,300",
      "7,280",
      "+20 over budget",
    ]);
    await expect(budget.nth(4).getByRole("cell")).toHaveText([
      "Paid hours a year",
      "8,111",
      "8,320",
      "−209 under budget",
    ]);

    const roles = page.getByTestId("role-row");
    await expect(roles).toHaveCount(2);
    await expect(roles.nth(0).getByRole("cell").nth(2)).toHaveText("Days 0700–1930 × 1");
    // Budgeted, hired, traveller, requested, gap: the open positions request all of the need.
    await expect(roles.nth(0).getByRole("cell").nth(3)).toHaveText("2.34");
    await expect(roles.nth(0).getByRole("cell").nth(6)).toHaveText("2.34");
    await expect(roles.nth(0).getByRole("cell").nth(7)).toHaveText("0.00");
    await expect(roles.nth(1).getByRole("cell").nth(1)).toHaveText("Unit SecretaryUnit Support");
    await expect(roles.nth(1).getByRole("cell").nth(3)).toHaveText("1.56");
    await expect(page.getByTestId("open-position-row")).toHaveCount(5);
    await expect(page.getByTestId("day-chart").locator(".recharts-bar-rectangle").first()).toBeVisible();
    await page.screenshot({ path: "test-results/screens/individual-dashboard.png", fullPage: true });
    await expectNoSeriousAxeFindings(page, "the individual dashboard");

    // The export: a sheet per table, holding the screen's rows.
    const { download, book } = await exportXlsx(page);
    expect(download.suggestedFilename()).toMatch(new RegExp(`^cost-center-${unit.code}-\\d{4}\\.xlsx$`));
    expect(book.worksheets.map((s) => s.name)).toEqual([
      "Plan and budget",
      "Roles",
      "Open positions",
      "24-hour distribution",
    ]);
    const rolesSheet = book.getWorksheet("Roles");
    expect([2, 3].map((n) => [rolesSheet?.getRow(n).getCell(1).value, rolesSheet?.getRow(n).getCell(7).value])).toEqual(
      [
        ["Registered Nurse", 2.34],
        ["Unit Secretary", 1.56],
      ],
    );
    expect(book.getWorksheet("Open positions")?.rowCount).toBe(1 + 5);
    expect(book.getWorksheet("Plan and budget")?.getRow(3).values).toEqual([undefined, "Paid FTE", 3.9, 4, -0.1]);

    // The choice is in the address: a reload or a shared link opens the same cost center.
    await page.reload();
    await expect(page.getByTestId("budget-table")).toBeVisible();
    await expect(page.getByLabel("Cost center")).toHaveValue(unit.id);
  });
});

test("a user account has no individual dashboard: the route shows not found", async ({ page }) => {
  await signInAndExpectHeading(page, "user", "/exec/individual-dashboard", "Page not found");
});
