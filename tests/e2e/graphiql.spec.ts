import { expect, test } from "@playwright/test";
import { DEMO_ACCOUNTS } from "../../db/seed/demoAccounts";
import { signInWithPassword } from "../support/signIn";

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
