import { afterAll, beforeAll } from "vitest";
import type { DemoAccountType } from "../../db/seed/demoAccounts";
import { startTestServer, type TestServer } from "./server";
import { demoAccountTokens } from "./tokens";

/**
 * The test file's own server (the whole app over a fresh database, seeded with the demo data):
 * started before the file's tests, with a token for each demo account, and closed after them. The
 * file's own beforeAll hooks, registered after this call, run once it has started. `server` and
 * `token` are read inside tests and hooks: the server throws, and the tokens are empty, before then.
 */
export function useTestServer(options: Parameters<typeof startTestServer>[0] = {}): {
  server: TestServer;
  token: Record<DemoAccountType, string>;
} {
  let started: TestServer | undefined;
  const current = (): TestServer => {
    if (!started) throw new Error("The test server has not started yet: read it inside a test or a hook");
    return started;
  };
  const token: Record<DemoAccountType, string> = { admin: "", exec: "", user: "" };
  beforeAll(async () => {
    started = await startTestServer(options);
    Object.assign(token, await demoAccountTokens(started));
  });
  afterAll(() => started?.close());
  const server: TestServer = {
    get app() {
      return current().app;
    },
    get server() {
      return current().server;
    },
    get baseUrl() {
      return current().baseUrl;
    },
    get database() {
      return current().database;
    },
    close: () => current().close(),
  };
  return { server, token };
}
