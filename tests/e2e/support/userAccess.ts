import { expect, type Page } from "@playwright/test";

/** Opens the 'Add New User' submenu as a keyboard user would: focus the item, then ArrowRight. */
export async function openAddNewUserSubmenu(page: Page) {
  const trigger = page.getByRole("menuitem", { name: "Add New User" });
  const outside = page.getByRole("menuitem", { name: "Outside your organization" });
  await expect(async () => {
    if (!(await outside.isVisible())) {
      await trigger.hover();
      await trigger.press("ArrowRight");
    }
    await expect(outside).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 10_000 });
}

export type AddUserKind = "Outside your organization" | "Within your organization";

/**
 * A position's ⋮ → Add New User → `kind`, until the add-user panel shows. Under load a click can
 * land on the submenu while it is still being placed and close the menus instead (seen in CI);
 * then every menu is closed and the person tries again.
 */
export async function openAddUserPanel(page: Page, positionTitle: string, kind: AddUserKind) {
  const panel = page.getByTestId(kind === "Outside your organization" ? "add-outside-panel" : "add-within-panel");
  await expect(async () => {
    if (await panel.isVisible()) return;
    for (let tries = 0; tries < 3 && (await page.getByRole("menu").first().isVisible()); tries++) {
      await page.keyboard.press("Escape");
    }
    await page
      .getByTestId(`position-${positionTitle}`)
      .getByRole("button", { name: `Actions for ${positionTitle}` })
      .click();
    await openAddNewUserSubmenu(page);
    await page.getByRole("menuitem", { name: kind }).click();
    await expect(panel).toBeVisible({ timeout: 3000 });
  }).toPass({ timeout: 30_000 });
  return panel;
}
