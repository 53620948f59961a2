import { DEMO_ACCOUNTS } from "../../db/seed/demoAccounts";
import { EXAMPLE_QUERIES } from "../../server/graphql/exampleQueries";
import { signInWithPassword } from "../support/signIn";
import { signIn } from "./support/signIn";
import { expect, test } from "./support/test";

test("analysts run a query in GraphiQL at /graphql with their token", async ({ page, baseURL }) => {
  const token = await signInWithPassword(baseURL as string, DEMO_ACCOUNTS.exec.email, DEMO_ACCOUNTS.exec.password);
  await page.goto("/graphql");
  await expect(page).toHaveTitle("Staffing & Position Control: GraphQL");
  // GraphiQL's own fetch, with the analyst's bearer token in its headers editor.
  const answer = await page.evaluate(async (bearer) => {
    const response = await fetch("/graphql", {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${bearer}` },
      body: JSON.stringify({ query: "{ me { accountType } }" }),
    });
    return response.json();
  }, token);
  expect(answer).toEqual({ data: { me: { accountType: "exec" } } });
  await expect(page.locator(".graphiql-container").first()).toBeVisible();
  await page.screenshot({ path: "test-results/screens/graphiql.png" });
});

test("an executive copies an API token on Profile; GraphiQL opens the example queries as tabs", async ({
  page,
  context,
}) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  await signIn(page, "exec", "/user/profile");
  const card = page.getByTestId("api-access");
  await expect(card.getByRole("heading", { name: "API access" })).toBeVisible();
  await card.getByRole("button", { name: "Copy API token" }).click();
  await expect(card.getByTestId("api-access-status")).toHaveText(
    /^Token copied\. It is valid until \d{1,2}:\d{2} [AP]M\.$/,
  );
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied).toBe(await page.evaluate(() => sessionStorage.getItem("accessToken")));
  // The copied token pulls figures: the first example tab's query, as a script would send it.
  const answer = await page.evaluate(
    async ({ token, query }) => {
      const response = await fetch("/graphql", {
        method: "POST",
        headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
        body: JSON.stringify({ query }),
      });
      return response.json();
    },
    { token: copied, query: EXAMPLE_QUERIES[0]?.query ?? "" },
  );
  expect(answer.errors).toBeUndefined();
  expect(answer.data.facilityDashboard.costCenters.length).toBeGreaterThan(0);

  await page.goto("/graphql");
  const tabs = page.locator(".graphiql-tab");
  await expect(tabs).toHaveCount(EXAMPLE_QUERIES.length);
  await expect(tabs).toContainText(["FacilityDashboard", "PositionsRollup", "CostCenterSummary"]);
  // Nothing GraphiQL keeps in the browser holds a token.
  const stored = await page.evaluate(() => JSON.stringify({ ...localStorage }));
  expect(stored).not.toContain(copied);
  await page.screenshot({ path: "test-results/screens/graphiql-tabs.png" });
});

test("a user account has no API access card on Profile", async ({ page }) => {
  await signIn(page, "user", "/user/profile");
  await expect(page.getByRole("heading", { name: "Account" })).toBeVisible();
  await expect(page.getByTestId("api-access")).toHaveCount(0);
});
