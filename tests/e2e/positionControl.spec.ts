import { expectNoSeriousAxeFindings } from "./support/accessibility";
import {
  addStaff,
  asExecutiveOf,
  buildPlanAsManager,
  expect,
  RN_DAYS,
  SMALL_UNIT,
  test,
  uniqueWord,
} from "./support/ownData";
import { signIn, signInAndExpectHeading } from "./support/signIn";
import { exportXlsx } from "./support/workbooks";

/**
 * Position control (issue #13) as the demo executive sees it: a cost center of the test's own with
 * a regular nurse, a traveller and the open position step 5 calculates for the rest, found by its
 * filter, narrowed by status and search, exported. The executive's cost centers are put back in teardown.
 */
test("an executive reads position control: filter by cost center, status and search, totals, export", async ({
  page,
  admin,
  ownUnits,
}) => {
  const unit = await ownUnits.create(`Position Unit ${uniqueWord()}`);
  const contractEnd = `${new Date().getFullYear() + 2}-12-31`;
  const nurse = await addStaff(admin, unit.id, { firstName: "Regina", fte: 1 });
  const traveller = await addStaff(admin, unit.id, {
    firstName: "Tomas",
    type: "Traveller",
    fte: 0.5,
    contractDate: contractEnd,
  });
  // RN Days 0700 12.5 h (12 paid), NP 10 %: 12 × 365 ÷ 2080 = 2.1058 ÷ 0.9 = 2.3397 paid FTE.
  // Held: the nurse 1 and the traveller 0.5 (contract past the budget year: whole); step 5 opens
  // the rest: 2.3397 − 1.5 = 0.8397, shown 0.84. All positions: 1 + 0.5 + 0.84 = 2.34.
  await buildPlanAsManager(page, unit.id, {
    unit: SMALL_UNIT,
    roles: [RN_DAYS],
    assignments: [
      { staffId: nurse.staffId, role: "Registered Nurse", shift: "Days", fte: 1 },
      { staffId: traveller.staffId, role: "Registered Nurse", shift: "Days", fte: 0.5 },
    ],
    steps: [],
    openPositions: true,
  });

  await asExecutiveOf(admin, [unit.id], async () => {
    await signInAndExpectHeading(page, "exec", "/exec/position-control", "POSITION CONTROL");
    await page.getByLabel("Cost center", { exact: true }).selectOption({ label: `${unit.code} ${unit.name}` });

    const rows = page.getByTestId("position-row");
    await expect(page.getByTestId("position-count")).toHaveText("Showing 3 of 3 positions");
    await expect(rows).toHaveCount(3);
    await expect(rows.nth(0).getByRole("cell")).toHaveText([
      `${unit.code}${unit.name}`,
      "Registered NurseRegistered Nurse",
      "Days0700–1930",
      "Filled",
      "1.00",
      `${nurse.lastName}, ReginaEmployee ID ${nurse.employeeId}`,
      "",
    ]);
    await expect(rows.nth(1).getByRole("cell").nth(3)).toHaveText("Traveller");
    await expect(rows.nth(1).getByRole("cell").nth(4)).toHaveText("0.50");
    await expect(rows.nth(1).getByRole("cell").nth(6)).toHaveText(contractEnd);
    await expect(rows.nth(2).getByRole("cell").nth(3)).toHaveText("Open");
    await expect(rows.nth(2).getByRole("cell").nth(4)).toHaveText("0.84");
    await expect(rows.nth(2).getByRole("cell").nth(5)).toHaveText("Open requisition");

    const totals = page.getByTestId("position-totals");
    await expect(totals.getByText("2.34", { exact: true })).toBeVisible();
    await expect(totals.getByText(/^3 positions/)).toBeVisible();
    await page.screenshot({ path: "test-results/screens/position-control.png", fullPage: true });
    await expectNoSeriousAxeFindings(page, "position control");

    // Narrowed by status, then cleared; then by the traveller's name.
    await page.getByLabel("Status", { exact: true }).selectOption({ label: "Open" });
    await expect(page.getByTestId("position-count")).toHaveText("Showing 1 of 1 position");
    await expect(rows.first().getByRole("cell").nth(4)).toHaveText("0.84");
    await page.getByRole("button", { name: "Clear filters" }).click();
    await expect(page.getByLabel("Cost center", { exact: true })).toHaveValue("");
    await page.getByLabel("Cost center", { exact: true }).selectOption({ label: `${unit.code} ${unit.name}` });
    await page.getByLabel("Search").fill(traveller.lastName.toUpperCase());
    await expect(page.getByTestId("position-count")).toHaveText("Showing 1 of 1 position");
    await expect(rows.first().getByRole("cell").nth(3)).toHaveText("Traveller");
    await page.getByLabel("Search").fill("");

    // The export holds every position the filters let through, the FTE as numbers, then the total.
    await expect(page.getByTestId("position-count")).toHaveText("Showing 3 of 3 positions");
    const { download, book } = await exportXlsx(page);
    expect(download.suggestedFilename()).toMatch(/^position-control-\d{4}\.xlsx$/);
    const sheet = book.worksheets[0];
    expect(sheet?.getRow(1).getCell(1).value).toBe("Cost center");
    expect(sheet?.rowCount).toBe(5);
    const exported = [2, 3, 4].map((n) => [sheet?.getRow(n).getCell(9).value, sheet?.getRow(n).getCell(10).value]);
    expect(exported).toEqual([
      ["Filled", 1],
      ["Traveller", 0.5],
      ["Open", 0.84],
    ]);
    expect([sheet?.getRow(5).getCell(1).value, sheet?.getRow(5).getCell(10).value]).toEqual(["Total", 2.34]);
  });
});

test("a user account has no position control: the route shows not found", async ({ page }) => {
  await signInAndExpectHeading(page, "user", "/exec/position-control", "Page not found");
});

test("position control pages past 100 rows with Show more, and the server sorts by a column on every page", async ({
  page,
  admin,
  ownUnits,
}) => {
  // RN on Days and Nights, 24 staff a shift (the most a shift takes), 0700/1900 for 12.5 h (12 paid),
  // NP 10 %: per shift 24 × 12 × 365 ÷ 2080 = 50.5385 productive ÷ 0.9 = 56.1538 paid, shown 56.15,
  // which step 5 requests as 56 requisitions of 1.00 and one of 0.15: 57 a shift, 114 in all.
  const unit = await ownUnits.create(`Paging Unit ${uniqueWord()}`);
  const shift = (name: "Days" | "Nights", startTime: string) => ({
    shift: name,
    startTime,
    durationHours: 12.5,
    staffPerShift: 24,
  });
  await buildPlanAsManager(page, unit.id, {
    unit: { census: 30, careTeamTarget: 8, nonProductiveGoalPercentage: 10, targetOvertimePercentage: 0 },
    roles: [{ ...RN_DAYS, shifts: [shift("Days", "0700"), shift("Nights", "1900")] }],
    steps: [],
    openPositions: true,
  });

  await asExecutiveOf(admin, [unit.id], async () => {
    await signIn(page, "exec", "/exec/position-control");
    await page.getByLabel("Cost center", { exact: true }).selectOption({ label: `${unit.code} ${unit.name}` });
    const rows = page.getByTestId("position-row");
    const count = page.getByTestId("position-count");
    await expect(count).toHaveText("Showing 100 of 114 positions");
    await expect(rows).toHaveCount(100);
    await page.getByRole("button", { name: "Show 14 more" }).click();
    await expect(count).toHaveText("Showing 114 of 114 positions");
    await expect(rows).toHaveCount(114);
    await expect(page.getByRole("button", { name: /^Show \d+ more$/ })).toHaveCount(0);
    // The list's own order: Days before Nights, each shift's 0.15 after its 1.00s (by requisition).
    await expect(rows.nth(0).getByRole("cell").nth(2)).toContainText("Days");
    await expect(rows.nth(113).getByRole("cell").nth(2)).toContainText("Nights");

    // Sorted by FTE on the server: the smallest first across both shifts, then the largest first.
    const fteHeader = page.getByRole("columnheader", { name: /^FTE/ });
    await page.getByRole("button", { name: /^FTE/ }).click();
    await expect(fteHeader).toHaveAttribute("aria-sort", "ascending");
    await expect(count).toHaveText("Showing 100 of 114 positions");
    await expect(rows.nth(0).getByRole("cell").nth(4)).toHaveText("0.15");
    await expect(rows.nth(1).getByRole("cell").nth(4)).toHaveText("0.15");
    await expect(rows.nth(2).getByRole("cell").nth(4)).toHaveText("1.00");
    await page.getByRole("button", { name: /^FTE/ }).click();
    await expect(fteHeader).toHaveAttribute("aria-sort", "descending");
    await expect(rows.nth(0).getByRole("cell").nth(4)).toHaveText("1.00");
    await page.getByRole("button", { name: "Show 14 more" }).click();
    await expect(rows).toHaveCount(114);
    await expect(rows.nth(112).getByRole("cell").nth(4)).toHaveText("0.15");
    await expect(rows.nth(113).getByRole("cell").nth(4)).toHaveText("0.15");
    await page.screenshot({ path: "test-results/screens/position-control-sorted.png" });
  });
});
