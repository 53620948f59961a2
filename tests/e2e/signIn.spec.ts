import { DEMO_ACCOUNTS, type DemoAccountType } from "../../db/seed/demoAccounts";
import { ACCOUNT_TYPE_LABELS } from "../../schema/accountTypes";
import { logOut, signIn, signInByForm } from "./support/signIn";
import { expect, test } from "./support/test";

const accounts = Object.keys(DEMO_ACCOUNTS) as DemoAccountType[];

for (const account of accounts) {
  test(`the ${account} demo account signs in through the embedded provider and lands on /home`, async ({ page }) => {
    const { email, password, firstName, lastName } = DEMO_ACCOUNTS[account];
    await signInByForm(page, email, password);

    await expect(page).toHaveURL(/\/home$/);
    const main = page.getByRole("main");
    await expect(main.getByText(`Signed in as ${firstName} ${lastName}`)).toBeVisible();
    await expect(main.getByText(ACCOUNT_TYPE_LABELS[account], { exact: true })).toBeVisible();
    await expect(main.getByText("St. Catherine Medical Center")).toBeVisible();

    const session = await page.evaluate(() => ({
      accessToken: sessionStorage.getItem("accessToken"),
      accountType: sessionStorage.getItem("accountType"),
      email: sessionStorage.getItem("email"),
      facilityName: sessionStorage.getItem("facilityName"),
    }));
    expect(session).toMatchObject({ accountType: account, email, facilityName: "St. Catherine Medical Center" });
    expect(session.accessToken?.split(".")).toHaveLength(3);
    await page.screenshot({ path: `test-results/screens/home-signed-in-${account}.png`, fullPage: true });
  });
}

test("a wrong password stays on the provider's form with its message", async ({ page }) => {
  await signInByForm(page, DEMO_ACCOUNTS.admin.email, "wrong-password");
  await expect(page.getByRole("alert")).toHaveText("The email or password is incorrect.");
  await expect(page).toHaveURL(/\/oidc\/interaction\//);
  await page.screenshot({ path: "test-results/screens/provider-sign-in-error.png", fullPage: true });
});

test("log out returns to /home signed out, with the session cleared", async ({ page }) => {
  await signIn(page, "user");
  await expect(page.getByText("Signed in as")).toBeVisible();
  await logOut(page);
  expect(await page.evaluate(() => sessionStorage.getItem("accessToken"))).toBeNull();
});

test("a path that does not exist shows the not-found page", async ({ page }) => {
  await page.goto("/no/such/page");
  await expect(page.getByRole("heading", { name: "Page not found" })).toBeVisible();
});

test("an expired access token is renewed silently: the manager keeps working", async ({ page }) => {
  await signIn(page, "user");
  // Stand in an hour later: the stored access token has expired (only its expiry is read in the browser).
  await page.evaluate(() => {
    const encode = (value: object) => btoa(JSON.stringify(value)).replace(/=+$/, "");
    const expired = `${encode({ alg: "RS256" })}.${encode({ exp: Math.floor(Date.now() / 1000) - 60 })}.x`;
    sessionStorage.setItem("accessToken", expired);
  });
  await page.goto("/user/landing");
  await expect(page.getByRole("heading", { name: "My cost centers" })).toBeVisible();
  const renewed = await page.evaluate(() => sessionStorage.getItem("accessToken"));
  const payload = JSON.parse(Buffer.from((renewed ?? "..").split(".")[1] ?? "", "base64url").toString() || "{}");
  expect(payload.exp * 1000).toBeGreaterThan(Date.now() + 50 * 60_000);
});
