import type { Page, Request } from "@playwright/test";

/** The operation name of a GraphQL POST, or null for anything else. */
export function operationOf(request: Request): string | null {
  if (!request.url().endsWith("/graphql") || request.method() !== "POST") return null;
  const body = request.postDataJSON() as { operationName?: string } | null;
  return body?.operationName ?? null;
}

/**
 * Answers the next `times` requests of one GraphQL operation with `data` instead of the server
 * (for failures and successes the server cannot be brought to give); every other request goes on.
 */
export async function answerOperation(
  page: Page,
  operationName: string,
  data: Record<string, unknown>,
  options: { times?: number } = {},
): Promise<{ calls: () => number }> {
  let calls = 0;
  const times = options.times ?? 1;
  await page.route("**/graphql", async (route) => {
    if (operationOf(route.request()) !== operationName || calls >= times) return route.fallback();
    calls += 1;
    return route.fulfill({ json: { data } });
  });
  return { calls: () => calls };
}

/**
 * Holds the next request of one GraphQL operation until `release()`, then lets it go to the server:
 * `held` settles once the request is held, `answered` once its answer has reached the page.
 */
export async function holdOperation(page: Page, operationName: string) {
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  let onHeld = () => {};
  const held = new Promise<void>((resolve) => {
    onHeld = resolve;
  });
  let holding = true;
  await page.route("**/graphql", async (route) => {
    if (!holding || operationOf(route.request()) !== operationName) return route.fallback();
    holding = false;
    onHeld();
    await released;
    return route.fallback();
  });
  const answered = held.then(() =>
    page.waitForResponse((response) => operationOf(response.request()) === operationName),
  );
  return { held, release, answered };
}

/** A mutation's refusal of one field, as the server answers it (`...DomainError_Fields`): the message, and under the field. */
export const fieldRefusal = (field: string, message: string) => ({
  __typename: "DomainError",
  message,
  code: "invalid",
  fieldErrors: [{ field, message }],
});

/** Records the variables of each request of one GraphQL operation, in order. */
export function recordOperation(page: Page, operationName: string): unknown[] {
  const sent: unknown[] = [];
  page.on("request", (request) => {
    if (operationOf(request) !== operationName) return;
    sent.push((request.postDataJSON() as { variables?: unknown }).variables);
  });
  return sent;
}

/** A full-page screenshot once the header has finished loading (it has a 500 ms loading delay). */
export async function screen(page: Page, name: string): Promise<void> {
  await page
    .locator("header")
    .getByRole("button", { name: /^[A-Z]{1,3}, user menu for / })
    .waitFor();
  await page.screenshot({ path: `test-results/screens/${name}.png`, fullPage: true, animations: "disabled" });
}
