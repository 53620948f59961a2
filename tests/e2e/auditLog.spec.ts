import { readFile } from "node:fs/promises";
import { DEMO_ACCOUNTS } from "../../db/seed/demoAccounts";
import { signInForTokens } from "../support/signIn";
import { expectNoSeriousAxeFindings } from "./support/accessibility";
import { openInApp } from "./support/navigation";
import { createCostCenter } from "./support/ownData";
import { signIn } from "./support/signIn";
import { expect, test } from "./support/test";

/**
 * /admin/audit-log (issue #17): the administrator searches the facility's audit records, narrows
 * them by kind and dates, pages through them and exports what the filters keep.
 */

test("admin: a change of theirs is found by its number, with who, what and details, and the export holds it", async ({
  page,
}) => {
  await signIn(page, "admin", null);
  const unit = await createCostCenter(page, "Audit Trail Unit");

  await page.goto("/admin/landing");
  await page.getByRole("link", { name: /AUDIT LOG/ }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Audit Log" })).toBeVisible();
  await expect(page.getByTestId("audit-entry").first()).toBeVisible();

  await page.getByRole("searchbox", { name: "Search" }).fill(unit.code);
  const rows = page.getByTestId("audit-entry");
  await expect(rows).toHaveCount(1);
  const row = rows.first();
  await expect(row.getByRole("cell").nth(1)).toHaveText("Alex Morgan (admin@demo.hospital)");
  await expect(row.getByRole("cell").nth(2)).toHaveText("Cost center added");
  // The record in words over its kind; its id when hovered (and in the export).
  const record = row.getByRole("cell").nth(3);
  await expect(record).toContainText(`${unit.code} ${unit.name}`);
  await expect(record).toContainText("Cost center");
  await expect(record.getByTitle(unit.id)).toBeVisible();
  await expect(row.getByRole("cell").nth(4)).toHaveText(`${unit.code} ${unit.name}`);
  // The browser's own request: the address the server saw on the loopback.
  await expect(row.getByRole("cell").nth(5)).toHaveText(/^(127\.0\.0\.1|::1|::ffff:127\.0\.0\.1)$/);
  await expect(page.getByTestId("table-range")).toHaveText("Showing 1–1 of 1");
  // The search is in the address: a reload keeps it.
  expect(new URL(page.url()).searchParams.get("text")).toBe(unit.code);
  await expectNoSeriousAxeFindings(page, "the audit log");
  await page.screenshot({ path: "test-results/screens/audit-log.png", fullPage: true });

  const downloading = page.waitForEvent("download");
  await page.getByRole("button", { name: "Export CSV" }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe("audit-log.csv");
  const lines = (await readFile(await download.path(), "utf8")).trim().split(/\r?\n/);
  // The header and the one record the search keeps.
  expect(lines).toHaveLength(2);
  expect(lines[1]).toContain("Cost center added");
  expect(lines[1]).toContain(`${unit.code} ${unit.name}`);

  await page.getByRole("searchbox", { name: "Search" }).fill(`${unit.code} nothing like it`);
  await expect(page.getByText("No audit records match these filters")).toBeVisible();
  await page.getByRole("button", { name: "Clear filters" }).click();
  await expect(page.getByRole("searchbox", { name: "Search" })).toHaveValue("");
  await expect(rows.first()).toBeVisible();
});

test("admin: failed sign-ins are their own kind, and From after To is refused with its message", async ({ page }) => {
  // A failed sign-in of the demo admin's email (one: far from the lock), tried by this test.
  await signIn(page, "admin", null);
  await expect(
    signInForTokens(new URL(page.url()).origin, DEMO_ACCOUNTS.admin.email, "not-the-password"),
  ).rejects.toThrow();

  await page.goto("/admin/audit-log");
  await expect(page.getByRole("heading", { level: 1, name: "Audit Log" })).toBeVisible();
  await page.getByRole("combobox", { name: "Kind" }).selectOption({ label: "Failed sign-ins and locks" });
  await page.getByRole("searchbox", { name: "Search" }).fill(DEMO_ACCOUNTS.admin.email);
  const first = page.getByTestId("audit-entry").first();
  await expect(first.getByRole("cell").nth(2)).toHaveText("Sign-in failed");
  // Nobody signed in: who is the email the sign-in tried.
  await expect(first.getByRole("cell").nth(1)).toHaveText(DEMO_ACCOUNTS.admin.email);
  // Only failures: no "Signed in" row on the page.
  await expect(page.getByTestId("audit-entry").filter({ hasText: "Signed in" })).toHaveCount(0);

  await page.getByLabel("From").fill("2026-03-02");
  await page.getByLabel("To").fill("2026-03-01");
  await expect(page.getByText("The From date must not be after the To date")).toBeVisible();
  await expect(page.getByTestId("audit-log")).toBeHidden();
});

test("the audit log is the admin's: an executive opening it gets the not-found page", async ({ page }) => {
  await signIn(page, "exec", "/exec/landing");
  await openInApp(page, "/admin/audit-log");
  await expect(page.getByRole("heading", { level: 1, name: "Page not found" })).toBeVisible();
});
