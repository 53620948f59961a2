import type { Locator, Page } from "@playwright/test";
import { screen } from "./support/graphqlRoute";
import { addStaffCandidate, expect, gql, type OwnDataFixtures, type OwnUnit, test } from "./support/ownData";
import { signIn } from "./support/signIn";
import { openAddNewUserSubmenu, openAddUserPanel } from "./support/userAccess";

/**
 * /admin/user-accessibility (spec §2, §3, §4, §5, §6, §8, §9) driven as an admin would. Every user
 * and cost center these tests add, change or delete is their own, with names unique to the try
 * (the ownUnits fixture; an upload of their own for the REVIEW state, a staff member of their own
 * for the within-organisation form). Where a test must change the seed's users (Move Staff empties
 * a position, the onboarding task needs everyone assigned), the userAccess and facilitySettings
 * fixtures put them back in teardown, even when the test fails.
 */

const PATH = "/admin/user-accessibility";
const TEXT = {
  subtitle: "Assign or update access and permissions for users",
  roleRule:
    "Only one person per cost center may complete the Wizard, and only one may manage staff. Several may be Read Only. Executives have Read Only by default for all areas they oversee.",
  outsideTitle: "ADD NEW USER OUTSIDE YOUR ORGANIZATION",
  withinTitle: "ADD NEW USER WITHIN YOUR ORGANIZATION",
  cancelAdd: "This action cannot be undone. Are you sure you want to cancel without adding the user?",
  missingFte: "Add User FTEs for all assigned cost centers.",
  addMismatch: "Total FTE must be equal to user's staff FTE.",
  updateMismatch: "FTE sums do not match",
  updateTooltip: "Add User FTEs for all newly assigned cost centers.",
  reviewTooltip: "Review this User's Permissions to ensure they are correct.",
  noStaff: "No Assigned Staff Found.",
} as const;

const run = (Date.now() % 1_000_000).toString(36);
let counter = 0;
const uniqueName = () => `Zed${run}${(counter++).toString(36)}`.replace(/[^A-Za-z0-9]/g, "");

const position = (page: Page, title: string) => page.getByTestId(`position-${title}`);
const userRow = (page: Page, name: string) => page.getByRole("row").filter({ hasText: name }).first();
const panel = (page: Page, id: string) => page.getByTestId(id);

async function open(page: Page) {
  await signIn(page, "admin", PATH);
  await expect(page.getByRole("heading", { level: 1, name: "USER ACCESSIBILITY" })).toBeVisible();
  await expect(page.getByTestId("assign-users-summary")).toBeVisible();
}

/**
 * Two cost centers of the test's own that nobody holds a permission on yet (for the forms' cost
 * center picker), then the page as the admin.
 */
async function openWithTwoOwnUnits(page: Page, ownUnits: OwnDataFixtures["ownUnits"]) {
  const oncology = await ownUnits.create("Oncology Own", { grant: false });
  const orthopedics = await ownUnits.create("Orthopedics Own", { grant: false });
  await open(page);
  return { oncology, orthopedics };
}

async function expand(page: Page, title: string) {
  const toggle = position(page, title).getByRole("button", { name: new RegExp(`^(Expand|Collapse) ${title}$`) });
  if ((await toggle.getAttribute("aria-expanded")) !== "true") await toggle.click();
}

async function positionMenu(page: Page, title: string) {
  await position(page, title)
    .getByRole("button", { name: `Actions for ${title}` })
    .click();
}

async function userMenu(page: Page, title: string, name: string) {
  await expand(page, title);
  const actions = userRow(page, name).getByRole("button", { name: `Actions for ${name}` });
  // A drawer that has just closed hands focus back as it goes, which closes a menu opened in that
  // same instant (a CI flake): open it again, as a person would.
  await expect(async () => {
    if ((await actions.getAttribute("aria-expanded")) !== "true") await actions.click();
    await expect(actions).toHaveAttribute("aria-expanded", "true", { timeout: 1000 });
  }).toPass({ timeout: 10_000 });
}

/**
 * Opens a user's Update User panel from their row's menu. Right after another panel closed, its focus
 * hand-back can close the menu as the item is chosen (a CI flake: the click landed, no panel came):
 * a person would choose again, and so does this, until the panel is there.
 */
async function openUpdateUser(page: Page, title: string, name: string): Promise<Locator> {
  const form = panel(page, "update-user-panel");
  await expect(async () => {
    if (await form.isVisible()) return;
    await userMenu(page, title, name);
    await page.getByRole("menuitem", { name: "Update User" }).click({ timeout: 2000 });
    await expect(form).toBeVisible({ timeout: 2000 });
  }).toPass({ timeout: 20_000 });
  return form;
}

async function pickCostCenters(page: Page, scope: Locator, labels: string[]) {
  await scope.getByRole("button", { name: "Add cost center" }).click();
  const picker = page.getByTestId("cost-center-picker");
  for (const label of labels) await picker.getByText(label, { exact: true }).click();
  await picker.getByRole("button", { name: `SAVE SELECTION (${labels.length})` }).click();
  await expect(picker).toBeHidden();
}

async function hoverTip(page: Page, button: Locator, text: string) {
  await button.locator("xpath=..").hover();
  await expect(page.getByText(text, { exact: true }).last()).toBeVisible();
}

/** Fills the outside-organisation form's required fields; answers the person's full name. */
async function fillOutside(form: Locator, fte = "0.80") {
  const first = uniqueName();
  await form.getByLabel("Employee ID").fill(`E2E-${first}`);
  await form.getByLabel("Date of Hire").fill("03/15/2024");
  await form.getByLabel("First Name").fill(first);
  await form.getByLabel("Last Name").fill("Tester");
  await form.getByLabel("Email").fill(`${first.toLowerCase()}@example.test`);
  await form.getByLabel("Assigned FTE").fill(fte);
  return { name: `${first} Tester`, email: `${first.toLowerCase()}@example.test` };
}

/** Adds a read-only user to Staff Nurse through the outside form; answers name and e-mail. */
async function addUser(page: Page, unit: OwnUnit) {
  const costCenter = unit.label;
  await openAddUserPanel(page, "Staff Nurse", "Outside your organization");
  const form = panel(page, "add-outside-panel");
  const person = await fillOutside(form);
  await pickCostCenters(page, form, [costCenter]);
  await form.getByLabel(`FTE for ${costCenter}`).fill("0.8");
  await form.getByRole("button", { name: "ADD USER" }).click();
  await expect(form).toBeHidden();
  await expect(page.getByTestId("top-banner")).toContainText(`User added. An invitation was sent to ${person.email}.`);
  return person;
}

/**
 * What the server says now, through the page's own token. Other specs add users and cost centers
 * to the shared demo facility (uploads, cost center maintenance), so counts are read, not assumed.
 */
async function facilityNow(page: Page) {
  const data = await gql(page, "{ userAccessibility { counts { total assigned toBeAssigned } } costCenters { id } }");
  return { counts: data.userAccessibility.counts, costCenters: data.costCenters.length };
}

test("heading, subtitle, info box, the ASSIGN USERS summary and the collapsible list", async ({ page }) => {
  await open(page);
  await expect(page.getByText(TEXT.subtitle, { exact: true })).toBeVisible();
  await expect(page.getByTestId("user-access-info")).toContainText(TEXT.roleRule);
  const summary = page.getByTestId("assign-users-summary");
  await expect(summary.getByText("ASSIGN USERS", { exact: true })).toBeVisible();
  for (const label of ["Total User Members", "User Members Assigned", "User Members to be Assigned"]) {
    await expect(summary.getByText(label, { exact: true })).toBeVisible();
  }
  const { counts } = await facilityNow(page);
  // The seed has two users without cost centers (Derek Hollis, Emily Tran); the server counts them.
  expect(counts.toBeAssigned).toBe(2);
  expect(counts.total).toBe(counts.assigned + counts.toBeAssigned);
  await expect(summary).toContainText(`Total User Members${counts.total}`);
  await expect(summary).toContainText(`User Members Assigned${counts.assigned}`);
  await expect(summary).toContainText("User Members to be Assigned2");
  await expect(page.getByText("Position", { exact: true })).toBeVisible();
  await expect(page.getByText("Description", { exact: true })).toBeVisible();

  // Badges are computed on the server: UNASSIGNED (a User without permissions), REVIEW (upload change).
  await expect(position(page, "Charge Nurse").getByText("UNASSIGNED", { exact: true })).toBeVisible();
  await expect(position(page, "Charge Nurse").getByText("REVIEW", { exact: true })).toBeVisible();
  await expect(position(page, "Nurse Manager").getByText("UNASSIGNED", { exact: true })).toHaveCount(0);

  // Collapsed until opened; Expand all and Close all.
  await expect(page.getByText("Derek Hollis")).toBeHidden();
  await page.getByRole("button", { name: "Expand all" }).click();
  await expect(page.getByText("Derek Hollis")).toBeVisible();
  await expect(page.getByText("Jordan Patel")).toBeVisible();
  const chargeNurse = position(page, "Charge Nurse");
  for (const header of ["Assigned Staff", "Notes", "Employee ID", "FTE"]) {
    await expect(chargeNurse.getByRole("columnheader", { name: header, exact: true })).toBeVisible();
  }
  // Red for a user without permissions, yellow for an upload change, each said in words too.
  await expect(userRow(page, "Derek Hollis")).toHaveAttribute("data-state-kind", "unassigned");
  await expect(userRow(page, "Derek Hollis")).toContainText("Derek HollisNo permissions");
  await expect(userRow(page, "Rachel Lindqvist")).toHaveAttribute("data-state-kind", "review");
  await expect(userRow(page, "Rachel Lindqvist")).toContainText("Rachel LindqvistChanged by upload");
  await expect(userRow(page, "Kevin Osei")).toHaveAttribute("data-state-kind", "ok");
  await expect(userRow(page, "Kevin Osei")).not.toContainText("No permissions");
  await expect(userRow(page, "Kevin Osei")).not.toContainText("Changed by upload");
  await screen(page, "user-accessibility-rows");
  await expect(userRow(page, "Kevin Osei")).toContainText("Nights");
  await expect(userRow(page, "Kevin Osei")).toContainText("0.90");
  await page.screenshot({ path: ".tmp/shots-users/user-access-list.png", fullPage: true });
  await page.getByRole("button", { name: "Close all" }).click();
  await expect(page.getByText("Derek Hollis")).toBeHidden();
});

test("a staff row opens its permissions table with disabled checkboxes, or the empty text", async ({ page }) => {
  await open(page);
  await expand(page, "Nurse Manager");
  await userRow(page, "Jordan Patel").getByRole("button", { name: "Expand Jordan Patel" }).click();
  const table = page.getByTestId("permissions-manager@demo.hospital");
  for (const header of ["Assigned Cost Center", "Complete Wizard", "Manage Staff", "Read Only", "Executive"]) {
    await expect(table.getByRole("columnheader", { name: header, exact: true })).toBeVisible();
  }
  const wizard = table.getByRole("checkbox", { name: "Complete Wizard for 6010 Medical Surgical 3 West" });
  await expect(wizard).toBeChecked();
  await expect(wizard).toBeDisabled();
  await expect(table.getByRole("checkbox", { name: "Read Only for 6030 Telemetry" })).toBeChecked();

  await expand(page, "Charge Nurse");
  await userRow(page, "Derek Hollis").getByRole("button", { name: "Expand Derek Hollis" }).click();
  await expect(page.getByText("No permissions found for Derek Hollis", { exact: true })).toBeVisible();
});

test("the position menu offers Move Staff only with people, and Add New User's two choices", async ({ page }) => {
  await open(page);
  await positionMenu(page, "Staff Nurse");
  await expect(page.getByRole("menuitem", { name: "Move Staff" })).toBeVisible();
  await openAddNewUserSubmenu(page);
  await expect(page.getByRole("menuitem", { name: "Outside your organization" })).toBeVisible();
  await expect(page.getByRole("menuitem", { name: "Within your organization" })).toBeVisible();
  await page.keyboard.press("Escape");
  await page.keyboard.press("Escape");
});

test("the user-row menu: Update User, Resend Invite, Delete; only Update User for yourself", async ({ page }) => {
  await open(page);
  await userMenu(page, "Software Admin", "Alex Morgan");
  await expect(page.getByRole("menuitem", { name: "Update User" })).toBeVisible();
  await expect(page.getByRole("menuitem")).toHaveCount(1);
  await page.keyboard.press("Escape");
  await userMenu(page, "Charge Nurse", "Kevin Osei");
  await expect(page.getByRole("menuitem")).toHaveText(["Update User", "Resend Invite", "Delete"]);
  await page.keyboard.press("Escape");
});

test("add outside: placeholders, PRN and traveller rules, the picker, FTE rules, executive, cancel prompt, success", async ({
  page,
  ownUnits,
}) => {
  const { oncology, orthopedics } = await openWithTwoOwnUnits(page, ownUnits);
  await openAddUserPanel(page, "Staff Nurse", "Outside your organization");
  const form = panel(page, "add-outside-panel");
  await expect(form.getByRole("heading", { name: TEXT.outsideTitle })).toBeVisible();
  await expect(form.getByLabel("Employee ID")).toHaveAttribute("placeholder", "123456-RN");
  await expect(form.getByLabel("Date of Hire")).toHaveAttribute("placeholder", "MM/DD/YYYY");
  const fte = form.getByLabel("Assigned FTE");
  await expect(fte).toHaveAttribute("placeholder", "1.00");
  await expect(fte).toHaveAttribute("step", "0.1");
  await expect(form.getByPlaceholder("Add notes here")).toBeVisible();

  // PRN takes the facility's PRN FTE (0.2 in the demo) and locks the field; PRN and traveller exclude each other.
  await form.getByText("PRN", { exact: true }).click();
  await expect(fte).toHaveValue("0.2");
  await expect(fte).toBeDisabled();
  await expect(form.getByLabel("Contract End Date")).toHaveCount(0);
  await form.getByText("Is Traveller", { exact: true }).click();
  await expect(form.getByRole("checkbox", { name: "PRN" })).not.toBeChecked();
  await expect(fte).toBeEnabled();
  await expect(form.getByLabel("Contract End Date")).toHaveAttribute("placeholder", "MM/DD/YYYY");
  await form.getByText("Is Traveller", { exact: true }).click();
  await fillOutside(form, "1.00");

  // Closing with changes asks the spec's question: FINALIZE stays, DISCARD closes.
  await form.getByRole("button", { name: "Close panel" }).click();
  const ask = page.getByTestId("unsaved-changes-dialog");
  await expect(ask).toContainText(TEXT.cancelAdd);
  await ask.getByRole("button", { name: "FINALIZE" }).click();
  await expect(ask).toBeHidden();
  await expect(form).toBeVisible();
  // The cost center picker: Select all, SAVE SELECTION disabled without a selection, count in the label.
  await form.getByRole("button", { name: "Add cost center" }).click();
  const picker = page.getByTestId("cost-center-picker");
  await expect(picker.getByRole("button", { name: "SAVE SELECTION" })).toBeDisabled();
  await picker.getByText("Select all", { exact: true }).click();
  const { costCenters } = await facilityNow(page);
  await expect(picker.getByRole("button", { name: `SAVE SELECTION (${costCenters})` })).toBeEnabled();
  await picker.getByText("Select all", { exact: true }).click();
  await expect(picker.getByRole("button", { name: "SAVE SELECTION" })).toBeDisabled();
  await picker.getByText(oncology.label, { exact: true }).click();
  await picker.getByText(orthopedics.label, { exact: true }).click();
  await picker.getByRole("button", { name: "SAVE SELECTION (2)" }).click();

  // No FTE yet: the tooltip and the rule.
  const add = form.getByRole("button", { name: "ADD USER" });
  await add.click();
  await expect(form.getByTestId("add-user-rule")).toHaveText(TEXT.missingFte);
  await hoverTip(page, add, TEXT.missingFte);
  await form.getByLabel(`FTE for ${oncology.label}`).fill("0.5");
  await form.getByLabel(`FTE for ${orthopedics.label}`).fill("0.4");
  await expect(form.getByTestId("add-user-rule")).toHaveText(TEXT.addMismatch);
  await page.screenshot({ path: ".tmp/shots-users/add-outside-panel.png" });

  // Flag interplay: Complete Wizard turns Read Only off; Read Only back on clears both.
  const wizard = form.getByRole("checkbox", { name: `Complete Wizard for ${orthopedics.label}` });
  const readOnly = form.getByRole("checkbox", { name: `Read Only for ${orthopedics.label}` });
  await expect(readOnly).toBeChecked();
  await wizard.check({ force: true });
  await expect(readOnly).not.toBeChecked();
  await readOnly.check({ force: true });
  await expect(wizard).not.toBeChecked();
  await readOnly.uncheck({ force: true });
  await expect(wizard).toBeChecked();
  await expect(form.getByRole("checkbox", { name: `Manage Staff for ${orthopedics.label}` })).toBeChecked();
  await readOnly.check({ force: true });

  // Executive hides the FTE and permission columns; turning it off brings back read-only rows.
  await form.getByText("Executive", { exact: true }).click();
  await expect(form.getByLabel(`FTE for ${oncology.label}`)).toHaveCount(0);
  await expect(form.getByTestId(`permission-row-${oncology.code}`)).toContainText(oncology.label);
  await form.getByText("Executive", { exact: true }).click();
  await expect(form.getByLabel(`FTE for ${oncology.label}`)).toHaveValue("");

  // Removing a cost center asks first.
  await form.getByRole("button", { name: `Remove ${orthopedics.label}` }).click();
  const remove = page.getByTestId("delete-permission-dialog");
  await expect(remove).toContainText(`Remove ${orthopedics.label}`);
  await remove.getByRole("button", { name: "DELETE" }).click();
  await expect(form.getByTestId(`permission-row-${orthopedics.code}`)).toHaveCount(0);

  await form.getByLabel(`FTE for ${oncology.label}`).fill("1");
  await add.click();
  await expect(form).toBeHidden();
  await expect(page.getByTestId("top-banner")).toContainText("User added. An invitation was sent to");
});

test("add outside: the server's refusal shows as sent (a second Complete Wizard holder)", async ({ page }) => {
  await open(page);
  await openAddUserPanel(page, "Staff Nurse", "Outside your organization");
  const form = panel(page, "add-outside-panel");
  await fillOutside(form, "0.50");
  await pickCostCenters(page, form, ["6010 Medical Surgical 3 West"]);
  await form.getByLabel("FTE for 6010 Medical Surgical 3 West").fill("0.5");
  await form.getByRole("checkbox", { name: "Complete Wizard for 6010 Medical Surgical 3 West" }).check({ force: true });
  // A date the shared rule refuses: its message under the field, and nothing is sent.
  let addsSent = 0;
  page.on("request", (request) => {
    if (request.postData()?.includes("AddUser_OutsideMutation")) addsSent++;
  });
  const add = form.getByRole("button", { name: "ADD USER" });
  await form.getByLabel("Date of Hire").fill("02/30/2024");
  await add.click();
  await expect(form.getByText("Date of Hire must be a date as MM/DD/YYYY", { exact: true })).toBeVisible();
  await expect(add).toBeDisabled();
  expect(addsSent).toBe(0);
  await form.getByLabel("Date of Hire").fill("03/15/2024");
  await expect(form.getByText("Date of Hire must be a date as MM/DD/YYYY", { exact: true })).toHaveCount(0);
  await add.click();
  await expect(form.getByTestId("add-user-error")).toHaveText(
    "Only one person per cost center may complete the Wizard: Jordan Patel already does in 6010 Medical Surgical 3 West",
  );
  await form.getByRole("button", { name: "Close panel" }).click();
  await page.getByTestId("unsaved-changes-dialog").getByRole("button", { name: "DISCARD" }).click();
  await expect(form).toBeHidden();
});

test("add within: Select Staff, staff name, default FTE, the red warning, then the new user", async ({
  page,
  admin,
  ownUnits,
}) => {
  // A staff member of the test's own who is no user yet, with 0.7 FTE in a cost center of its own.
  const unit = await ownUnits.create("Within Own", { grant: false });
  const candidate = await addStaffCandidate(admin, unit.id, { firstName: uniqueName(), lastName: "Within", fte: 0.7 });
  await open(page);
  await openAddUserPanel(page, "Staff Nurse", "Within your organization");
  const form = panel(page, "add-within-panel");
  await expect(form.getByRole("heading", { name: TEXT.withinTitle })).toBeVisible();
  const select = form.getByTestId("select-staff");
  await expect(select.locator("option").first()).toHaveText("Select Staff");
  // ADD USER with nothing chosen: the shared rule's messages under Select Staff and Email.
  await form.getByRole("button", { name: "ADD USER" }).click();
  await expect(form.getByText("Select a staff member", { exact: true })).toBeVisible();
  await expect(form.getByText("Email is required", { exact: true })).toBeVisible();
  // The staff member with one cost center, found by employee id: the warning names it once.
  await form.getByLabel("Search staff").fill(candidate.employeeId);
  await select.selectOption({ label: `${candidate.name} (${candidate.employeeId})` });
  const staffName = await form.getByLabel("Staff Name").inputValue();
  expect(staffName).toBe(candidate.name);
  await expect(form.getByLabel("Assigned FTE")).not.toHaveValue("");
  const warning = form.getByTestId("within-warning");
  await expect(warning).toContainText(`${staffName} currently holds`);
  await expect(warning).toContainText("for the FTE to remain.");
  await expect(warning).toContainText(`0.70 FTE in ${unit.label}. `);
  await expect(form.getByText("Select a staff member", { exact: true })).toHaveCount(0);
  await page.screenshot({ path: ".tmp/shots-users/add-within-panel.png" });
  const fte = await form.getByLabel("Assigned FTE").inputValue();
  const home = unit.label;
  await form.getByLabel("Email").fill(`${uniqueName().toLowerCase()}@example.test`);
  await pickCostCenters(page, form, [home]);
  await form.getByLabel(`FTE for ${home}`).fill(fte);
  await form.getByRole("button", { name: "ADD USER" }).click();
  await expect(form).toBeHidden();
  await expand(page, "Staff Nurse");
  await expect(userRow(page, staffName)).toBeVisible();
});

test("update user: UPDATE rule, tooltip, FTE sums, unsaved-changes dialog, audit-backed save", async ({
  page,
  ownUnits,
}) => {
  const { oncology, orthopedics } = await openWithTwoOwnUnits(page, ownUnits);
  const person = await addUser(page, oncology);
  const form = await openUpdateUser(page, "Staff Nurse", person.name);
  await expect(form.getByRole("heading", { name: "Update User" })).toBeVisible();
  const update = form.getByRole("button", { name: "UPDATE" });
  await expect(update).toBeDisabled();

  // A newly assigned cost center without an FTE keeps UPDATE disabled, with the tooltip.
  await pickCostCenters(page, form, [orthopedics.label]);
  await expect(update).toBeDisabled();
  await hoverTip(page, update, TEXT.updateTooltip);
  await form.getByLabel(`FTE for ${orthopedics.label}`).fill("0.3");
  await expect(update).toBeEnabled();
  await update.click();
  await expect(form.getByTestId("update-user-error")).toHaveText(TEXT.updateMismatch);
  await page.screenshot({ path: ".tmp/shots-users/update-user-panel.png" });

  // Closing with changes: FINALIZE stays, DISCARD closes.
  await form.getByRole("button", { name: "Close panel" }).click();
  const ask = page.getByTestId("unsaved-changes-dialog");
  await expect(ask.getByRole("button", { name: "FINALIZE" })).toBeVisible();
  await ask.getByRole("button", { name: "FINALIZE" }).click();
  await form.getByLabel(`FTE for ${oncology.label}`).fill("0.5");
  await form.getByPlaceholder("Add notes here").fill("Days only");
  await update.click();
  await expect(form).toBeHidden();
  await expect(page.getByTestId("top-banner")).toContainText("User updated.");
  await expect(userRow(page, person.name)).toContainText("Days only");
});

test("update user: REVIEWED for an upload change, with its tooltip, clears the yellow row", async ({
  page,
  ownUnits,
}) => {
  // A Charge Nurse user of the test's own, added by a Users upload: the upload marks the change.
  const unit = await ownUnits.create("Review Own", { grant: false });
  const uploaded = await unit.uploadUser({
    firstName: uniqueName(),
    lastName: "Uploaded",
    positionTitle: "Charge Nurse",
    fte: 0.5,
  });
  await open(page);
  await expand(page, "Charge Nurse");
  await expect(userRow(page, uploaded.name)).toHaveAttribute("data-state-kind", "review");
  const form = await openUpdateUser(page, "Charge Nurse", uploaded.name);
  const reviewed = form.getByRole("button", { name: "REVIEWED" });
  await expect(reviewed).toBeEnabled();
  await hoverTip(page, reviewed, TEXT.reviewTooltip);
  await reviewed.click();
  await expect(form).toBeHidden();
  await expect(userRow(page, uploaded.name)).toHaveAttribute("data-state-kind", "ok");
  await expect(userRow(page, uploaded.name)).not.toContainText("Changed by upload");
});

test("update user: an admin-type user changes only notes", async ({ page }) => {
  await open(page);
  const form = await openUpdateUser(page, "Software Admin", "Alex Morgan");
  await expect(form.getByText("Admin users have no cost center permissions; only notes can change.")).toBeVisible();
  await expect(form.getByRole("button", { name: "Add cost center" })).toHaveCount(0);
  await form.getByRole("button", { name: "Close panel" }).click();
});

test("move staff: needs a user and a target; the emptied position shows 'No Assigned Staff Found.'", async ({
  page,
  userAccess: _everyoneBackInTeardown,
}) => {
  await open(page);
  await positionMenu(page, "Staff Nurse");
  await page.getByRole("menuitem", { name: "Move Staff" }).click();
  const form = panel(page, "move-staff-panel");
  await expect(form.getByRole("heading", { name: "MOVE STAFF" })).toBeVisible();
  await expect(form).toContainText("(change position within the same cost center)");
  const save = form.getByRole("button", { name: "SAVE" });
  await expect(save).toBeDisabled();
  const everyone = form.getByRole("checkbox");
  // The panel slides in: a box checked mid-slide can sit outside the viewport for that moment.
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => Number.isFinite(Number(a.effect?.getComputedTiming().endTime ?? 0)))
        .map((a) => a.finished.catch(() => undefined)),
    ),
  );
  for (const box of await everyone.all()) await box.check({ force: true });
  await expect(save).toBeDisabled();
  // Spec §5: the target left empty says so once visited (the shared rule's message).
  await form.getByLabel("Target position").focus();
  await form.getByLabel("Target position").blur();
  await expect(form.getByText("Move requires a target position", { exact: true })).toBeVisible();
  await form.getByLabel("Target position").selectOption({ label: "Assistant Nurse Manager" });
  await expect(form.getByText("Move requires a target position", { exact: true })).toHaveCount(0);
  await expect(save).toBeEnabled();
  await save.click();
  await expect(form).toBeHidden();
  await expand(page, "Staff Nurse");
  await expect(position(page, "Staff Nurse").getByText(TEXT.noStaff, { exact: true })).toBeVisible();
  await positionMenu(page, "Staff Nurse");
  await expect(page.getByRole("menuitem", { name: "Move Staff" })).toHaveCount(0);
  await page.keyboard.press("Escape");

  // Put Emily Tran (and the run's own users) back.
  await positionMenu(page, "Assistant Nurse Manager");
  await page.getByRole("menuitem", { name: "Move Staff" }).click();
  await form.getByText("Emily Tran", { exact: true }).click();
  for (const box of await form.getByRole("checkbox").all()) {
    const label = await box.getAttribute("aria-label");
    if (label === null) await box.check({ force: true });
  }
  await form.getByText("Tasha Greenwood", { exact: true }).click();
  await form.getByLabel("Target position").selectOption({ label: "Staff Nurse" });
  await form.getByRole("button", { name: "SAVE" }).click();
  await expect(form).toBeHidden();
  await expect(position(page, "Staff Nurse").getByText("Emily Tran")).toBeVisible();
});

test("delete: the two choices exclude each other, each needs its detail, success closes", async ({
  page,
  ownUnits,
}) => {
  const unit = await ownUnits.create("Delete Own", { grant: false });
  await open(page);
  const person = await addUser(page, unit);
  await userMenu(page, "Staff Nurse", person.name);
  await page.getByRole("menuitem", { name: "Delete" }).click();
  const dialog = page.getByTestId("delete-user-dialog");
  const remove = dialog.getByRole("button", { name: "DELETE" });
  await expect(remove).toBeDisabled();
  await dialog.getByText("Delete as User", { exact: true }).click();
  await expect(dialog.getByLabel("Keep as staff in cost center")).toBeVisible();
  await expect(remove).toBeDisabled();
  await dialog.getByLabel("Keep as staff in cost center").selectOption({ label: unit.label });
  await expect(remove).toBeEnabled();
  await dialog.getByText("Delete as User AND Staff", { exact: true }).click();
  await expect(dialog.getByLabel("Keep as staff in cost center")).toHaveCount(0);
  await expect(remove).toBeDisabled();
  const reason = dialog.getByLabel("Reason");
  await expect(reason.locator("option")).toHaveText([
    "Choose a reason",
    "Termination - Voluntary",
    "Termination - Involuntary",
  ]);
  await reason.selectOption({ label: "Termination - Voluntary" });
  await remove.click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId("top-banner")).toContainText("User deleted.");
  await expect(page.getByText(person.name)).toHaveCount(0);
});

test("resend invite: SENDING... while in flight, then the failure text when it fails", async ({ page, ownUnits }) => {
  const unit = await ownUnits.create("Resend Own", { grant: false });
  await open(page);
  const person = await addUser(page, unit);
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route("**/graphql", async (route) => {
    if (route.request().postData()?.includes("UserDialogs_ResendMutation")) await held;
    await route.continue();
  });
  await userMenu(page, "Staff Nurse", person.name);
  await page.getByRole("menuitem", { name: "Resend Invite" }).click();
  const dialog = page.getByTestId("resend-invite-dialog");
  await expect(dialog).toContainText(`Send a new invitation to ${person.email}?`);
  await dialog.getByRole("button", { name: "RESEND" }).click();
  await expect(dialog.getByRole("button", { name: "SENDING..." })).toBeVisible();
  release();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId("top-banner")).toContainText(`Invitation sent to ${person.email}.`);

  await page.unroute("**/graphql");
  await page.route("**/graphql", (route) =>
    route.request().postData()?.includes("UserDialogs_ResendMutation") ? route.abort() : route.continue(),
  );
  await userMenu(page, "Staff Nurse", person.name);
  await page.getByRole("menuitem", { name: "Resend Invite" }).click();
  await dialog.getByRole("button", { name: "RESEND" }).click();
  await expect(dialog.getByRole("alert")).toHaveText(
    `Failed to resend invitation to ${person.email}. Please try again.`,
  );
  await dialog.getByRole("button", { name: "CANCEL" }).click();
});

test("print: the action bar hides, the print header shows the facility name", async ({ page }) => {
  await open(page);
  await page.emulateMedia({ media: "print" });
  await expect(page.getByRole("button", { name: "Expand all" })).toBeHidden();
  await expect(page.getByRole("button", { name: "Print" })).toBeHidden();
  await expect(page.locator("[data-print-only]")).toContainText("St. Catherine Medical Center");
  // Spec §9: scaled to 0.88 with no margins; the app's header and footer stay off paper.
  expect(await page.evaluate(() => getComputedStyle(document.body).zoom)).toBe("0.88");
  await expect(page.locator("body > * header").first()).toBeHidden();
  await page.emulateMedia({ media: "screen" });
  await expect(page.getByRole("button", { name: "Print" })).toBeVisible();
  await expect(page.locator("[data-print-only]")).toBeHidden();
});

async function leaveAndReadTask(page: Page) {
  await page.getByRole("button", { name: "HOME" }).click();
  await expect(page).toHaveURL(/\/admin\/landing$/);
  return page.getByTestId("setup-step").filter({ hasText: "USER ACCESSIBILITY" });
}

async function setOnlyCostCenter(page: Page, title: string, name: string, costCenter: string | null, fte = "") {
  const form = await openUpdateUser(page, title, name);
  if (costCenter) {
    await pickCostCenters(page, form, [costCenter]);
    await form.getByLabel(`FTE for ${costCenter}`).fill(fte);
  } else {
    for (const button of await form.getByRole("button", { name: /^Remove / }).all()) {
      await button.click();
      await page.getByTestId("delete-permission-dialog").getByRole("button", { name: "DELETE" }).click();
    }
    await expect(form.getByTestId("permissions-empty")).toHaveText(`No permissions found for ${name}`);
  }
  await form.getByRole("button", { name: "UPDATE" }).click();
  await expect(form).toBeHidden();
}

test("leaving the screen sets AddUserAccessibility: Pending while users lack cost centers, then Completed", async ({
  page,
  userAccess: _derekAndEmilyBackInTeardown,
  facilitySettings: _taskStateBackInTeardown,
}) => {
  await open(page);
  await expect(page.getByTestId("assign-users-summary")).toContainText("User Members to be Assigned2");
  await expect(await leaveAndReadTask(page)).toContainText("Pending");

  await page.goto(PATH);
  await setOnlyCostCenter(page, "Charge Nurse", "Derek Hollis", "6110 Oncology", "1.00");
  await setOnlyCostCenter(page, "Staff Nurse", "Emily Tran", "6090 Pediatrics", "0.90");
  await expect(page.getByTestId("assign-users-summary")).toContainText("User Members to be Assigned0");
  await expect(position(page, "Charge Nurse").getByText("UNASSIGNED", { exact: true })).toHaveCount(0);
  await expect(await leaveAndReadTask(page)).toContainText("Completed");

  // Put the seed back: both without cost centers again, and the task Pending.
  await page.goto(PATH);
  await setOnlyCostCenter(page, "Charge Nurse", "Derek Hollis", null);
  await setOnlyCostCenter(page, "Staff Nurse", "Emily Tran", null);
  await expect(await leaveAndReadTask(page)).toContainText("Pending");
});

test("the users sort by a column of the staff table (aria-sort), and one filter narrows every position to its matches", async ({
  page,
  ownUnit,
}) => {
  // Three users of the test's own in Staff Nurse, sharing a last name unique to the try.
  const family = uniqueName();
  const [bree, alma, cato] = [
    await ownUnit.addStaff({ firstName: "bree", lastName: family, fte: 0.8 }),
    await ownUnit.addStaff({ firstName: "Alma", lastName: family, fte: 1 }),
    await ownUnit.addStaff({ firstName: "Cato", lastName: family, fte: 0.5 }),
  ];
  await open(page);
  const filter = page.getByLabel("Filter users");
  const positions = page.locator('[data-testid^="position-"]');
  const positionCount = await positions.count();
  const staffNurse = position(page, "Staff Nurse");
  const header = (name: string) => staffNurse.getByRole("columnheader", { name, exact: true });
  const names = () => staffNurse.locator('[data-testid^="user-row-"] td:nth-child(2)').allTextContents();

  // A filter opens the positions holding a match and leaves the others out.
  await filter.fill(family.toLowerCase());
  await expect(positions).toHaveCount(1);
  await expect(staffNurse.getByRole("button", { name: "Collapse Staff Nurse" })).toHaveAttribute(
    "aria-expanded",
    "true",
  );
  await expect(page.getByTestId("table-range")).toContainText("Showing 1–3 of 3 (filtered from");
  // The list's own order: by first name, case-insensitively.
  await expect(header("Assigned Staff")).toHaveAttribute("aria-sort", "ascending");
  expect(await names()).toEqual([alma.name, bree.name, cato.name]);

  await header("Assigned Staff").getByRole("button").click();
  await expect(header("Assigned Staff")).toHaveAttribute("aria-sort", "descending");
  expect(await names()).toEqual([cato.name, bree.name, alma.name]);
  await header("FTE").getByRole("button").click();
  await expect(header("FTE")).toHaveAttribute("aria-sort", "ascending");
  await expect(header("Assigned Staff")).toHaveAttribute("aria-sort", "none");
  expect(await names()).toEqual([cato.name, bree.name, alma.name]);
  await header("FTE").getByRole("button").click();
  expect(await names()).toEqual([alma.name, bree.name, cato.name]);
  await page.screenshot({ path: "test-results/screens/user-access-filtered.png", fullPage: true });

  // By e-mail as well; then nothing.
  await filter.fill(bree.email.toUpperCase());
  expect(await names()).toEqual([bree.name]);
  await filter.fill(`${family} nobody`);
  await expect(page.getByText(`No users match “${family} nobody”.`)).toBeVisible();
  await expect(positions).toHaveCount(0);

  // Cleared: every position again, closed as they were.
  await filter.fill("");
  await expect(positions).toHaveCount(positionCount);
  await expect(staffNurse.getByRole("button", { name: "Expand Staff Nurse" })).toHaveAttribute(
    "aria-expanded",
    "false",
  );
});
