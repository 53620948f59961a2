import { type ChildProcess, spawn } from "node:child_process";
import { createWriteStream, mkdirSync, rmSync } from "node:fs";
import { test as base } from "@playwright/test";
import { SERVER_COMMAND } from "../../../scripts/buildServer.mjs";

/**
 * Every browser test runs against a server of its worker's own: the compiled app on the embedded
 * defaults, with a fresh database holding the demo seed and its own Azurite. Workers therefore run
 * side by side without meeting each other's data (a test that counts the demo manager's cost
 * centers never sees another worker's granted unit), and a retry, which starts a new worker, starts
 * from a fresh database as well.
 *
 * Specs import `test` (and `expect`) from here, not from @playwright/test.
 */

/** The first worker's port; E2E_PORT lets several checkouts test side by side. */
const BASE_PORT = Number(process.env.E2E_PORT ?? 4310);
/** Where the built client is; several checkouts or helpers can build and test side by side. */
const CLIENT_DIST_DIR = process.env.CLIENT_DIST_DIR ?? "dist/client";
/** A cold start loads the demo seed into a new PGlite database: seconds, more on a loaded machine. */
const START_TIMEOUT_MS = 90_000;

type AppServer = { url: string };

export const test = base.extend<object, { appServer: AppServer }>({
  appServer: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright's fixture signature takes the fixtures first.
    async ({}, use, workerInfo) => {
      // parallelIndex is unique among the workers running at one time, so ports never clash.
      const port = BASE_PORT + workerInfo.parallelIndex;
      const url = `http://localhost:${port}`;
      const dataDir = `.tmp/e2e-data-${port}`;
      rmSync(dataDir, { recursive: true, force: true });
      const server = spawn(process.execPath, SERVER_COMMAND, {
        env: {
          ...process.env,
          PORT: String(port),
          DATA_DIR: dataDir,
          PUBLIC_URL: url,
          SEED_DEMO: "true",
          // The browser tests start from the demo as db/seed/demo.ts leaves it: no staffing plans.
          SEED_DEMO_PLANS: "false",
          CLIENT_DIST_DIR,
        },
        stdio: ["ignore", "pipe", "pipe"],
      });
      const output: string[] = [];
      // Everything the server says, for reading after a run: an error the screens did not show.
      mkdirSync("test-results", { recursive: true });
      const log = createWriteStream(`test-results/app-server-${workerInfo.workerIndex}.log`);
      const keep = (chunk: Buffer) => {
        output.push(chunk.toString());
        if (output.length > 200) output.shift();
        log.write(chunk);
      };
      server.stdout?.on("data", keep);
      server.stderr?.on("data", keep);
      try {
        await waitUntilAnswering(server, `${url}/api/config/auth`, output);
        await use({ url });
      } finally {
        await stop(server);
        log.end();
        rmSync(dataDir, { recursive: true, force: true });
      }
    },
    { scope: "worker", timeout: START_TIMEOUT_MS + 15_000 },
  ],
  baseURL: async ({ appServer }, use) => {
    await use(appServer.url);
  },
});

export { expect } from "@playwright/test";

async function waitUntilAnswering(server: ChildProcess, url: string, output: string[]): Promise<void> {
  const deadline = Date.now() + START_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) {
      throw new Error(`The app server exited with ${server.exitCode} before answering:\n${output.join("")}`);
    }
    try {
      const response = await fetch(url);
      if (response.ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`The app server did not answer ${url} within ${START_TIMEOUT_MS / 1000} s:\n${output.join("")}`);
}

async function stop(server: ChildProcess): Promise<void> {
  if (server.exitCode !== null) return;
  const exited = new Promise((resolve) => server.once("exit", resolve));
  server.kill("SIGTERM");
  const forced = setTimeout(() => server.kill("SIGKILL"), 10_000);
  await exited;
  clearTimeout(forced);
}
