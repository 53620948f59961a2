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
