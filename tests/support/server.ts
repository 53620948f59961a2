import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { type App, createApp } from "../../server/app";
import { loadConfig } from "../../server/config";
import { createTestDatabase, type TestDatabase } from "./database";

/** Quick polling, and a crashed import retried after pg-boss' minimum heartbeat (10 s). */
export const TEST_QUEUE_OPTIONS = { pollingIntervalSeconds: 0.5, heartbeatSeconds: 10, superviseIntervalSeconds: 2 };

export type TestServer = { app: App; server: Server; baseUrl: string; database: TestDatabase; close(): Promise<void> };

/**
 * The whole app on a free loopback port over a fresh test database (PGlite or PostgreSQL, see
 * database.ts), seeded with the demo organisation unless told otherwise.
 */
export async function startTestServer(
  options: {
    seed?: boolean;
    /** With the demo, its sample staffing plans (server/seed/demo.ts); API tests plan their own. */
    seedDemoPlans?: boolean;
    /** Start without PUBLIC_URL, as `npm start` does: the server then guesses http://localhost:PORT. */
    defaultPublicUrl?: boolean;
    /** PUBLIC_URL, when browsers reach the server at another address (a load balancer's); else its own. */
    publicUrl?: string;
    /** Serve this folder as the built client instead of CLIENT_DIST_DIR or dist/client. */
    clientDistDir?: string;
    /** More settings, as environment variables (e.g. GRAPHQL_EXPLORER). */
    env?: Record<string, string>;
    /** The idle rule's clock (the real one unless given). */
    sessionClock?: () => number;
  } = {},
): Promise<TestServer> {
  // Migrated already (as a server's database is after its first start); createApp checks it.
  const database = await createTestDatabase();
  let handler: App["listener"] = (_req, res) => res.writeHead(503).end();
  const server = createServer((req, res) => handler(req, res));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  const baseUrl = `http://127.0.0.1:${port}`;
  const env = {
    // Tests change users and permissions with SQL of their own and read the effect on the next line;
    // on PostgreSQL the database's change notice can arrive a moment after that request, so API tests
    // read the viewer every time unless they are about remembering it (viewer.test.ts).
    VIEWER_CACHE_SECONDS: "0",
    ...options.env,
    PORT: String(port),
    ...(options.defaultPublicUrl ? {} : { PUBLIC_URL: options.publicUrl ?? baseUrl }),
  };
  const loaded = loadConfig(env);
  const config = { ...loaded, b2c: undefined, clientDistDir: options.clientDistDir ?? loaded.clientDistDir };
  const app = await createApp(config, {
    database,
    seedDemoData: options.seed !== false,
    seedDemoPlans: options.seedDemoPlans === true,
    // Blobs in memory (Azurite in this process).
    uploadPipeline: { ephemeralStorage: true, queue: TEST_QUEUE_OPTIONS },
    // An idle session's open sockets close within half a second rather than 30.
    idleSweepMs: 500,
    sessionClock: options.sessionClock,
  });
  handler = app.listener;
  app.attachWebSockets(server);
  return {
    app,
    server,
    baseUrl,
    database,
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      await app.close();
    },
  };
}
