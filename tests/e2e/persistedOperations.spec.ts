// Issue #17 (production mode): the app sends its operations as persisted documents, and its pages
// can run nothing else (a unit manager at the browser's console included).
import { PERSISTED_MESSAGES } from "../../server/graphql/persistedDocuments";
import { signIn } from "./support/signIn";
import { expect, test } from "./support/test";

test("the app sends each operation by its hash alone, and its pages cannot run other operations", async ({ page }) => {
  const sent: { operationName?: string; query?: string; extensions?: { persistedQuery?: { sha256Hash?: string } } }[] =
    [];
  page.on("request", (request) => {
    if (request.url().endsWith("/graphql") && request.method() === "POST") sent.push(request.postDataJSON());
  });
  await signIn(page, "user", "/user/landing");
  await expect(page.getByTestId("cost-center-row").first()).toBeVisible();
  expect(sent.length).toBeGreaterThan(0);
  for (const body of sent) {
    expect(body.query, body.operationName).toBeUndefined();
    expect(body.extensions?.persistedQuery?.sha256Hash, body.operationName).toMatch(/^sha256:[0-9a-f]{64}$/);
  }

  // What someone could type at the page's console.
  const answer = await page.evaluate(async () => {
    const response = await fetch("/graphql", {
      method: "POST",
      headers: {
        "content-type": "application/json",
        authorization: `Bearer ${sessionStorage.getItem("accessToken")}`,
      },
      body: JSON.stringify({ query: "{ costCenters { id name } }" }),
    });
    return response.json();
  });
  expect(answer).toEqual({
    errors: [expect.objectContaining({ message: PERSISTED_MESSAGES.appOnly })],
  });
});
