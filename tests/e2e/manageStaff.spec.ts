import type { Locator, Page } from "@playwright/test";
import { MANAGE_STAFF_FOOTER } from "../../schema/manageStaff";
import { demoFacilityDay, demoFacilityToday } from "../support/facilityDate";
import { expectNoSeriousAxeFindings } from "./support/accessibility";
import {
  buildPlanAsManager,
  expect,
  facilityPrnStandard,
  mutate,
  type OwnUnit,
  RN_DAYS,
  SMALL_UNIT,
  test,
  uniqueWord,
} from "./support/ownData";
import { signIn, signInAndExpectHeading } from "./support/signIn";
import { exportXlsx } from "./support/workbooks";

/**
 * Manage Staff (issue #14) as the demo manager: two cost centers of the test's own on which the
 * manager holds Manage Staff, one staff member put in by the administrator; the manager adds
 * staff, edits them inline (saved as typed, a failed save shown and retried), transfers, terminates
 * and removes them. The permissions and the administrator's staff member go in teardown.
 */

/**
 * Signs the manager in, puts staff members into the cost center as its Manage Staff holder (through
 * GraphQL), then opens Manage Staff with the cost center chosen.
 */
async function openWithStaffMembers(
  page: Page,
  unit: OwnUnit,
  members: readonly { firstName: string; lastName: string; fte: number }[],
): Promise<void> {
  await signIn(page, "user", null);
  for (const member of members) {
    await mutate(
      page,
      "addStaffMember",
      `mutation ($id: ID!, $input: StaffMemberInput!) { addStaffMember(costCenterId: $id, input: $input) {
        __typename ... on MutationAddStaffMemberSuccess { data { staffId } } ... on DomainError { message } } }`,
      {
        id: unit.id,
        input: {
          ...member,
          employeeId: `MS-${uniqueWord()}`,
          staffType: "Regular",
          dateOfHire: "01/15/2024",
        },
      },
    );
  }
  await page.goto("/user/manageStaff");
  await page.getByLabel("Cost center").selectOption({ label: unit.label });
}

/** Signs the manager in on Manage Staff with the cost center chosen. */
async function openManageStaff(page: Page, costCenterLabel: string): Promise<void> {
  await signIn(page, "user", "/user/manageStaff");
  await page.getByLabel("Cost center").selectOption({ label: costCenterLabel });
}

/**
 * Opens Add staff, fills it in as the manager types it (a new employee id; the type, when given,
 * before the dates it brings) and presses ADD; answers the dialog, closed if the person was added.
 */
async function addThroughDialog(
  page: Page,
  person: {
    firstName: string;
    lastName: string;
    type?: "Traveller" | "PRN";
    dateOfHire: string;
    contractEndDate?: string;
    fte: string;
  },
): Promise<Locator> {
  await page.getByRole("button", { name: "Add staff" }).click();
  const dialog = page.getByTestId("add-staff-dialog");
  await dialog.getByLabel("Employee ID").fill(`MS-${uniqueWord()}`);
  await dialog.getByLabel("First name").fill(person.firstName);
  await dialog.getByLabel("Last name").fill(person.lastName);
  if (person.type) await dialog.getByLabel("Type").selectOption({ label: person.type });
  await dialog.getByLabel("Date of hire").fill(person.dateOfHire);
  if (person.contractEndDate) await dialog.getByLabel("Contract end date").fill(person.contractEndDate);
  await dialog.getByLabel("FTE in this cost center").fill(person.fte);
  await dialog.getByRole("button", { name: "ADD" }).click();
  return dialog;
}

/** A date as the forms take it (MM/DD/YYYY), in UTC. */
const typed = (d: Date) =>
  `${String(d.getUTCMonth() + 1).padStart(2, "0")}/${String(d.getUTCDate()).padStart(2, "0")}/${d.getUTCFullYear()}`;

test("a manager adds, edits, transfers, terminates and removes staff; every change saves itself", async ({
  page,
  ownUnits,
}) => {
  const unit = await ownUnits.create(`Staff Unit ${uniqueWord()}`, { manageStaff: true });
  const other = await ownUnits.create(`Staff Unit ${uniqueWord()}`, { manageStaff: true });
  const regina = await unit.addStaff({ firstName: "Regina", fte: 1 });
  await signInAndExpectHeading(page, "user", "/user/manageStaff", "MANAGE STAFF");
  await expect(page.locator("footer")).toContainText(MANAGE_STAFF_FOOTER);
  await page.getByLabel("Cost center").selectOption({ label: unit.label });

  const rows = page.getByTestId("staff-row");
  const row = (name: string) => rows.filter({ hasText: name });
  await expect(row(`Regina ${regina.lastName}`)).toContainText("Not fully assigned");
  await expect(page.getByRole("button", { name: `Assign Regina ${regina.lastName}` })).toBeVisible();
  await expect(page.getByTestId("staff-count")).toContainText("Showing 1 of 1 staff");

  // Add: a refusal is shown in the dialog, then a valid staff member is added.
  const last = `Okafor${uniqueWord()}`;
  const dialog = await addThroughDialog(page, {
    firstName: "Nadia",
    lastName: last,
    dateOfHire: "01/15/2024",
    fte: "1.6",
  });
  await expect(dialog).toContainText("Assigned FTE must be between 0 and 1.5");
  await dialog.getByLabel("FTE in this cost center").fill("0.9");
  await dialog.getByRole("button", { name: "ADD" }).click();
  await expect(dialog).toBeHidden();
  const nadia = row(`Nadia ${last}`);
  await expect(nadia).toBeVisible();
  await expect(page.getByTestId("staff-count")).toContainText("Showing 2 of 2 staff");

  // Every detail at once through Edit: a bad date is refused in words and nothing changes; then saved.
  await page.getByRole("button", { name: `Edit Nadia ${last}` }).click();
  const edit = page.getByTestId("edit-staff-dialog");
  await expect(edit.getByLabel("Date of hire")).toHaveValue("01/15/2024");
  await edit.getByLabel("Middle name").fill("Ada");
  await edit.getByLabel("Date of hire").fill("02/30/2024");
  await edit.getByRole("button", { name: "SAVE" }).click();
  // Refused on the form, in the shared rule's words, before anything is sent.
  await expect(edit.getByText("Date of Hire must be a date as MM/DD/YYYY")).toBeVisible();
  await expect(nadia).toContainText("2024-01-15");
  await edit.getByLabel("Date of hire").fill("02/01/2024");
  await edit.getByRole("button", { name: "SAVE" }).click();
  await expect(edit).toBeHidden();
  await expect(nadia).toContainText("2024-02-01");
  await page.getByRole("button", { name: `Edit Nadia ${last}` }).click();
  await expect(edit.getByLabel("Middle name")).toHaveValue("Ada");
  await edit.getByRole("button", { name: "CANCEL" }).click();
  await expect(edit).toBeHidden();

  // Inline edit: saved on Enter; it is there after a reload.
  const notes = page.getByLabel(`Notes on Nadia ${last}`);
  await notes.fill("Prefers nights");
  await notes.press("Enter");
  await expect(nadia.getByTestId("save-state")).toHaveText("Saved");

  // A dropped connection: the save is sent once more by itself; while the connection stays down the
  // row says so, and Retry saves once it is back.
  let dropped = 0;
  let dropping = 1;
  await page.route("**/graphql", async (route) => {
    if (dropped < dropping && route.request().postData()?.includes("ManageStaff_UpdateMutation")) {
      dropped++;
      await route.abort("internetdisconnected");
    } else {
      await route.continue();
    }
  });
  const education = page.getByLabel(`Education of Nadia ${last}`);
  await education.fill("ADN");
  await education.press("Enter");
  await expect(nadia.getByTestId("save-state")).toHaveText("Saved");
  expect(dropped).toBe(1);
  dropping = 3;
  await education.fill("BSN");
  await education.press("Enter");
  await expect(nadia.getByTestId("save-state")).toContainText("Not saved:");
  // The first try and its automatic retry were both dropped.
  expect(dropped).toBe(3);
  await nadia.getByRole("button", { name: "Retry" }).click();
  await expect(nadia.getByTestId("save-state")).toHaveText("Saved");
  await page.unroute("**/graphql");
  await page.reload();
  await page.getByLabel("Cost center").selectOption({ label: unit.label });
  await expect(page.getByLabel(`Notes on Nadia ${last}`)).toHaveValue("Prefers nights");
  await expect(page.getByLabel(`Education of Nadia ${last}`)).toHaveValue("BSN");
  await page.screenshot({ path: "test-results/screens/manage-staff.png", fullPage: true });
  await expectNoSeriousAxeFindings(page, "Manage Staff");

  // The export holds the screen's rows, in its order, with what was just saved.
  const { download, book } = await exportXlsx(page);
  expect(download.suggestedFilename()).toBe(`staff-${unit.code}.xlsx`);
  const sheet = book.worksheets[0];
  const exported = (sheet?.getRows(2, (sheet?.rowCount ?? 1) - 1) ?? []).map((r) => [
    r.getCell(1).text,
    r.getCell(2).text,
    r.getCell(12).text,
  ]);
  expect(exported).toEqual([
    ["Nadia", last, "Prefers nights"],
    ["Regina", regina.lastName, ""],
  ]);

  // Transfer to the other cost center: gone here, there with the same FTE.
  await page.getByRole("button", { name: `Transfer Nadia ${last}` }).click();
  const action = page.getByTestId("staff-action-dialog");
  await action.getByLabel("Transfer to").selectOption({ label: other.label });
  await action.getByRole("button", { name: "TRANSFER" }).click();
  await expect(action).toBeHidden();
  await expect(row(`Nadia ${last}`)).toHaveCount(0);
  await page.getByLabel("Cost center").selectOption({ label: other.label });
  await expect(row(`Nadia ${last}`).getByLabel(`FTE of Nadia ${last}`)).toHaveValue("0.90");

  // Terminate: a date in the future is refused; today ends the employment.
  await page.getByRole("button", { name: `Terminate Nadia ${last}` }).click();
  await expect(action).toContainText("This cannot be undone.");
  await action.getByLabel("Reason").selectOption({ label: "Termination - Involuntary" });
  await action.getByLabel("Termination date").fill("12/31/2999");
  await action.getByRole("button", { name: "TERMINATE" }).click();
  await expect(action).toContainText("Termination date cannot be in the future");
  await action.getByLabel("Termination date").fill(typed(demoFacilityDay(0)));
  await action.getByRole("button", { name: "TERMINATE" }).click();
  await expect(action).toBeHidden();
  await expect(row(`Nadia ${last}`)).toHaveCount(0);

  // Remove the administrator's staff member from the first cost center, after confirming.
  await page.getByLabel("Cost center").selectOption({ label: unit.label });
  await page.getByRole("button", { name: `Remove Regina ${regina.lastName}` }).click();
  await expect(action).toContainText("This cannot be undone.");
  await action.getByRole("button", { name: "REMOVE" }).click();
  await expect(action).toBeHidden();
  await expect(page.getByText("No staff in this cost center yet")).toBeVisible();
});

test("two saves of one field race: the later value is kept; a failed save makes leaving the page ask", async ({
  page,
  ownUnits,
}) => {
  const unit = await ownUnits.create(`Staff Unit ${uniqueWord()}`, { manageStaff: true });
  const omar = await unit.addStaff({ firstName: "Omar", fte: 1 });
  await openManageStaff(page, unit.label);
  const row = page.getByTestId("staff-row").filter({ hasText: omar.name });
  const notes = page.getByLabel(`Notes on ${omar.name}`);
  const state = row.getByTestId("save-state");

  // The first save is held on its way to the server while a second value is committed to the same field.
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  const sent: string[] = [];
  await page.route("**/graphql", async (route) => {
    const body = route.request().postData() ?? "";
    if (!body.includes("ManageStaff_UpdateMutation")) return route.continue();
    sent.push(JSON.parse(body).variables.input.notes);
    if (sent.length === 1) await held;
    await route.continue();
  });
  await notes.fill("First value");
  await notes.press("Enter");
  await expect(state).toHaveText("Saving…");
  await notes.fill("Second value");
  await notes.press("Enter");
  await expect(state).toHaveText("Saving…");
  // The second waits behind the first rather than overtaking it.
  await page.waitForTimeout(300);
  expect(sent).toEqual(["First value"]);
  // Leaving while a save is under way asks first.
  await page.locator("footer").getByRole("button", { name: "Home" }).click();
  const leaving = page.getByRole("alertdialog", { name: "You have unsaved changes" });
  await expect(leaving).toBeVisible();
  await leaving.getByRole("button", { name: "Stay on this page" }).click();
  release();
  await expect(state).toHaveText("Saved");
  expect(sent).toEqual(["First value", "Second value"]);
  await page.unroute("**/graphql");
  await page.reload();
  await page.getByLabel("Cost center").selectOption({ label: unit.label });
  await expect(page.getByLabel(`Notes on ${omar.name}`)).toHaveValue("Second value");

  // A save that fails (the try and its automatic retry dropped) is an unsaved change: leaving asks.
  await page.route("**/graphql", (route) =>
    route.request().postData()?.includes("ManageStaff_UpdateMutation")
      ? route.abort("internetdisconnected")
      : route.continue(),
  );
  await notes.fill("Third value");
  await notes.press("Enter");
  await expect(state).toContainText("Not saved:");
  await page.locator("footer").getByRole("button", { name: "Home" }).click();
  await expect(leaving).toBeVisible();
  await expect(leaving).toContainText("If you leave this page now, the changes you have not saved will be lost.");
  await leaving.getByRole("button", { name: "Stay on this page" }).click();
  await expect(page).toHaveURL(/\/user\/manageStaff$/);
  await expect(notes).toHaveValue("Third value");
  // Saved by Retry once the connection is back: leaving no longer asks.
  await page.unroute("**/graphql");
  await row.getByRole("button", { name: "Retry" }).click();
  await expect(state).toHaveText("Saved");
  await page.locator("footer").getByRole("button", { name: "Home" }).click();
  await expect(page).not.toHaveURL(/\/user\/manageStaff$/);
  await expect(leaving).toHaveCount(0);
});

test("the table sorts by a column header (click or Enter), first names case-insensitive; the filter narrows it", async ({
  page,
  ownUnits,
}) => {
  const unit = await ownUnits.create(`Staff Unit ${uniqueWord()}`, { manageStaff: true });
  await openWithStaffMembers(page, unit, [
    { firstName: "Dora", lastName: "Quill", fte: 1 },
    { firstName: "carl", lastName: "Quill", fte: 0.3 },
    { firstName: "Bella", lastName: "Quill", fte: 0.9 },
    { firstName: "aaron", lastName: "Quill", fte: 0.5 },
  ]);
  const names = page.getByTestId("staff-row").locator("td:first-child p:first-child");
  const header = (name: string) => page.getByRole("columnheader", { name: new RegExp(`^${name}`) });
  // By first name by default, case-insensitive (a case-sensitive order would put Bella and Dora first).
  await expect(names).toHaveText(["aaron Quill", "Bella Quill", "carl Quill", "Dora Quill"]);
  await expect(header("Name")).toHaveAttribute("aria-sort", "ascending");
  // A click on the header sorts the other way.
  await header("Name").getByRole("button").click();
  await expect(names).toHaveText(["Dora Quill", "carl Quill", "Bella Quill", "aaron Quill"]);
  await expect(header("Name")).toHaveAttribute("aria-sort", "descending");
  // Enter on another header's button sorts by it: FTE 0.30, 0.50, 0.90, 1.00; Enter again, 1.00 first.
  await header("FTE here").getByRole("button").focus();
  await page.keyboard.press("Enter");
  await expect(names).toHaveText(["carl Quill", "aaron Quill", "Bella Quill", "Dora Quill"]);
  await expect(header("FTE here")).toHaveAttribute("aria-sort", "ascending");
  await expect(header("Name")).toHaveAttribute("aria-sort", "none");
  await page.keyboard.press("Enter");
  await expect(names).toHaveText(["Dora Quill", "Bella Quill", "aaron Quill", "carl Quill"]);
  await expect(header("FTE here")).toHaveAttribute("aria-sort", "descending");

  // The filter: any case, on the name; the count says how many of all are shown.
  const filter = page.getByLabel("Filter staff");
  await filter.fill("DORA");
  await expect(names).toHaveText(["Dora Quill"]);
  await expect(page.getByTestId("staff-count")).toContainText("Showing 1 of 4 staff");
  await filter.fill("quill");
  await expect(names).toHaveText(["Dora Quill", "Bella Quill", "aaron Quill", "carl Quill"]);
  await filter.fill("nobody by that name");
  await expect(page.getByText("No staff match")).toBeVisible();
  await expect(page.getByTestId("staff-count")).toContainText("Showing 0 of 4 staff");
});

test("printed, the table holds every row, not only those in view", async ({ page, ownUnits }) => {
  const unit = await ownUnits.create(`Staff Unit ${uniqueWord()}`, { manageStaff: true });
  // 40 staff: more than a 720-pixel window renders of a long list (the rows in view and a few more).
  const members = Array.from({ length: 40 }, (_, i) => ({
    firstName: `Printed${String(i + 1).padStart(2, "0")}`,
    lastName: "Row",
    fte: 1,
  }));
  await openWithStaffMembers(page, unit, members);
  const rows = page.getByTestId("staff-row");
  await expect(page.getByTestId("staff-count")).toContainText("Showing 40 of 40 staff");
  await expect(rows.first()).toContainText("Printed01 Row");
  expect(await rows.count()).toBeLessThan(40);
  await page.emulateMedia({ media: "print" });
  await expect(rows).toHaveCount(40);
  await expect(rows.last()).toContainText("Printed40 Row");
  await page.emulateMedia({ media: "screen" });
  await expect.poll(() => rows.count()).toBeLessThan(40);
});

test("a staff member not fully assigned opens the wizard's Assign Staff step of the cost center", async ({
  page,
  ownUnits,
}) => {
  const unit = await ownUnits.create(`Staff Unit ${uniqueWord()}`, { manageStaff: true });
  const nurse = await unit.addStaff({ firstName: "Ines", fte: 1 });
  await openManageStaff(page, unit.label);
  await page.getByRole("button", { name: `Assign Ines ${nurse.lastName}` }).click();
  await expect(page).toHaveURL(/\/user\/wizard\/assignstaff$/);
  await expect(page.getByText(`${unit.code} ${unit.name}`).first()).toBeVisible();
});

test("a Read Only holder sees the staff but cannot change them", async ({ page }) => {
  // The demo manager holds Read Only on 6030.
  await openManageStaff(page, "6030 Telemetry");
  await expect(page.getByTestId("read-only-banner")).toContainText(
    "You have read-only access to this cost center's staff.",
  );
  await expect(page.getByTestId("staff-row").first()).toBeVisible();
  await expect(page.getByRole("button", { name: "Add staff" })).toHaveCount(0);
  await expect(page.getByRole("button", { name: /^Remove / })).toHaveCount(0);
  await expect(page.getByRole("textbox", { name: /^Notes on / })).toHaveCount(0);
});

test("a traveller's contract ending within 60 days is flagged in words, and the next hire anniversary shows; a PRN off the standard is named", async ({
  page,
  admin,
  ownUnits,
}) => {
  const unit = await ownUnits.create(`Staff Unit ${uniqueWord()}`, { manageStaff: true });
  await openManageStaff(page, unit.label);
  const today = demoFacilityToday();
  const last = `Traveller${uniqueWord()}`;
  const traveller = await addThroughDialog(page, {
    firstName: "Tomas",
    lastName: last,
    type: "Traveller",
    dateOfHire: "01/15/2024",
    contractEndDate: typed(demoFacilityDay(20)),
    fte: "0.5",
  });
  await expect(traveller).toBeHidden();

  const row = page.getByTestId("staff-row").filter({ hasText: `Tomas ${last}` });
  await expect(row.getByTestId("contract-warning")).toHaveText("Contract ends in 20 days");
  // The next 15 January on or after today, and the years since 2024.
  const year = today.month === 1 && today.day <= 15 ? today.year : today.year + 1;
  const years = year - 2024;
  await expect(row).toContainText(`${years} year${years === 1 ? "" : "s"} on ${year}-01-15`);

  // A PRN whose FTE here is not the facility's PRN standard (HR guidelines) is named, with the standard.
  const standard = await facilityPrnStandard(admin);
  const prnLast = `Prn${uniqueWord()}`;
  const prn = await addThroughDialog(page, {
    firstName: "Paula",
    lastName: prnLast,
    type: "PRN",
    dateOfHire: "03/01/2025",
    fte: standard === 0.5 ? "0.4" : "0.5",
  });
  await expect(prn).toBeHidden();
  await expect(
    page
      .getByTestId("staff-row")
      .filter({ hasText: `Paula ${prnLast}` })
      .getByTestId("prn-notice"),
  ).toHaveText(`All PRN FTE must be set to the facility standard (${standard.toFixed(2)}).`);
});

test("staff in an over-filled position are marked, with the plan's over-filled positions in words; both go with the over-fill", async ({
  page,
  ownUnits,
}) => {
  const unit = await ownUnits.create(`Staff Unit ${uniqueWord()}`, { manageStaff: true });
  const ada = await unit.addStaff({ firstName: "Ada", fte: 1 });
  const ben = await unit.addStaff({ firstName: "Ben", fte: 1 });
  const cleo = await unit.addStaff({ firstName: "Cleo", fte: 0.5 });
  await buildPlanAsManager(page, unit.id, {
    unit: { ...SMALL_UNIT, nonProductiveGoalPercentage: 0 },
    roles: [
      {
        ...RN_DAYS,
        shifts: [
          { shift: "Days", startTime: "0700", durationHours: 8.5, staffPerShift: 1 },
          { shift: "Nights", startTime: "2300", durationHours: 8.5, staffPerShift: 1 },
        ],
      },
    ],
    assignments: [
      { staffId: ada.staffId, role: "Registered Nurse", shift: "Days", fte: 1 },
      { staffId: ben.staffId, role: "Registered Nurse", shift: "Days", fte: 1 },
      { staffId: cleo.staffId, role: "Registered Nurse", shift: "Nights", fte: 0.5 },
    ],
    steps: ["UnitDefinition", "DefineRoles", "CreateCareSchedules"],
  });
  await openManageStaff(page, unit.label);

  // Each shift needs (8.5 h less the 30-minute unpaid break = 8 paid h) × 1 × 365 ÷ 2080 = 2920 ÷ 2080 = 1.4038 FTE
  // (1.40), non-productive 0 %. Days: Ada 1.00 + Ben 1.00 = 2.00 assigned, 2.00 − 1.4038 = 0.5962 over (0.60).
  // Nights: Cleo's 0.50 is under the need.
  const warning = "Registered Nurse, Days: 2.00 FTE assigned against 1.40 needed (0.60 over)";
  const alert = page.getByTestId("over-fill-alert");
  await expect(alert).toContainText("1 position is over-filled");
  await expect(alert.getByTestId("over-fill-warning")).toHaveText([warning]);
  const row = (member: { name: string }) => page.getByTestId("staff-row").filter({ hasText: member.name });
  for (const member of [ada, ben]) {
    await expect(row(member).getByTestId("over-filled-badge")).toHaveText(`Over-filled: ${warning}`);
    await expect(row(member).getByTestId("over-filled-badge")).toBeVisible();
  }
  await expect(row(cleo).getByTestId("over-filled-badge")).toHaveCount(0);
  await page.screenshot({ path: "test-results/screens/manage-staff-overfill.png", fullPage: true });
  await expectNoSeriousAxeFindings(page, "Manage Staff with an over-fill warning");
  // The badge's tooltip says which position, on hover or keyboard focus. (Scrolled to first: hovering
  // scrolls, and a scroll closes a tooltip.)
  const badge = row(ada).getByTestId("over-filled-badge");
  await badge.scrollIntoViewIfNeeded();
  await badge.hover();
  await expect(page.getByRole("tooltip")).toHaveText(warning);
  await page.screenshot({ path: "test-results/screens/manage-staff-overfill-tooltip.png", animations: "disabled" });

  // Ben leaves the cost center with his position: Days holds Ada's 1.00 against 1.40, no over-fill left.
  await page.getByRole("button", { name: `Remove ${ben.name}` }).click();
  const action = page.getByTestId("staff-action-dialog");
  await action.getByRole("button", { name: "REMOVE" }).click();
  await expect(action).toBeHidden();
  await expect(row(ben)).toHaveCount(0);
  await expect(alert).toHaveCount(0);
  await expect(page.getByTestId("over-filled-badge")).toHaveCount(0);
});
