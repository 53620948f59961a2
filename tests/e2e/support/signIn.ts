import { expect, type Page } from "@playwright/test";
import { DEMO_ACCOUNTS, type DemoAccountType } from "../../../db/seed/demoAccounts";

/**
 * Signs a page in as a demo account through the embedded provider's form, as a person would, and
 * waits until /home shows the signed-in state. The session lives in sessionStorage, which survives
 * page.goto within the same page: sign in once per page, then navigate.
 */
export async function signIn(page: Page, account: DemoAccountType): Promise<void> {
  const { email, password } = DEMO_ACCOUNTS[account];
  await page.goto("/home");
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(/\/oidc\/interaction\//);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(/\/home$/);
  await expect.poll(() => page.evaluate(() => sessionStorage.getItem("accountType"))).toBe(account);
}
