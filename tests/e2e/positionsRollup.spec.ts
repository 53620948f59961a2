import { expectNoSeriousAxeFindings } from "./support/accessibility";
import { sortByGapLargestFirst } from "./support/dashboards";
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
 * The positions rollup (issue #13) as the demo executive sees it: a cost center of the test's own
 * with two roles whose figures are worked by hand, found by filter, opened onto its jobs, sorted,
 * regrouped, exported. The executive's cost centers are put back in teardown.
 */

/**
 * A row's cells where nothing is hired or requested: the name, the budgeted FTE, no hired, PRN,
 * traveller or requested FTE, all of the budget as the gap, no over-hire.
 */
const allGap = (name: string, fte: string) => [name, fte, "0.00", "0.00", "0.00", "0.00", fte, "0.00"];

test("an executive reads the positions rollup: regroup, filter, open a row, sort, export", async ({
  page,
  admin,
  ownUnits,
}) => {
  // NP 10 %, nothing hired or requested:
  // RN Days 0700 12.5 h (12 paid): 12 × 365 ÷ 2080 = 2.1058 ÷ 0.9 = 2.3397 paid, shown 2.34;
  // Unit Secretary Days 0800 8 h (7.5 paid): 7.5 × 365 ÷ 2080 = 1.3161 ÷ 0.9 = 1.4623, shown 1.46.
  const unit = await ownUnits.create(`Rollup Unit ${uniqueWord()}`);
  await buildPlanAsManager(page, unit.id, {
    unit: SMALL_UNIT,
    roles: [RN_DAYS, SECRETARY_DAYS],
    steps: [],
  });
  await asExecutiveOf(admin, [unit.id], async () => {
    await signInAndExpectHeading(page, "exec", "/exec/positions-rollup", "POSITIONS ROLLUP");
    const rows = page.getByTestId("rollup-row");
    await expect(rows.first()).toBeVisible();
    await expect(page.getByRole("columnheader", { name: /^Job category/ })).toBeVisible();
    await expect(page.getByTestId("mix-chart").locator(".recharts-bar-rectangle").first()).toBeVisible();
    // The totals are the facility dashboard's, and the page says why rows may differ from them by cents.
    await expect(page.getByTestId("rollup-totals").getByRole("cell").first()).toHaveText("Total");
    await expect(page.getByTestId("rollup-rounding-note")).toHaveText(
      "Totals add up each cost center's figures as the facility dashboard shows them. Rows are rounded on their own, so they may add up to a few hundredths more or less.",
    );

    // Rows by cost center: ours, 2.34 + 1.46 = 3.80 budgeted, all of it gap.
    await page.getByText("Cost center", { exact: true }).click();
    await expect(page.getByRole("columnheader", { name: /^Cost center/ })).toBeVisible();
    await page.getByLabel("Filter by cost center").fill(unit.code);
    await expect(rows).toHaveCount(1);
    const label = `${unit.code} ${unit.name}`;
    await expect(rows.first().getByRole("cell")).toHaveText(allGap(label, "3.80"));
    const opener = rows.first().getByRole("button", { name: `Open ${label}: 2 jobs` });
    await opener.press("Enter");
    const parts = page.getByTestId("rollup-breakdown-row");
    await expect(parts).toHaveCount(2);
    await expect(parts.nth(0).getByRole("cell")).toHaveText(allGap("Registered Nurse", "2.34"));
    await expect(parts.nth(1).getByRole("cell")).toHaveText(allGap("Unit Secretary", "1.46"));
    await expect(rows.first().getByRole("button", { name: `Close ${label}: 2 jobs` })).toHaveAttribute(
      "aria-expanded",
      "true",
    );
    await page.screenshot({ path: "test-results/screens/positions-rollup.png", fullPage: true });
    await expectNoSeriousAxeFindings(page, "the positions rollup");

    // Sort by gap, largest first.
    await page.getByLabel("Filter by cost center").fill("");
    await sortByGapLargestFirst(page, rows);

    // The export holds the screen's rows by cost center: ours, then its jobs.
    const { download, book } = await exportXlsx(page);
    expect(download.suggestedFilename()).toBe("positions-rollup-cost-center.xlsx");
    const sheet = book.worksheets[0];
    expect(sheet?.getRow(1).getCell(1).value).toBe("Cost center");
    const ours = sheet?.getRows(2, (sheet?.rowCount ?? 1) - 1)?.filter((r) => r.getCell(1).value === label) ?? [];
    expect(ours.map((r) => [r.getCell(2).value, r.getCell(3).value, r.getCell(8).value])).toEqual([
      ["All jobs", 3.8, 3.8],
      ["Registered Nurse", 2.34, 2.34],
      ["Unit Secretary", 1.46, 1.46],
    ]);
    expect(sheet?.getRow(sheet.rowCount).getCell(1).value).toBe("Total");

    // Rows by job: Unit Secretary opens onto its cost centers, ours among them.
    await page.getByText("Job", { exact: true }).click();
    await page.getByLabel("Filter by job").fill("Unit Secretary");
    await expect(rows).toHaveCount(1);
    await rows
      .first()
      .getByRole("button", { name: /^Open Unit Secretary/ })
      .click();
    await expect(parts.filter({ hasText: label }).getByRole("cell")).toHaveText(allGap(label, "1.46"));
  });
});

test("a user account has no positions rollup: the route shows not found", async ({ page }) => {
  await signInAndExpectHeading(page, "user", "/exec/positions-rollup", "Page not found");
});
