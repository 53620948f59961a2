import type { Locator, Page } from "@playwright/test";
import { expectNoSeriousAxeFindings } from "./support/accessibility";
import { expect, test, uniqueWord } from "./support/ownData";
import { signIn } from "./support/signIn";
import { openAddUserPanel } from "./support/userAccess";

/**
 * Issue #15 item 2: axe (WCAG 2.1 AA) finds nothing serious or critical on any open dialog or side
 * panel, each opened as a person would and left without changing anything (CANCEL or Escape). The
 * routes themselves are swept in routes.spec.ts; the unsaved-changes dialog, the cost center
 * history drawer, the dashboards' drawer and the printed plan in their own specs.
 */

async function axeOn(page: Page, dialog: Locator, what: string) {
  await expect(dialog).toBeVisible();
  await expectNoSeriousAxeFindings(page, what);
}

test("user accessibility: the add and update panels, the picker, the outbox and the user dialogs", async ({ page }) => {
  await signIn(page, "admin", "/admin/user-accessibility");
  // Every test's users are listed by now: the first load can take a while on a busy CI machine.
  await expect(page.getByTestId("assign-users-summary")).toBeVisible({ timeout: 15_000 });
  const position = (title: string) => page.getByTestId(`position-${title}`);

  for (const [kind, testId] of [
    ["Outside your organization", "add-outside-panel"],
    ["Within your organization", "add-within-panel"],
  ] as const) {
    const panel = await openAddUserPanel(page, "Staff Nurse", kind);
    await expect(panel).toHaveAttribute("data-testid", testId);
    await axeOn(page, panel, `the add-user panel (${kind})`);
    if (kind === "Outside your organization") {
      await panel.getByRole("button", { name: "Add cost center" }).click();
      const picker = page.getByTestId("cost-center-picker");
      await axeOn(page, picker, "the cost center picker");
      await page.keyboard.press("Escape");
      await expect(picker).toBeHidden();
    }
    await page.keyboard.press("Escape");
    await expect(panel).toBeHidden();
  }

  // A user's menu: Update User, Resend Invite and Delete, each left with nothing changed.
  const toggle = position("Charge Nurse").getByRole("button", { name: /^(Expand|Collapse) Charge Nurse$/ });
  if ((await toggle.getAttribute("aria-expanded")) !== "true") await toggle.click();
  const actions = page.getByRole("button", { name: "Actions for Kevin Osei" });
  const openMenu = async () =>
    expect(async () => {
      if ((await actions.getAttribute("aria-expanded")) !== "true") await actions.click();
      await expect(actions).toHaveAttribute("aria-expanded", "true", { timeout: 1000 });
    }).toPass({ timeout: 10_000 });

  await openMenu();
  await page.getByRole("menuitem", { name: "Update User" }).click();
  const update = page.getByTestId("update-user-panel");
  await axeOn(page, update, "the update-user panel");
  await page.keyboard.press("Escape");
  await expect(update).toBeHidden();

  for (const [item, testId] of [
    ["Resend Invite", "resend-invite-dialog"],
    ["Delete", "delete-user-dialog"],
  ] as const) {
    const dialog = page.getByTestId(testId);
    // A click on the still-settling menu can close it instead: open it and choose again.
    await expect(async () => {
      await openMenu();
      await page.getByRole("menuitem", { name: item }).click({ timeout: 2000 });
      await expect(dialog).toBeVisible({ timeout: 2000 });
    }).toPass({ timeout: 20_000 });
    await axeOn(page, dialog, `the ${item} dialog`);
    await dialog.getByRole("button", { name: "CANCEL" }).click();
    await expect(dialog).toBeHidden();
  }

  await page.getByRole("button", { name: "Outbox (development)" }).click();
  const outbox = page.getByTestId("outbox-panel");
  await axeOn(page, outbox, "the outbox");
  await page.keyboard.press("Escape");
  await expect(outbox).toBeHidden();
});

test("cost center maintenance: the delete question and the upload dialog", async ({ page, ownUnit }) => {
  await signIn(page, "admin", "/admin/cost-center-maintenance");
  await page.getByTestId("pick-your-option").selectOption({ label: "Delete/Reset Cost Center" });
  await page.getByLabel("Cost center number", { exact: true }).selectOption({ label: ownUnit.code });
  await page.getByText("Deleting", { exact: true }).click();
  await page.getByTestId("footer-actions").getByRole("button", { name: "DELETE" }).click();
  const confirm = page.getByTestId("confirm-dialog");
  await axeOn(page, confirm, "the delete question");
  await confirm.getByRole("button", { name: "CANCEL" }).click();
  await expect(confirm).toBeHidden();

  await page.getByTestId("pick-your-option").selectOption({ label: "Update Cost Center" });
  await page.getByLabel("Cost center number", { exact: true }).selectOption({ label: ownUnit.code });
  await page.getByRole("button", { name: `Upload staff file for ${ownUnit.code}` }).click();
  const upload = page.getByTestId("upload-dialog");
  await axeOn(page, upload, "the upload dialog");
  await upload.getByRole("button", { name: "CANCEL" }).click();
  await expect(upload).toHaveCount(0);
});

test("Manage Staff: the add, edit, transfer, terminate and remove dialogs", async ({ page, ownUnits }) => {
  const unit = await ownUnits.create(`Dialog Unit ${uniqueWord()}`, { manageStaff: true });
  const member = await unit.addStaff({ firstName: "Dana", fte: 0.5 });
  const name = `Dana ${member.lastName}`;
  await signIn(page, "user", "/user/manageStaff");
  await page.getByLabel("Cost center").selectOption({ label: unit.label });
  await expect(page.getByTestId("staff-row").filter({ hasText: name })).toBeVisible();

  await page.getByRole("button", { name: "Add staff" }).click();
  const add = page.getByTestId("add-staff-dialog");
  await axeOn(page, add, "the add-staff dialog");
  await add.getByRole("button", { name: "CANCEL" }).click();
  await expect(add).toBeHidden();

  for (const action of ["Edit", "Transfer", "Terminate", "Remove"] as const) {
    await page.getByRole("button", { name: `${action} ${name}` }).click();
    const dialog = page.getByRole("dialog").or(page.getByRole("alertdialog")).last();
    await axeOn(page, dialog, `the ${action} dialog`);
    await dialog.getByRole("button", { name: "CANCEL" }).click();
    await expect(dialog).toBeHidden();
  }
  // Nothing was changed by looking.
  await expect(page.getByTestId("staff-row").filter({ hasText: name })).toBeVisible();
});
