import { expectNoSeriousAxeFindings } from "./support/accessibility";
import { sortByGapLargestFirst } from "./support/dashboards";
import { asExecutiveOf, buildPlanAsManager, expect, RN_DAYS, SMALL_UNIT, test, uniqueWord } from "./support/ownData";
import { signInAndExpectHeading } from "./support/signIn";
import { exportXlsx } from "./support/workbooks";

/**
 * The facility dashboard (issue #13) as the demo executive sees it: a cost center of the test's own
 * with a plan whose figures are worked by hand, found by filter, sorted, drilled into, exported.
 * The executive's cost centers are put back in teardown.
 */

test("an executive reads the facility dashboard: figures, filter, sort, drill-down, export", async ({
  page,
  admin,
  ownUnits,
}) => {
  // One RN on days, 0700 for 12.5 h (12 paid), census 2 at 6 HPPD, 10 % non-productive; nothing hired or requested.
  const unit = await ownUnits.create(`Dashboard Unit ${uniqueWord()}`);
  await buildPlanAsManager(page, unit.id, {
    unit: SMALL_UNIT,
    roles: [RN_DAYS],
    steps: [],
  });
  await asExecutiveOf(admin, [unit.id], async (before) => {
    await signInAndExpectHeading(page, "exec", "/exec/facility-dashboard", "FACILITY DASHBOARD");
    // The gap chart draws a bar for each cost center with a gap (ours among them).
    await expect(page.getByTestId("gap-chart").locator(".recharts-bar-rectangle").first()).toBeVisible();
    await expectNoSeriousAxeFindings(page, "the facility dashboard");
    const rows = page.getByTestId("dashboard-row");
    await expect(rows).toHaveCount(before.length + 1);

    await page.getByLabel("Filter cost centers").fill(unit.code);
    await expect(rows).toHaveCount(1);
    await expect(page.getByTestId("row-count")).toHaveText(`1 of ${before.length + 1} cost centers`);
    const row = rows.first();
    await expect(row.getByRole("cell")).toHaveText([
      unit.code,
      unit.name,
      "In progress",
      "2.34", // 12 paid h × 365 ÷ 2080 = 2.1058 productive ÷ (1 − 10 %) = 2.3397 paid
      "0.00",
      "0.00",
      "2.34", // nothing hired or requested: the whole paid need is the gap
      "6.00", // 12 direct-care hours ÷ census 2
    ]);

    await page.getByLabel("Filter cost centers").fill("");
    await page.getByLabel("Plan status").selectOption({ label: "In progress" });
    await expect(rows.filter({ hasText: unit.code })).toHaveCount(1);
    await page.getByLabel("Plan status").selectOption({ label: "Every status" });

    // Sort by gap, largest first: ours (2.34) comes before every demo unit without a plan (0.00).
    await sortByGapLargestFirst(page, rows);

    await rows.filter({ hasText: unit.code }).getByRole("button", { name: unit.code }).click();
    const drawer = page.getByRole("dialog");
    await expect(drawer.getByRole("heading", { name: `${unit.code} ${unit.name}` })).toBeVisible();
    await expect(drawer.getByTestId("drawer-figures")).toContainText("Census-driven FTE2.11"); // 2 × 6 × 365 ÷ 2080
    await page.screenshot({ path: "test-results/screens/facility-dashboard-drawer.png", animations: "disabled" });
    await expectNoSeriousAxeFindings(page, "the cost center drawer");
    await expect(drawer.getByRole("link", { name: "Open the individual dashboard" })).toHaveAttribute(
      "href",
      `/exec/individual-dashboard?costCenter=${unit.id}`,
    );
    await drawer.getByRole("button", { name: "Close" }).click();
    await expect(drawer).toBeHidden();
    await page.screenshot({ path: "test-results/screens/facility-dashboard.png", fullPage: true });

    // The export holds the same rows as the screen, then the totals.
    const { book } = await exportXlsx(page);
    const sheet = book.worksheets[0];
    expect(sheet?.getRow(1).getCell(1).value).toBe("Cost center");
    expect(sheet?.rowCount).toBe(1 + before.length + 1 + 1); // header, rows, total
    const ours = sheet?.getRows(2, sheet.rowCount - 1)?.find((r) => r.getCell(1).value === unit.code);
    expect(ours?.getCell(5).value).toBe(2.34);
  });
});

test("a user account has no facility dashboard: the route shows not found", async ({ page }) => {
  await signInAndExpectHeading(page, "user", "/exec/facility-dashboard", "Page not found");
});
