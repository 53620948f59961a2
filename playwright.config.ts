import { defineConfig, devices } from "@playwright/test";

/**
 * Browser tests drive Debian's Chromium against the real app on the embedded defaults. Each worker
 * starts a server of its own, with a fresh database (tests/e2e/support/test.ts), so workers never
 * meet each other's data and a retry (a new worker) starts from a fresh database.
 *
 * One worker: a single worker already keeps both cores of a CI machine busy (measured: 13 simple
 * tests used 115 CPU-seconds in 70 s, most of it Chromium rendering the app), so a second worker
 * made no run faster and made timing-sensitive tests fail under the load.
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
  workers: 1,
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
