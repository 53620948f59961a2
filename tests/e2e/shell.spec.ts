import type { Page } from "@playwright/test";
import { DEMO_ACCOUNTS, type DemoAccountType } from "../../db/seed/demoAccounts";
import { ACCOUNT_TYPE_LABELS } from "../../schema/accountTypes";
import { screen } from "./support/graphqlRoute";
import { gql } from "./support/ownData";
import { logOut, signIn } from "./support/signIn";
import { expect, test } from "./support/test";

const FACILITY = "St. Catherine Medical Center";
const SCREENS = "test-results/screens";

/** Spec section 2: the pages whose footer shows no back or main buttons, and whose account may open them. */
const PAGES_WITHOUT_BACK_OR_MAIN: readonly { path: string; account: DemoAccountType }[] = [
  { path: "/user/dashboard", account: "user" },
  { path: "/admin/landing", account: "admin" },
  { path: "/admin/employee-search", account: "admin" },
  { path: "/user/employee-search", account: "user" },
  { path: "/user/landing", account: "user" },
  { path: "/exec/landing", account: "exec" },
  { path: "/exec/employee-search", account: "exec" },
  { path: "/exec/positions-rollup", account: "exec" },
  { path: "/exec/position-control", account: "exec" },
  { path: "/exec/individual-dashboard", account: "exec" },
  { path: "/exec/facility-dashboard", account: "exec" },
  { path: "/user/manageStaff", account: "user" },
  { path: "/admin/cost-center-maintenance", account: "admin" },
  { path: "/user/profile", account: "admin" },
  { path: "/contact-us", account: "admin" },
  { path: "/admin/user-accessibility", account: "admin" },
  { path: "/faq", account: "admin" },
];

/** Pages outside that list: back and main show, main disabled unless the page enables it. */
const PAGES_WITH_BACK_AND_MAIN: readonly { path: string; account: DemoAccountType }[] = [
  { path: "/admin/job-categorization", account: "admin" },
  { path: "/admin/facility-definitions/financial-information", account: "admin" },
  { path: "/admin/facility-definitions/hr-guidelines", account: "admin" },
  { path: "/admin/upload/staff", account: "admin" },
  { path: "/user/wizard/unitdef", account: "user" },
  { path: "/user/wizard/review", account: "user" },
  { path: "/user/modelling", account: "user" },
];

const MENU_ITEMS: Record<DemoAccountType, string[]> = {
  admin: ["Profile", "Contact Us", "FAQ's", "Log out"],
  user: ["Profile", "Contact Us", "FAQ's", "Log out"],
  exec: ["Profile", "Log out"],
};

const footer = (page: Page) => page.locator("footer");
const header = (page: Page) => page.locator("header");

function initialsOf(account: DemoAccountType): string {
  const { firstName, lastName } = DEMO_ACCOUNTS[account];
  return `${firstName[0]}${lastName[0]}`;
}

async function nextFrames(page: Page) {
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
}

/**
 * Opens the user menu and chooses `item` until `chosen` passes (the page at a URL shows, a dialog
 * asks), as a person clicks again when a click did nothing. A page that has just opened takes focus
 * to its heading as it mounts, which closes a menu opened before; and in CI a click on an item
 * sometimes leaves the menu open and the page where it was (the header test once, the
 * unsaved-changes test once: the menu open and focused, no item highlighted; the cause is not
 * known).
 */
async function chooseFromUserMenu(page: Page, item: string, chosen: () => Promise<void>) {
  await expect(async () => {
    if (!(await page.getByRole("menu").isVisible())) await openUserMenu(page);
    await page.getByRole("menu").getByRole("menuitem", { name: item }).click({ timeout: 2000 });
    await chosen();
  }).toPass({ timeout: 20_000 });
}

const urlShows = (page: Page, url: RegExp) => () => expect(page).toHaveURL(url, { timeout: 2000 });

async function openUserMenu(page: Page) {
  await header(page)
    .getByRole("button", { name: /^[A-Z]{1,3}, user menu for / })
    .click();
  const menu = page.getByRole("menu");
  await expect(menu).toBeVisible();
  // The menu takes focus a frame after opening; acting before that races its own focus handling.
  await expect(menu).toBeFocused();
  return menu;
}

for (const account of ["admin", "user", "exec"] as const) {
  test(`header for ${account}: logo, facility badge, initials and the menu of the account type`, async ({ page }) => {
    const { firstName, lastName, email } = DEMO_ACCOUNTS[account];
    await signIn(page, account, `/${account}/landing`);

    await expect(header(page).getByRole("link", { name: "Staffing & Position Control, home" })).toBeVisible();
    await expect(header(page).getByText("Staffing & Position Control")).toBeVisible();
    await expect(header(page).getByTestId("facility-badge")).toHaveText(FACILITY);
    const menuButton = header(page).getByRole("button", {
      name: `${initialsOf(account)}, user menu for ${firstName} ${lastName}`,
    });
    await expect(menuButton).toHaveText(initialsOf(account));

    const menu = await openUserMenu(page);
    await expect(menu.getByTestId("user-menu-name")).toHaveText(`${firstName} ${lastName}`);
    await expect(menu.getByTestId("user-menu-account-type")).toHaveText(ACCOUNT_TYPE_LABELS[account]);
    await expect(menu.getByText(email)).toBeVisible();
    await expect(menu.getByRole("menuitem")).toHaveText(MENU_ITEMS[account]);
    await page.screenshot({ path: `${SCREENS}/header-menu-${account}.png` });

    // Each menu link opens its page.
    await chooseFromUserMenu(page, "Profile", urlShows(page, /\/user\/profile$/));
    if (account !== "exec") {
      await chooseFromUserMenu(page, "Contact Us", urlShows(page, /\/contact-us$/));
      await chooseFromUserMenu(page, "FAQ's", urlShows(page, /\/faq$/));
    }

    // The logo goes to the account's landing page.
    await header(page).getByRole("link", { name: "Staffing & Position Control, home" }).click();
    await expect(page).toHaveURL(new RegExp(`/${account}/landing$`));
  });
}

test("the user menu works from the keyboard, and its Log out returns to /home signed out", async ({ page }) => {
  await signIn(page, "admin", "/admin/landing");
  const menuButton = header(page).getByRole("button", { name: /^[A-Z]{1,3}, user menu for / });
  await menuButton.focus();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("menu")).toBeFocused();
  // The menu keeps focus and marks the active item (aria-activedescendant).
  await expect(page.getByRole("menuitem", { name: "Profile" })).toHaveAttribute("data-highlighted", "");
  await page.keyboard.press("ArrowDown");
  await expect(page.getByRole("menuitem", { name: "Contact Us" })).toHaveAttribute("data-highlighted", "");
  // The menu re-focuses its content a frame after a move; a key faster than any hand would race that.
  await nextFrames(page);
  await page.keyboard.press("Escape");
  await expect(page.getByRole("menu")).toBeHidden();
  await expect(menuButton).toBeFocused();

  await page.keyboard.press("Enter");
  await expect(page.getByRole("menu")).toBeFocused();
  await expect(page.getByRole("menuitem", { name: "Profile" })).toHaveAttribute("data-highlighted", "");
  await page.keyboard.press("End");
  await expect(page.getByRole("menuitem", { name: "Log out" })).toHaveAttribute("data-highlighted", "");
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/home$/);
  await expect(page.getByRole("button", { name: "Sign in" })).toBeVisible();
  expect(await page.evaluate(() => [sessionStorage.getItem("accessToken"), sessionStorage.getItem("orgId")])).toEqual([
    null,
    null,
  ]);
});

test("the header shows a skeleton for at least 500 ms while `me` loads", async ({ page }) => {
  await signIn(page, "admin");
  // Record when the skeleton appears and goes, from inside the page.
  await page.addInitScript(() => {
    const marks: { shown?: number; hidden?: number } = {};
    (window as unknown as { skeletonMarks: typeof marks }).skeletonMarks = marks;
    new MutationObserver(() => {
      const present = document.querySelector("[data-testid=header-skeleton]") !== null;
      if (present && marks.shown === undefined) marks.shown = performance.now();
      if (!present && marks.shown !== undefined && marks.hidden === undefined) marks.hidden = performance.now();
    }).observe(document, { childList: true, subtree: true });
  });
  await page.goto("/admin/landing");
  await expect(header(page).getByTestId("facility-badge")).toBeVisible();
  const marks = await page.evaluate(
    () => (window as unknown as { skeletonMarks: Record<string, number> }).skeletonMarks,
  );
  expect(marks.shown).toBeDefined();
  expect(marks.hidden).toBeDefined();
  expect((marks.hidden ?? 0) - (marks.shown ?? 0)).toBeGreaterThanOrEqual(480);
});

test("signed-out /home: a footer without LOGOUT, home, back or main, and no header", async ({ page }) => {
  await page.goto("/home");
  await expect(footer(page)).toBeVisible();
  await expect(footer(page).getByRole("button")).toHaveCount(0);
  await expect(page.locator("header")).toHaveCount(0);
  await page.screenshot({ path: `${SCREENS}/home-signed-out.png`, fullPage: true });

  await page.goto("/no/such/page");
  await expect(footer(page)).toBeVisible();
  await expect(footer(page).getByRole("button")).toHaveCount(0);
  await page.screenshot({ path: `${SCREENS}/not-found-signed-out.png`, fullPage: true });
});

for (const account of ["admin", "user", "exec"] as const) {
  test(`footer for ${account}: LOGOUT and home on every page; home goes to /${account}/landing`, async ({ page }) => {
    await signIn(page, account);
    await expect(footer(page).getByRole("button", { name: "LOGOUT" })).toBeVisible();
    await expect(footer(page).getByRole("button", { name: "Home" })).toBeVisible();
    await expect(footer(page).getByRole("button", { name: "BACK" })).toHaveCount(0);
    await page.goto("/user/profile");
    await expect(footer(page).getByRole("button", { name: "LOGOUT" })).toBeVisible();
    await footer(page).getByRole("button", { name: "Home" }).click();
    await expect(page).toHaveURL(new RegExp(`/${account}/landing$`));
    await page.screenshot({ path: `${SCREENS}/landing-${account}.png`, fullPage: true });

    // A signed-in route of another account type: the not-found page, still in the shell.
    const foreign = account === "admin" ? "/exec/landing" : "/admin/landing";
    await page.goto(foreign);
    await expect(page.getByRole("heading", { name: "Page not found" })).toBeVisible();
    await expect(footer(page).getByRole("button", { name: "LOGOUT" })).toBeVisible();
    await expect(footer(page).getByRole("button", { name: "BACK" })).toHaveCount(0);
    await expect(header(page).getByTestId("facility-badge")).toBeVisible();
    await page.screenshot({ path: `${SCREENS}/not-found-${account}.png`, fullPage: true });
  });
}

for (const account of ["admin", "user", "exec"] as const) {
  test(`the listed ${account} pages show no back or main buttons`, async ({ page }) => {
    await signIn(page, account);
    for (const listed of PAGES_WITHOUT_BACK_OR_MAIN.filter((p) => p.account === account)) {
      await test.step(listed.path, async () => {
        await page.goto(listed.path);
        await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
        await expect(footer(page).getByRole("button", { name: "LOGOUT" })).toBeVisible();
        await expect(footer(page).getByRole("button", { name: "BACK" })).toHaveCount(0);
        await expect(footer(page).getByRole("button", { name: "NEXT" })).toHaveCount(0);
      });
    }
  });
}

for (const account of ["admin", "user"] as const) {
  test(`other ${account} pages show back and a disabled main button; back goes back`, async ({ page }) => {
    await signIn(page, account, `/${account}/landing`);
    for (const { path } of PAGES_WITH_BACK_AND_MAIN.filter((p) => p.account === account)) {
      await test.step(path, async () => {
        await page.goto(path);
        await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
        await expect(footer(page).getByRole("button", { name: "BACK" })).toBeVisible();
        // BACK and the main button close the row; a built screen may name and enable its main button.
        await expect(footer(page).getByRole("button").last()).not.toHaveText(/BACK|HOME|LOGOUT/);
      });
    }
    await page.screenshot({ path: `${SCREENS}/back-and-main-${account}.png`, fullPage: true });

    // Opened directly (no earlier page of the app in this tab's history): BACK goes to the landing page.
    await footer(page).getByRole("button", { name: "BACK" }).click();
    await expect(page).toHaveURL(new RegExp(`/${account}/landing$`));

    // Reached inside the app: BACK returns to where the person came from.
    const link = account === "admin" ? "JOB CATEGORIZATION" : /^MODELLING/;
    await page.getByRole("link", { name: link }).click();
    await expect(footer(page).getByRole("button", { name: "BACK" })).toBeVisible();
    await footer(page).getByRole("button", { name: "BACK" }).click();
    await expect(page).toHaveURL(new RegExp(`/${account}/landing$`));
  });
}

test("/user/manageStaff says changes are saved automatically; other pages do not", async ({ page }) => {
  await signIn(page, "user", "/user/manageStaff");
  await expect(footer(page).getByTestId("footer-message")).toHaveText("All changes are saved automatically.");
  await page.screenshot({ path: `${SCREENS}/manage-staff.png`, fullPage: true });
  await page.goto("/user/landing");
  await expect(footer(page).getByTestId("footer-message")).toHaveText("");
});

test("unsaved changes: HOME and LOGOUT ask first; stay keeps the page, leave goes", async ({ page }) => {
  await signIn(page, "admin", "/contact-us");
  await page.getByLabel("Subject").fill("Access to 6040");

  const dialog = page.getByRole("alertdialog", { name: "You have unsaved changes" });
  await footer(page).getByRole("button", { name: "Home" }).click();
  await expect(dialog).toBeVisible();
  await page.screenshot({ path: `${SCREENS}/unsaved-changes-dialog.png` });
  await dialog.getByRole("button", { name: "Stay on this page" }).click();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/\/contact-us$/);
  await expect(page.getByLabel("Subject")).toHaveValue("Access to 6040");

  // The header's menu asks too.
  await chooseFromUserMenu(page, "FAQ's", () => expect(dialog).toBeVisible({ timeout: 2000 }));
  // Escape once the dialog holds the focus (see unsavedChanges.spec.ts).
  await expect(dialog.getByRole("button", { name: "Stay on this page" })).toBeFocused();
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/\/contact-us$/);

  await footer(page).getByRole("button", { name: "LOGOUT" }).click();
  await expect(dialog).toBeVisible();
  await dialog.getByRole("button", { name: "Stay on this page" }).click();
  await expect(page).toHaveURL(/\/contact-us$/);
  expect(await page.evaluate(() => sessionStorage.getItem("accessToken"))).not.toBeNull();

  await footer(page).getByRole("button", { name: "Home" }).click();
  await dialog.getByRole("button", { name: "Leave without saving" }).click();
  await expect(page).toHaveURL(/\/admin\/landing$/);

  // Without changes nothing asks.
  await page.goto("/contact-us");
  await footer(page).getByRole("button", { name: "Home" }).click();
  await expect(page).toHaveURL(/\/admin\/landing$/);
});

test("LOGOUT clears the session and lands on /home signed out", async ({ page }) => {
  await signIn(page, "user", "/user/landing");
  await logOut(page);
  const left = await page.evaluate(() => Object.keys(sessionStorage).filter((key) => !key.startsWith("msal")));
  expect(left).toEqual([]);
  await page.goto("/user/landing");
  await expect(page).toHaveURL(/\/home$/);
});

test("admin landing: the onboarding checklist with a state per step, each linking to its screen", async ({ page }) => {
  await signIn(page, "admin", "/admin/landing");
  const steps = page.getByTestId("setup-step");
  await expect(steps).toHaveCount(7);
  await expect(steps.getByRole("link").first()).toBeVisible();
  const titles = [
    "DEFINE SYSTEM RELATIONSHIPS",
    "ADD BASIC FINANCIAL INFORMATION",
    "PROVIDE BASIC HR GUIDELINES",
    "JOB CATEGORIZATION",
    "COST CENTERS",
    "UPLOAD DATA FILES",
    "USER ACCESSIBILITY",
  ];
  for (const [index, title] of titles.entries()) {
    await expect(steps.nth(index).getByRole("link", { name: title, exact: true })).toBeVisible();
    await expect(steps.nth(index).getByText(/^(Completed|Pending)$/)).toBeVisible();
  }
  await page.screenshot({ path: `${SCREENS}/admin-landing.png`, fullPage: true });
  await steps.nth(4).getByRole("link", { name: "COST CENTERS" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "COST CENTER MAINTENANCE" })).toBeVisible();
});

test("admin landing: the tracker reaches 7 of 7 once every step is done (the demo's cost centers have managers)", async ({
  page,
}) => {
  await signIn(page, "admin", "/admin/landing");
  await expect(page.getByTestId("setup-progress")).toBeVisible();
  const tasks = (await gql(page, "{ adminTasks { taskName taskState } }")).adminTasks as {
    taskName: string;
    taskState: string;
  }[];
  const setState = (taskName: string, taskState: string) =>
    gql(
      page,
      `mutation { updateAdminTask(input: { taskName: "${taskName}", taskState: ${taskState} }) { __typename } }`,
    );
  // Cost Centers follows the facility: not set here.
  const others = tasks.filter((t) => t.taskName !== "AddCostCenters");
  try {
    for (const task of others) await setState(task.taskName, "Completed");
    await page.reload();
    await expect(page.getByTestId("setup-progress")).toHaveText("7 of 7 steps completed");
    const steps = page.getByTestId("setup-step");
    await expect(steps.nth(4)).toContainText("COST CENTERS");
    await expect(steps.nth(4).getByText("Completed", { exact: true })).toBeVisible();
    await screen(page, "admin-landing-all-done");
  } finally {
    for (const task of others) await setState(task.taskName, task.taskState);
  }
});

test("a route change puts the focus on the new page's heading (issue #15 item 2)", async ({ page }) => {
  await signIn(page, "admin", "/admin/landing");
  await page.getByRole("link", { name: "COST CENTERS", exact: true }).click();
  await expect(page.getByRole("heading", { level: 1, name: "COST CENTER MAINTENANCE" })).toBeFocused();
  // From the footer's HOME too: focus leaves the footer for the landing page's title.
  await page.locator("footer").getByRole("button", { name: "Home" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Facility setup" })).toBeFocused();
  // A keyboard user goes on from the title into the page.
  await page.keyboard.press("Tab");
  await expect(page.locator("main").locator(":focus")).toHaveCount(1);
});

test("user landing: cost centers by numeric code with role and wizard status; opening the wizard", async ({ page }) => {
  await signIn(page, "user", "/user/landing");
  const rows = page.getByTestId("cost-center-row");
  await expect(rows.first()).toBeVisible();
  const codes = await rows.getByTestId("cost-center-code").allTextContents();
  expect(codes.length).toBeGreaterThan(0);
  expect(codes).toEqual([...codes].sort((a, b) => Number(a) - Number(b)));
  await expect(rows.first().getByText(/^(Not started|In progress|Completed)$/)).toBeVisible();
  // The demo manager: Complete Wizard and Manage Staff on 6010 and 6020, Read Only on 6030.
  await expect(rows).toHaveCount(3);
  await expect(rows.nth(0)).toContainText("6010");
  await expect(rows.nth(0)).toContainText("Complete Wizard");
  await expect(rows.nth(0)).toContainText("Manage Staff");
  await expect(rows.nth(2)).toContainText("6030");
  await expect(rows.nth(2)).toContainText("Read Only");
  await expect(rows.nth(2).getByRole("button", { name: /^View wizard/ })).toBeVisible();
  await page.screenshot({ path: `${SCREENS}/user-landing.png`, fullPage: true });
  const firstWizard = rows.first().getByRole("button", { name: /(Open|View) wizard/ });
  await firstWizard.click();
  await expect(page).toHaveURL(/\/user\/wizard\/unitdef$/);
  expect(await page.evaluate(() => sessionStorage.getItem("costCenterId"))).toMatch(/^[0-9a-f-]{36}$/);
});

test("exec landing: a card for each executive screen", async ({ page }) => {
  await signIn(page, "exec", "/exec/landing");
  for (const [name, path] of [
    ["FACILITY DASHBOARD", "/exec/facility-dashboard"],
    ["INDIVIDUAL DASHBOARD", "/exec/individual-dashboard"],
    ["POSITIONS ROLLUP", "/exec/positions-rollup"],
    ["POSITION CONTROL", "/exec/position-control"],
    ["EMPLOYEE SEARCH", "/exec/employee-search"],
  ] as const) {
    await expect(page.getByRole("link", { name: new RegExp(`^${name}`) })).toHaveAttribute("href", path);
  }
  await page.getByRole("link", { name: /^POSITIONS ROLLUP/ }).click();
  await expect(page.getByRole("heading", { level: 1, name: "POSITIONS ROLLUP" })).toBeVisible();
});

test("a page that fails to render shows the error fallback inside the shell", async ({ page }) => {
  await signIn(page, "user");
  // A broken answer (a required list sent as null) makes the landing page throw while rendering.
  await page.route("**/graphql", async (route) => {
    if (route.request().postDataJSON()?.operationName !== "UserLanding_CostCentersQuery") return route.fallback();
    const response = await route.fetch();
    const body = await response.json();
    body.data.me.costCenterPermissions = null;
    await route.fulfill({ response, json: body });
  });
  await page.goto("/user/landing");
  await expect(page.getByRole("heading", { name: "Something went wrong..." })).toBeVisible();
  await expect(
    page.getByText(
      "We're sorry for the inconvenience. Please try refreshing the page or contact support if the problem persists.",
    ),
  ).toBeVisible();
  await expect(footer(page).getByRole("button", { name: "LOGOUT" })).toBeVisible();
  await expect(page.getByTestId("error-details")).toHaveCount(0);
  await expect(header(page).getByTestId("facility-badge")).toBeVisible();
  await page.getByRole("button", { name: "Show Details" }).click();
  await expect(page.getByTestId("error-details")).toContainText("TypeError");
  await page.screenshot({ path: `${SCREENS}/error-fallback.png`, fullPage: true });
  await page.getByRole("button", { name: "Hide Details" }).click();
  await expect(page.getByTestId("error-details")).toHaveCount(0);

  // Moving to another page leaves the fallback behind.
  await chooseFromUserMenu(page, "Profile", urlShows(page, /\/user\/profile$/));
  await expect(page.getByRole("heading", { level: 1, name: "Profile" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Something went wrong..." })).toHaveCount(0);
});

test("narrow screens: header and footer stay usable at 400 px", async ({ page }) => {
  await page.setViewportSize({ width: 400, height: 800 });
  await signIn(page, "user", "/user/landing");
  await expect(header(page).getByRole("button", { name: /^[A-Z]{1,3}, user menu for / })).toBeVisible();
  await expect(footer(page).getByRole("button", { name: "LOGOUT" })).toBeVisible();
  await page.screenshot({ path: `${SCREENS}/user-landing-400.png`, fullPage: true });
  await page.goto("/user/wizard/defineRoles");
  await expect(footer(page).getByRole("button", { name: "NEXT" })).toBeVisible();
  await page.screenshot({ path: `${SCREENS}/wizard-step-400.png`, fullPage: true });
});
