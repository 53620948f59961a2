import { expect, type Page } from "@playwright/test";
import { REFRESH_KEY } from "../../../client/src/auth/localOidcAdapter";
import { DEMO_ACCOUNTS, type DemoAccountType } from "../../../db/seed/demoAccounts";
import { signInForTokens } from "../../support/signIn";

/**
 * Signs a page in as a demo account, then opens `landOn` (default /home) and waits until the app has
 * read the account; `landOn: null` opens nothing, for a page that first calls the API (its next
 * page.goto starts the app signed in).
 *
 * The sign-in itself is the real one (authorization code with PKCE through the embedded provider's
 * login form and token endpoint), made from the test rather than by typing: the form is driven as a
 * person would in signIn.spec.ts, and typing it again in every test cost about three seconds each.
 * The page then holds exactly what a form sign-in leaves: the tokens in sessionStorage (which
 * survives page.goto within the same page: sign in once per page, then navigate) and the provider's
 * session cookies.
 */
export async function signIn(page: Page, account: DemoAccountType, landOn: string | null = "/home"): Promise<void> {
  await putSessionInPage(page, account);
  if (landOn === null) return;
  await page.goto(landOn);
  await expect.poll(() => page.evaluate(() => sessionStorage.getItem("accountType"))).toBe(account);
}

/**
 * Signs a page in as a demo account, opens `path` and waits for the level-1 heading a screen (or
 * the not-found page) shows there.
 */
export async function signInAndExpectHeading(
  page: Page,
  account: DemoAccountType,
  path: string,
  heading: string,
): Promise<void> {
  await signIn(page, account, path);
  await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible();
}

/**
 * The sign-in part of signIn: leaves the page on a same-origin page (the sign-in settings) holding
 * the account's tokens in sessionStorage and the provider's session cookies, and opens nothing else
 * (tests/bench/clientSize.ts uses it before it clears the browser cache).
 */
export async function putSessionInPage(page: Page, account: DemoAccountType): Promise<void> {
  const { email, password } = DEMO_ACCOUNTS[account];
  // Any same-origin page opens the app's sessionStorage; the sign-in settings answer fastest.
  await page.goto("/api/config/auth");
  const origin = new URL(page.url()).origin;
  const { accessToken, refreshToken, cookie } = await signInForTokens(origin, email, password);
  await page.context().addCookies(
    cookie
      .split("; ")
      .filter(Boolean)
      .map((pair) => {
        const [name = "", ...value] = pair.split("=");
        return { name, value: value.join("="), url: `${origin}/` };
      }),
  );
  await page.evaluate(
    ({ accessToken, refreshToken, refreshKey }) => {
      sessionStorage.setItem("accessToken", accessToken);
      if (refreshToken) sessionStorage.setItem(refreshKey, refreshToken);
    },
    { accessToken, refreshToken, refreshKey: REFRESH_KEY },
  );
}

/**
 * Signs in as a person does: opens `/home` (relative to the page's base URL), presses Sign in and
 * types the email and password into the embedded provider's form. Used where the form itself is
 * under test (signIn.spec.ts, the compose stack); other tests use signIn.
 */
export async function signInByForm(page: Page, email: string, password: string, home = "/home"): Promise<void> {
  await page.goto(home);
  await page.getByRole("button", { name: "Sign in" }).click();
  // The provider's own page: a plain form with labelled fields.
  await expect(page).toHaveURL(/\/oidc\/interaction\//);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
}

/**
 * Presses the footer's LOGOUT and waits for the whole round trip: the provider ends its session
 * (its "Signing out" page posts to /session/end/confirm), then /home loads signed out. Waiting
 * for /home alone raced it when the app still showed the signed-out /home before leaving for the
 * provider (AuthProvider's sign-out now keeps the page as it is): a check of the page then ran in a
 * document about to go ("Execution context was destroyed", CI). The page at /home before the
 * round trip ends is never the one to check.
 */
export async function logOut(page: Page): Promise<void> {
  const confirmed = page.waitForResponse((response) =>
    new URL(response.url()).pathname.endsWith("/session/end/confirm"),
  );
  await page.locator("footer").getByRole("button", { name: "LOGOUT" }).click();
  await confirmed;
  await expect(page).toHaveURL(/\/home$/);
  await expect(page.getByRole("button", { name: "Sign in" })).toBeVisible();
}
