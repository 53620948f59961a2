import { defineConfig, devices } from "@playwright/test";

/**
 * Browser tests drive Debian's Chromium against the real app on the embedded defaults. Each worker
 * starts a server of its own, with a fresh database (tests/e2e/support/test.ts), so workers never
 * meet each other's data and a retry (a new worker) starts from a fresh database.
 *
 * Two workers, one per core: with one, the machine sat half idle (measured over shell + routes, 53
 * tests: 49 % of two cores busy, 2.2 min; with two workers 86 % busy, 1.3 min; the whole suite
 * 11.4 → 6.9 min). Each worker has its own server and database, so they never meet each other's data.
 *
 * The browser is Debian's Chromium in its headless build (the `chromium-headless-shell` package,
 * built from the same source and version as `chromium`): the same Blink engine, without the full
 * browser's windowing and UI processes that headless `chromium` still runs. Measured on the same 36
 * tests (shell + employee search, 2 cores): 237 → 145 CPU-seconds, 167 → 122 s. The benchmarks
 * (tests/bench/) keep the full browser, since they measure what a person's browser does.
 */
export default defineConfig({
  testDir: "tests/e2e",
  outputDir: "test-results",
  fullyParallel: false,
  workers: 2,
  // The compiled server, as in production, rebuilt first when a source is newer than it
  // (`npm run test:e2e` has just built it).
  globalSetup: "./tests/e2e/support/globalSetup.ts",
  forbidOnly: !!process.env.CI,
  retries: process.env.CI ? 1 : 0,
  reporter: process.env.CI ? [["list"]] : [["list"], ["html", { open: "never" }]],
  timeout: 60_000,
  use: {
    trace: "on-first-retry",
    screenshot: "only-on-failure",
    ...devices["Desktop Chrome"],
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium-headless-shell",
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
});
