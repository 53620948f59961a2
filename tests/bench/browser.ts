// What the benchmarks that drive the built client share: the app on a benchmark's own database,
// served on a free port, and Chromium signed in as a demo account through the sign-in form.

import { existsSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { type Browser, chromium, type Page } from "@playwright/test";
import type { DatabaseHandle } from "../../db/client";
import type { DemoAccountType } from "../../db/seed/demoAccounts";
import { DEMO_ACCOUNTS } from "../../db/seed/demoAccounts";
import { type App, createApp } from "../../server/app";
import { loadConfig } from "../../server/config";
import { betweenImportSlices } from "../../server/uploads/pipeline";

/** The built client the app serves (npm run build, or CLIENT_DIST_DIR). */
export const clientDistDir = path.resolve(process.env.CLIENT_DIST_DIR ?? "dist/client");
export const hasBuiltClient = () => existsSync(path.join(clientDistDir, "index.html"));

/**
 * The app (demo data seeded) on `database`, listening on a free port; `close` stops it (the caller
 * closes the database). `distDir` serves another built client than CLIENT_DIST_DIR's.
 */
export async function startBenchApp(database: DatabaseHandle, distDir = clientDistDir) {
  let handler: App["listener"] = (_req, res) => res.writeHead(503).end();
  const server = createServer((req, res) => handler(req, res));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  const baseUrl = `http://127.0.0.1:${port}`;
  const config = { ...loadConfig({ PORT: String(port), PUBLIC_URL: baseUrl }), b2c: undefined, clientDistDir: distDir };
  const app = await createApp(config, { database: { ...database, close: async () => {} }, seedDemoData: true });
  handler = app.listener;
  app.attachWebSockets(server);
  return {
    baseUrl,
    /** Between two slices of a PGlite import, as the app's own import worker waits (pipeline.ts). */
    betweenSlices: betweenImportSlices(app.requestActivity),
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      await app.close();
    },
  };
}

/** Debian's Chromium with a page signed in as the demo account, as a person signs in. */
export async function signedInChromium(
  baseUrl: string,
  account: DemoAccountType,
): Promise<{ browser: Browser; page: Page }> {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: ["--no-sandbox", "--disable-gpu"],
  });
  const page = await browser.newPage({ baseURL: baseUrl, viewport: { width: 1280, height: 900 } });
  const { email, password } = DEMO_ACCOUNTS[account];
  await page.goto("/home");
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.waitForURL(/\/home$/);
  await page.waitForFunction((type) => sessionStorage.getItem("accountType") === type, account);
  return { browser, page };
}

/**
 * Runs `drive` in Chromium signed in as `account` on the app over `database`, closing both after,
 * pass or fail; without a built client, says so and skips.
 */
export async function inSignedInChromium(
  database: DatabaseHandle,
  account: DemoAccountType,
  drive: (page: Page) => Promise<void>,
): Promise<void> {
  if (!hasBuiltClient()) {
    console.log("Chromium: skipped, no built client (npm run build, or set CLIENT_DIST_DIR).");
    return;
  }
  const app = await startBenchApp(database);
  const { browser, page } = await signedInChromium(app.baseUrl, account);
  try {
    await drive(page);
  } finally {
    await browser.close();
    await app.close();
  }
}
