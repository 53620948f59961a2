import type { Page } from "@playwright/test";
import { expectNoSeriousAxeFindings } from "./support/accessibility";
import { signInAndExpectHeading } from "./support/signIn";
import { expect, test } from "./support/test";

/**
 * Idle session (spec sections 4 and 9) on a fake clock: warning at 9 idle minutes with a 60-second
 * countdown, automatic logout at 0, or at once after more than 10 idle minutes.
 */

const SCREENS = "test-results/screens";

test.beforeEach(async ({ page }) => {
  // Before any navigation, so the app's Date and timers are the fake ones from the start.
  await page.clock.install();
});

function idleDialog(page: Page) {
  return page.getByRole("alertdialog", { name: "Are you still there?" });
}

async function countdown(page: Page): Promise<number> {
  return Number(await page.getByTestId("idle-countdown").textContent());
}

async function signInOnLanding(page: Page) {
  await signInAndExpectHeading(page, "user", "/user/landing", "My cost centers");
}

/** Idle from now: 8 more minutes give no warning, the 9th does. */
async function expectWarningAfterNineMoreMinutes(page: Page) {
  await page.clock.fastForward("08:00");
  await page.clock.runFor(2000);
  await expect(idleDialog(page)).toBeHidden();
  await page.clock.fastForward("01:00");
  await expect(idleDialog(page)).toBeVisible();
}

async function expectSignedOutOnHome(page: Page) {
  await expect(page).toHaveURL(/\/home$/);
  await expect(page.getByRole("button", { name: "Sign in" })).toBeVisible();
  expect(await page.evaluate(() => sessionStorage.getItem("accessToken"))).toBeNull();
  expect(await page.evaluate(() => sessionStorage.getItem("orgId"))).toBeNull();
}

test("no warning before 9 idle minutes; at 9 the dialog counts down from 60", async ({ page }) => {
  await signInOnLanding(page);

  await page.clock.fastForward("08:50");
  await page.clock.runFor(2000);
  await expect(idleDialog(page)).toBeHidden();

  await page.clock.fastForward("00:10");
  await expect(idleDialog(page)).toBeVisible();
  await expect(idleDialog(page).getByRole("button", { name: "LOG ME OUT" })).toBeVisible();
  await expect(idleDialog(page).getByRole("button", { name: "KEEP ME LOGGED IN" })).toBeFocused();
  const first = await countdown(page);
  expect(first).toBeGreaterThanOrEqual(57);
  expect(first).toBeLessThanOrEqual(60);
  await page.screenshot({ path: `${SCREENS}/idle-warning.png` });

  await page.clock.runFor(5000);
  await expect.poll(() => countdown(page)).toBe(first - 5);
});

test("the warning passes axe (WCAG 2.1 AA)", async ({ page }) => {
  await signInOnLanding(page);
  await page.clock.fastForward("09:00");
  await expect(idleDialog(page)).toBeVisible();
  // axe waits on timers of its own: let time flow again (the countdown has a minute to go).
  await page.clock.resume();
  await expectNoSeriousAxeFindings(page, "the idle warning");
  await expect(idleDialog(page)).toBeVisible();
});

test("KEEP ME LOGGED IN keeps the session and starts the idle time again", async ({ page }) => {
  await signInOnLanding(page);
  await page.clock.fastForward("09:05");
  await expect(idleDialog(page)).toBeVisible();

  await idleDialog(page).getByRole("button", { name: "KEEP ME LOGGED IN" }).click();
  await expect(idleDialog(page)).toBeHidden();
  await expect(page).toHaveURL(/\/user\/landing$/);
  expect(await page.evaluate(() => sessionStorage.getItem("accessToken"))).not.toBeNull();

  // Counting starts again from the click.
  await expectWarningAfterNineMoreMinutes(page);
});

test("activity resets the idle time, and the server hears of it (its own idle rule, issue #17)", async ({ page }) => {
  await signInOnLanding(page);
  await page.clock.fastForward("08:00");
  const reported = page.waitForResponse(
    (response) => response.url().endsWith("/api/session/activity") && response.request().method() === "POST",
  );
  await page.mouse.move(200, 300);
  await page.keyboard.press("Shift");
  // The server accepts the report: the session is still within its limit.
  expect((await reported).status()).toBe(204);
  await expectWarningAfterNineMoreMinutes(page);
});

test("the countdown reaching 0 logs out automatically and lands on /home", async ({ page }) => {
  await signInOnLanding(page);
  await page.clock.fastForward("09:00");
  await expect(idleDialog(page)).toBeVisible();
  await page.clock.runFor(61_000);
  await expectSignedOutOnHome(page);
});

test("LOG ME OUT logs out at once", async ({ page }) => {
  await signInOnLanding(page);
  await page.clock.fastForward("09:30");
  await idleDialog(page).getByRole("button", { name: "LOG ME OUT" }).click();
  await expectSignedOutOnHome(page);
});

test("more than 10 idle minutes at once (a laptop that slept) logs out without waiting", async ({ page }) => {
  await signInOnLanding(page);
  await page.clock.fastForward("11:00");
  await expectSignedOutOnHome(page);
});

test("signed out, nothing watches for idleness", async ({ page }) => {
  await page.goto("/home");
  await page.clock.fastForward("11:00");
  await page.clock.runFor(2000);
  await expect(idleDialog(page)).toBeHidden();
  await expect(page.getByRole("button", { name: "Sign in" })).toBeVisible();
});
