import { defineConfig, devices } from "@playwright/test";

/** Browser tests drive Debian's Chromium against the real app on the embedded defaults. */
const port = Number(process.env.E2E_PORT ?? 4310);
const baseURL = `http://localhost:${port}`;
const dataDir = `.tmp/e2e-data-${port}`;
/** Where the built client is; several checkouts or helpers can build and test side by side. */
const clientDistDir = process.env.CLIENT_DIST_DIR ?? "dist/client";
/**
 * Specs that run beside the others: they neither change what other tests read (facility settings,
 * the demo accounts' permissions, their sessions: no log out) nor count shared rows. Every other
 * spec runs one test at a time, in its own lane, so a test that counts the demo manager's cost
 * centers never meets another's granted unit.
 */
const BESIDE_THE_OTHERS = /\/(routes|contactUs|graphiql)\.spec\.ts$/;

export default defineConfig({
  testDir: "tests/e2e",
  outputDir: "test-results",
  fullyParallel: false,
  workers: 2,
  projects: [
    { name: "beside-the-others", testMatch: BESIDE_THE_OTHERS },
    { name: "one-at-a-time", testIgnore: BESIDE_THE_OTHERS, workers: 1 },
  ],
  forbidOnly: !!process.env.CI,
  retries: process.env.CI ? 1 : 0,
  reporter: process.env.CI ? [["list"]] : [["list"], ["html", { open: "never" }]],
  timeout: 60_000,
  use: {
    baseURL,
    trace: "on-first-retry",
    screenshot: "only-on-failure",
    ...devices["Desktop Chrome"],
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
      ],
    },
  },
  webServer: {
    // A fresh embedded database each run: the demo seed loads on first start. The compiled server, as
    // in production, rebuilt first when a source is newer than it (`npm run test:e2e` has just built it).
    command: `rm -rf ${dataDir} && node scripts/buildIfStale.mjs --server-only && node dist/server/main.mjs`,
    url: `${baseURL}/api/config/auth`,
    reuseExistingServer: false,
    timeout: 120_000,
    env: {
      PORT: String(port),
      DATA_DIR: dataDir,
      PUBLIC_URL: baseURL,
      SEED_DEMO: "true",
      CLIENT_DIST_DIR: clientDistDir,
    },
    stdout: "pipe",
  },
});
