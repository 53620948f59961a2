import path from "node:path";
import type { Page } from "@playwright/test";
import { kib, recordClientFiles } from "../support/routeWeight";
import { signIn } from "./support/signIn";
import { expect, test } from "./support/test";

/**
 * Issue #16: the JS and CSS a page loads, gzip-compressed, stays under budget. Measured as the
 * browser loads it (a new context: cold cache), so whatever the route really pulls counts: the entry,
 * the screen's chunk, the signed-in runtime (Apollo, the `me` query), lazily loaded header parts.
 * BUNDLE_BUDGET_SCALE=0.5 halves the budgets (to see the check fail).
 */
const SCALE = Number(process.env.BUNDLE_BUDGET_SCALE ?? 1);
const BUDGET_KB = { signIn: 200 * SCALE, adminLanding: 300 * SCALE };
const distDir = path.resolve(process.env.CLIENT_DIST_DIR ?? "dist/client");

async function weigh(page: Page, url: string, ready: () => Promise<void>) {
  const recorded = recordClientFiles(page, distDir);
  await page.goto(url);
  await ready();
  // Chunks still arriving after the page showed (lazy parts of the shell) count too.
  await page.waitForLoadState("networkidle");
  const files = recorded.files();
  const totalKb = recorded.gzipBytes() / 1024;
  console.log(`${url}: ${kib(recorded.gzipBytes())} KB gzip in ${files.length} files`);
  for (const { file, gzipBytes } of files) console.log(`  ${kib(gzipBytes).padStart(7)} KB  ${file}`);
  return totalKb;
}

test("the sign-in page loads at most 200 KB of gzip JS and CSS", async ({ page }) => {
  const kb = await weigh(page, "/home", () => expect(page.getByRole("button", { name: "Sign in" })).toBeVisible());
  expect(kb, `/home loads ${kb.toFixed(1)} KB gzip, budget ${BUDGET_KB.signIn} KB`).toBeLessThanOrEqual(
    BUDGET_KB.signIn,
  );
});

test("the admin landing page loads at most 300 KB of gzip JS and CSS", async ({ page }) => {
  await signIn(page, "admin", null);
  const kb = await weigh(page, "/admin/landing", () =>
    expect(page.getByRole("heading", { level: 1, name: "Facility setup" })).toBeVisible(),
  );
  expect(kb, `/admin/landing loads ${kb.toFixed(1)} KB gzip, budget ${BUDGET_KB.adminLanding} KB`).toBeLessThanOrEqual(
    BUDGET_KB.adminLanding,
  );
});
