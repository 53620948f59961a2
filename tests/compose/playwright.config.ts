import { defineConfig, devices } from "@playwright/test";

/**
 * The compose stack's check (`npm run test:compose`, tests/compose/run.sh): Debian's Chromium against
 * the running stack of docker-compose.yml, reached as another machine would reach it, at the public
 * address the stack was started with (PUBLIC_URL). The name `staffing.test` resolves to this machine
 * inside the browser only, so nothing on the machine is changed; its certificate comes from Caddy's
 * own authority, which this browser is told to accept rather than have its root installed.
 */
const publicUrl = process.env.PUBLIC_URL ?? "https://staffing.test:8443";

export default defineConfig({
  testDir: ".",
  outputDir: "../../test-results/compose",
  workers: 1,
  fullyParallel: false,
  retries: 0,
  reporter: [["list"]],
  timeout: 60_000,
  use: {
    ...devices["Desktop Chrome"],
    baseURL: publicUrl,
    ignoreHTTPSErrors: true,
    screenshot: "only-on-failure",
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium-headless-shell",
      args: ["--no-sandbox", "--disable-gpu", "--host-resolver-rules=MAP staffing.test 127.0.0.1"],
    },
  },
});
