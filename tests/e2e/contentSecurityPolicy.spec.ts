import type { Page } from "@playwright/test";
import { logOut, signIn } from "./support/signIn";
import { expect, test } from "./support/test";

/** Every Content-Security-Policy violation the page reports (console and the DOM event). */
function collectViolations(page: Page): string[] {
  const violations: string[] = [];
  page.on("console", (message) => {
    if (message.text().includes("Content Security Policy")) violations.push(message.text());
  });
  page.on("load", () => {
    void page
      .evaluate(() =>
        document.addEventListener("securitypolicyviolation", (event) =>
          console.error(`Content Security Policy: ${event.violatedDirective} ${event.blockedURI}`),
        ),
      )
      .catch(() => undefined);
  });
  return violations;
}

test("issue #12 item 6: the app, the sign-in form, an upload screen and log out run under the CSP", async ({
  page,
}) => {
  const violations = collectViolations(page);
  await signIn(page, "admin", "/admin/upload/staff");
  await expect(page.getByTestId("template-name")).toHaveText("staff_data_file_template.xlsx");
  const download = page.waitForEvent("download");
  await page.getByRole("button", { name: "Download template" }).first().click();
  expect((await download).suggestedFilename()).toBe("staff_data_file_template.xlsx");
  await page.goto("/admin/cost-center-maintenance");
  await expect(page.getByRole("heading", { name: "COST CENTER MAINTENANCE" })).toBeVisible();
  await logOut(page);
  expect(violations).toEqual([]);
});

test("issue #12 item 6: GraphiQL runs under its own CSP", async ({ page }) => {
  const violations = collectViolations(page);
  await page.goto("/graphql");
  await expect(page.locator(".graphiql-container").first()).toBeVisible();
  await expect(page.locator(".monaco-editor").first()).toBeVisible();
  expect(violations).toEqual([]);
});
