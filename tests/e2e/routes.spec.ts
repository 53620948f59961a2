import type { Page } from "@playwright/test";
import type { DemoAccountType } from "../../db/seed/demoAccounts";
import { expectNoSeriousAxeFindings } from "./support/accessibility";
import { openInApp } from "./support/navigation";
import { signIn } from "./support/signIn";
import { expect, test } from "./support/test";

/**
 * The route table of spec section 2, written out here independently of the app's own table:
 * every route × signed out, admin, user and exec → its page, the not-found page, or /home.
 *
 * Each test loads its first path and opens the others inside the app (openInApp), as a link does:
 * the router and its guards decide the same either way, and a full load per path cost the suite
 * minutes of browser time. The axe tests load each group's first route directly.
 */

type Account = DemoAccountType;
type RouteCase = { path: string; allowed: readonly Account[]; heading: string | RegExp };

const ALL: readonly Account[] = ["admin", "exec", "user"];

const ROUTES: readonly RouteCase[] = [
  { path: "/user/profile", allowed: ALL, heading: "Profile" },
  { path: "/contact-us", allowed: ["admin", "user"], heading: "Contact Us" },
  { path: "/faq", allowed: ["admin", "user"], heading: "FAQ's" },

  { path: "/admin/landing", allowed: ["admin"], heading: "Facility setup" },
  { path: "/admin/user-accessibility", allowed: ["admin"], heading: "USER ACCESSIBILITY" },
  { path: "/admin/job-categorization", allowed: ["admin"], heading: "JOB CATEGORIZATION" },
  {
    path: "/admin/facility-definitions/define-system-relationships",
    allowed: ["admin"],
    heading: "DEFINE SYSTEM RELATIONSHIPS",
  },
  {
    path: "/admin/facility-definitions/financial-information",
    allowed: ["admin"],
    heading: "Basic Financial Information",
  },
  { path: "/admin/facility-definitions/hr-guidelines", allowed: ["admin"], heading: "Basic HR Guidelines" },
  { path: "/admin/upload/cost-center", allowed: ["admin"], heading: "UPLOAD COST CENTER DATA FILE" },
  { path: "/admin/upload/staff", allowed: ["admin"], heading: "UPLOAD STAFF DATA FILE" },
  { path: "/admin/upload/users", allowed: ["admin"], heading: "UPLOAD USERS DATA FILE" },
  { path: "/admin/cost-center-maintenance", allowed: ["admin"], heading: "COST CENTER MAINTENANCE" },
  { path: "/admin/employee-search", allowed: ["admin"], heading: /employee search/i },
  // Beyond spec section 2: the audit log of issue #17.
  { path: "/admin/audit-log", allowed: ["admin"], heading: "Audit Log" },

  { path: "/user/landing", allowed: ["user"], heading: "My cost centers" },
  { path: "/user/modelling", allowed: ["user"], heading: "MODELLING" },
  { path: "/user/manageStaff", allowed: ["user"], heading: "MANAGE STAFF" },
  { path: "/user/dashboard", allowed: ["user"], heading: "DASHBOARD" },
  { path: "/user/employee-search", allowed: ["user"], heading: /employee search/i },
  { path: "/user/wizard/unitdef", allowed: ["user"], heading: "UNIT DEFINITION" },
  { path: "/user/wizard/defineRoles", allowed: ["user"], heading: "DEFINE ROLES" },
  { path: "/user/wizard/careschedule", allowed: ["user"], heading: "CREATE CARE SCHEDULES" },
  { path: "/user/wizard/assignstaff", allowed: ["user"], heading: "ASSIGN STAFF" },
  { path: "/user/wizard/positioncontrol", allowed: ["user"], heading: "FINALIZE POSITION CONTROL" },
  { path: "/user/wizard/review", allowed: ["user"], heading: "REVIEW AND ATTEST" },

  { path: "/exec/landing", allowed: ["exec"], heading: "Executive overview" },
  { path: "/exec/position-control", allowed: ["exec"], heading: "POSITION CONTROL" },
  { path: "/exec/positions-rollup", allowed: ["exec"], heading: "POSITIONS ROLLUP" },
  { path: "/exec/facility-dashboard", allowed: ["exec"], heading: "FACILITY DASHBOARD" },
  { path: "/exec/individual-dashboard", allowed: ["exec"], heading: "INDIVIDUAL DASHBOARD" },
  { path: "/exec/employee-search", allowed: ["exec"], heading: /employee search/i },
];

/** The table in four parts (shared, admin, user, exec), so that no test walks all of it: each stays well under a minute. */
const AREAS = ["shared", "admin", "user", "exec"] as const;
const areaOf = (path: string) =>
  (AREAS.find((area) => path.startsWith(`/${area}/`)) ?? "shared") as (typeof AREAS)[number];
const routesOf = (area: (typeof AREAS)[number]) => ROUTES.filter((route) => areaOf(route.path) === area);

/** Paths outside the table, including near misses of real routes. */
const UNKNOWN_PATHS = ["/no/such/page", "/admin", "/user/wizard", "/exec/landing/extra", "/admin/upload/payroll"];

/** The page's h1: the title exactly, in any letter case (a delivered screen may change "UPLOAD STAFF" to "Upload Staff"). */
function pageHeading(page: Page, name: string | RegExp) {
  const pattern = typeof name === "string" ? new RegExp(`^${name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}$`, "i") : name;
  return page.getByRole("heading", { level: 1, name: pattern });
}

async function expectNotFound(page: Page, path: string) {
  await expect(pageHeading(page, "Page not found"), `${path} shows the not-found page`).toBeVisible();
  // The page names the path asked for: one not-found page after another is told apart by it.
  await expect(page.getByTestId("not-found-path")).toHaveText(path);
  expect(new URL(page.url()).pathname).toBe(path);
}

test.describe("signed out", () => {
  for (const area of AREAS) {
    test(`the ${area} routes send a signed-out visitor to /home`, async ({ page }) => {
      for (const [index, route] of routesOf(area).entries()) {
        await test.step(route.path, async () => {
          await (index === 0 ? page.goto(route.path) : openInApp(page, route.path));
          await expect(page, `${route.path} sends a signed-out visitor to /home`).toHaveURL(/\/home$/);
          await expect(page.getByRole("button", { name: "Sign in" })).toBeVisible();
        });
      }
      // Nothing was ever stored: a signed-out visitor has no session.
      expect(await page.evaluate(() => sessionStorage.getItem("accessToken"))).toBeNull();
    });
  }

  test("reaches /home; / goes there; unknown paths show not found", async ({ page }) => {
    await page.goto("/home");
    await expect(page.getByRole("button", { name: "Sign in" })).toBeVisible();
    await page.goto("/");
    await expect(page).toHaveURL(/\/home$/);
    for (const path of UNKNOWN_PATHS) {
      await test.step(path, async () => {
        await openInApp(page, path);
        await expectNotFound(page, path);
      });
    }
  });
});

for (const account of ALL) {
  test.describe(`signed in as ${account}`, () => {
    for (const area of AREAS) {
      test(`the ${area} routes: ${account} reaches exactly its own; the others show not found`, async ({ page }) => {
        const routes = routesOf(area);
        await signIn(page, account, routes[0]?.path);
        for (const [index, route] of routes.entries()) {
          await test.step(`${route.path} (${route.allowed.includes(account) ? "allowed" : "not found"})`, async () => {
            if (index > 0) await openInApp(page, route.path);
            if (route.allowed.includes(account)) {
              await expect(pageHeading(page, route.heading), `${route.path} shows its page`).toBeVisible();
              expect(new URL(page.url()).pathname).toBe(route.path);
              await expect(pageHeading(page, "Page not found")).toHaveCount(0);
            } else {
              await expectNotFound(page, route.path);
            }
          });
        }
      });
    }

    test(`unknown paths show not found to ${account}; /home shows who is signed in`, async ({ page }) => {
      await signIn(page, account, UNKNOWN_PATHS[0]);
      for (const [index, path] of UNKNOWN_PATHS.entries()) {
        await test.step(path, async () => {
          if (index > 0) await openInApp(page, path);
          await expectNotFound(page, path);
        });
      }
      await page.goto("/home");
      await expect(page.getByRole("heading", { level: 1, name: /^Signed in as / })).toBeVisible();
      await page.getByRole("link", { name: "Go to your landing page" }).click();
      await expect(page).toHaveURL(new RegExp(`/${account}/landing$`));
    });

    test(`the ${account} guard trusts the server, not an edited session value`, async ({ page }) => {
      await signIn(page, account);
      const other = account === "admin" ? "user" : "admin";
      // A visitor who rewrites the stored account type gains nothing: the guard asks the server.
      await page.evaluate((value) => sessionStorage.setItem("accountType", value), other);
      await page.goto(`/${other}/landing`);
      await expectNotFound(page, `/${other}/landing`);
      await page.goto(`/${account}/landing`);
      await expect(pageHeading(page, "Page not found")).toHaveCount(0);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    });
  });
}

/** Routes in groups of at most `size`, each group for one account that may open all of them. */
function axeGroups(size: number): { account: Account; routes: RouteCase[] }[] {
  const groups: { account: Account; routes: RouteCase[] }[] = [];
  for (const route of ROUTES) {
    const account = route.allowed[0];
    if (!account) continue;
    const last = groups.findLast((group) => group.account === account);
    if (last && last.routes.length < size) last.routes.push(route);
    else groups.push({ account, routes: [route] });
  }
  return groups;
}

test.describe("accessibility (issue #15 item 2): axe finds nothing serious on any route", () => {
  // Each route as the first account that may open it, a few routes per test so that every test
  // stays well under a minute on a busy machine; the group's first route is loaded directly.
  for (const { account, routes } of axeGroups(6)) {
    test(`${routes.map((route) => route.path).join(", ")} as ${account}`, async ({ page }) => {
      for (const [index, route] of routes.entries()) {
        await test.step(route.path, async () => {
          if (index === 0) await signIn(page, account, route.path);
          else await openInApp(page, route.path);
          await expect(pageHeading(page, route.heading)).toBeVisible();
          expect(new URL(page.url()).pathname).toBe(route.path);
          // What loads after the heading (lists, figures) is part of the page axe reads.
          await expect(page.getByText(/^Loading/)).toHaveCount(0, { timeout: 10_000 });
          await expectNoSeriousAxeFindings(page, `${route.path} as ${account}`);
        });
      }
    });
  }
});
