import type { Locator, Page } from "@playwright/test";
import type { DemoAccountType } from "../../db/seed/demoAccounts";
import { signIn } from "./support/signIn";
import { expect, test } from "./support/test";

/**
 * Employee search (spec §2 'Employee search', §5, §8, §9) for admin, user and exec, against the
 * demo seed: Robert Castellano (CFO) belongs to no cost center and has no education on file; Kevin
 * Osei is in 6010 Medical Surgical 3 West, whose staff Jordan Patel manages; Emily Tran is in 6090
 * Pediatrics, where nobody holds Manage Staff.
 */

const SEARCH_OPERATION = "EmployeeSearch_SearchQuery";
const DETAILS_OPERATION = "EmployeeSearch_EmployeeQuery";
const TOO_SHORT = "Type at least 2 characters to search";

async function screen(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: `test-results/screens/${name}.png`, fullPage: true, animations: "disabled" });
}

function searchInput(page: Page): Locator {
  return page.getByRole("combobox", { name: "Employee" });
}

function details(page: Page): Locator {
  return page.getByTestId("employee-details");
}

/** The value shown under a Basic Information label. */
function basic(page: Page, label: string): Locator {
  return details(page).getByTestId(`basic-${label}`).locator("dd");
}

/** Records the search terms sent to the server, in order. */
function recordSearches(page: Page): string[] {
  const terms: string[] = [];
  page.on("request", (request) => {
    if (!request.url().endsWith("/graphql") || request.method() !== "POST") return;
    const body = request.postDataJSON() as { operationName?: string; variables?: { term?: string } } | null;
    if (body?.operationName === SEARCH_OPERATION) terms.push(body.variables?.term ?? "");
  });
  return terms;
}

async function openSearch(page: Page, account: DemoAccountType): Promise<void> {
  await signIn(page, account, `/${account}/employee-search`);
  await expect(page.getByRole("heading", { level: 1, name: "Employee Search" })).toBeVisible();
}

/** Searches and clicks a match. */
async function pick(page: Page, term: string, option: RegExp): Promise<void> {
  await searchInput(page).fill(term);
  await page.getByRole("option", { name: option }).click();
}

/** Searches, clicks a match and waits for the details card. */
async function choose(page: Page, term: string, option: RegExp): Promise<void> {
  await pick(page, term, option);
  await expect(details(page)).toBeVisible();
}

test.describe("employee search", () => {
  for (const account of ["admin", "user", "exec"] as const) {
    test(`${account}: placeholder, the 2-character rule, the Home button and a search`, async ({ page }) => {
      await openSearch(page, account);
      const input = searchInput(page);
      await expect(input).toHaveAttribute("placeholder", "Search by name or employee ID");
      await expect(page.getByText(TOO_SHORT)).toBeVisible();
      const home = page.getByRole("link", { name: "Home", exact: true });
      await expect(home).toHaveAttribute("href", `/${account}/landing`);
      await screen(page, `employee-search-${account}-empty`);

      const searches = recordSearches(page);
      await input.fill("W");
      await expect(page.getByText(TOO_SHORT)).toBeVisible();
      await page.waitForTimeout(700);
      expect(searches, "one character sends no search").toEqual([]);
      await expect(page.getByRole("listbox")).toBeHidden();

      // A staff member every account may see: unassigned staff are visible to all.
      await input.fill("Castellano");
      await expect(page.getByText(TOO_SHORT)).toBeHidden();
      await expect(page.getByRole("option", { name: /Robert Castellano/ })).toBeVisible();
      await screen(page, `employee-search-${account}-dropdown`);
      await page.getByRole("option", { name: /Robert Castellano/ }).click();
      await expect(details(page).getByRole("heading", { name: "Robert Castellano" })).toBeVisible();
      await screen(page, `employee-search-${account}-details`);

      await home.click();
      await expect(page).toHaveURL(new RegExp(`/${account}/landing$`));
    });
  }

  test("fast typing sends exactly one search, after the 300 ms pause", async ({ page }) => {
    await openSearch(page, "admin");
    const searches = recordSearches(page);
    await searchInput(page).pressSequentially("Patel", { delay: 40 });
    await expect(page.getByRole("option", { name: /Jordan Patel/ })).toBeVisible();
    await page.waitForTimeout(800);
    expect(searches).toEqual(["Patel"]);
  });

  test("arrow keys and Enter choose an employee", async ({ page }) => {
    await openSearch(page, "admin");
    await searchInput(page).fill("Whitfield");
    await expect(page.getByRole("option", { name: /Sarah Whitfield/ })).toBeVisible();
    await searchInput(page).fill("son");
    const options = page.getByRole("option");
    await expect(options.nth(1)).toBeVisible();
    const second = (await options.nth(1).locator("[data-part='item-text']").textContent()) ?? "";
    expect(second).not.toBe("");
    await searchInput(page).press("ArrowDown");
    await expect(options.nth(1)).toHaveAttribute("data-highlighted", "");
    await searchInput(page).press("Enter");
    await expect(details(page).getByRole("heading", { name: second })).toBeVisible();
  });

  test("an unassigned employee without education: Not set, the red badge and its tooltip, no cost centers", async ({
    page,
  }) => {
    await openSearch(page, "admin");
    await choose(page, "Castellano", /Robert Castellano/);
    const card = details(page);
    await expect(card.getByRole("heading", { name: "Basic Information" })).toBeVisible();
    await expect(card.getByRole("heading", { name: "Cost Centers" })).toBeVisible();
    await expect(basic(page, "Education")).toHaveText("Not set");
    await expect(basic(page, "Middle Name")).toHaveText("N/A");
    await expect(basic(page, "Contract End Date")).toHaveText("N/A");
    await expect(basic(page, "Requisition Number")).toHaveText("N/A");
    await expect(basic(page, "Facility")).toHaveText("St. Catherine Medical Center");
    await expect(basic(page, "Total FTE")).toHaveText("1.00");
    await expect(card.getByText("No Cost Center Data Found")).toBeVisible();

    const badge = card.getByText("Unassigned Employee", { exact: true });
    await expect(badge).toBeVisible();
    // Red: the badge uses the red palette's solid background.
    const background = await badge.evaluate((element) => getComputedStyle(element).backgroundColor);
    const [red, green, blue] = (background.match(/\d+/g) ?? []).map(Number);
    expect(red ?? 0).toBeGreaterThan(150);
    expect(green ?? 255).toBeLessThan(100);
    expect(blue ?? 255).toBeLessThan(100);
    await badge.hover();
    await expect(page.getByRole("tooltip")).toContainText("belongs to no cost center");
    await screen(page, "employee-search-unassigned-tooltip");
  });

  test("a cost center with a manager, and one without: Manager not assigned", async ({ page }) => {
    await openSearch(page, "admin");
    await choose(page, "Kevin Osei", /Kevin Osei/);
    const managed = details(page).getByTestId("employee-cost-center");
    await expect(managed).toHaveCount(1);
    await expect(managed).toContainText("Medical Surgical 3 West");
    await expect(managed).toContainText("6010");
    await expect(managed).toContainText("0.90 FTE");
    await expect(managed).toContainText("Jordan Patel");
    await expect(details(page).getByText("Unassigned Employee")).toHaveCount(0);
    await expect(basic(page, "Education")).toHaveText("BSN");

    await choose(page, "Emily Tran", /Emily Tran/);
    await expect(details(page).getByRole("heading", { name: "Emily Tran" })).toBeVisible();
    const unmanaged = details(page).getByTestId("employee-cost-center");
    await expect(unmanaged).toContainText("Pediatrics");
    await expect(unmanaged).toContainText("Manager not assigned");
    await screen(page, "employee-search-manager-not-assigned");
  });

  test("a missing employee id shows Not found; other missing values N/A", async ({ page }) => {
    await openSearch(page, "exec");
    await page.route("**/graphql", async (route) => {
      const body = route.request().postDataJSON() as { operationName?: string } | null;
      if (body?.operationName !== DETAILS_OPERATION) return route.fallback();
      const response = await route.fetch();
      const json = (await response.json()) as { data: { employee: Record<string, unknown> } };
      Object.assign(json.data.employee, {
        internalId: null,
        userEmail: null,
        dateOfHire: null,
        education: null,
      });
      return route.fulfill({ response, json });
    });
    await choose(page, "Kevin Osei", /Kevin Osei/);
    await expect(basic(page, "Employee ID")).toHaveText("Not found");
    await expect(basic(page, "Email")).toHaveText("N/A");
    await expect(basic(page, "Date of Hire")).toHaveText("N/A");
    await expect(basic(page, "Education")).toHaveText("Not set");
  });

  test("a failed search shows 'Failed to search for employees'", async ({ page }) => {
    await openSearch(page, "user");
    await page.route("**/graphql", (route) => {
      const body = route.request().postDataJSON() as { operationName?: string } | null;
      return body?.operationName === SEARCH_OPERATION ? route.abort("failed") : route.fallback();
    });
    await searchInput(page).fill("Osei");
    await expect(page.getByText("Failed to search for employees")).toBeVisible();
    await screen(page, "employee-search-search-failed");
  });

  test("failed details show 'Failed to load employee details', or the server's message", async ({ page }) => {
    await openSearch(page, "admin");
    let failWith: "network" | "graphql" = "network";
    await page.route("**/graphql", (route) => {
      const body = route.request().postDataJSON() as { operationName?: string } | null;
      if (body?.operationName !== DETAILS_OPERATION) return route.fallback();
      if (failWith === "network") return route.abort("failed");
      return route.fulfill({
        json: { errors: [{ message: "Employee was not found", path: ["employee"] }], data: null },
      });
    });
    await pick(page, "Osei", /Kevin Osei/);
    await expect(page.getByText("Failed to load employee details")).toBeVisible();
    await screen(page, "employee-search-details-failed");

    failWith = "graphql";
    await pick(page, "Whitfield", /Sarah Whitfield/);
    await expect(page.getByText("Employee was not found")).toBeVisible();
    await expect(page.getByText("Failed to load employee details")).toHaveCount(0);
  });

  test("an employee the server does not know shows its message", async ({ page }) => {
    await signIn(page, "admin", "/admin/employee-search?employee=00000000-0000-4000-8000-000000000000");
    await expect(page.getByText("Employee was not found")).toBeVisible();
  });

  test("a user account sees only its own cost centers' staff and unassigned staff", async ({ page }) => {
    await openSearch(page, "user");
    // Emily Tran works in 6090 Pediatrics, where the demo manager holds no permission.
    await searchInput(page).fill("Emily Tran");
    await expect(page.getByText("No employees match “Emily Tran”")).toBeVisible();
    await expect(page.getByRole("option", { name: /Emily Tran/ })).toHaveCount(0);
  });
});
