import { createServer } from "node:http";
import { createApp } from "./app";
import { loadConfig } from "./config";

const startedAt = performance.now();
const config = loadConfig();
const app = await createApp(config, {
  seedDemoData: process.env.SEED_DEMO !== "false",
  seedDemoPlans: process.env.SEED_DEMO_PLANS !== "false",
  devOrigins: process.env.DEV_ORIGINS?.split(",").filter(Boolean),
});
// Node closes an idle keep-alive connection after 5 s by default. A load balancer (or a client's
// connection pool) that reuses it at that moment gets a reset, answered to the user as a 502 or a
// failed request. Idle connections stay open longer than the proxies in front keep theirs
// (deploy/Caddyfile: 30 s; most cloud load balancers 60 s).
const server = createServer({ keepAliveTimeout: 65_000, headersTimeout: 66_000 }, app.listener);
app.attachWebSockets(server);
server.listen(config.port, config.host, () => {
  const identity = config.b2c ? "Azure AD B2C" : "embedded OpenID provider (demo accounts in README.md)";
  const database = config.databaseUrl ? "PostgreSQL" : `PGlite in ${config.dataDir}`;
  console.log(`Staffing & Position Control is ready in ${Math.round(performance.now() - startedAt)} ms`);
  console.log(`  Open ${config.publicUrl}   (GraphiQL: ${config.publicUrl}/graphql)`);
  console.log(`  Database: ${database}; identity: ${identity}`);
});

let stopping = false;
async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  console.log(`${signal} received: closing`);
  server.close();
  server.closeAllConnections();
  await app.close();
  process.exit(0);
}
process.on("SIGINT", () => void shutdown("SIGINT"));
process.on("SIGTERM", () => void shutdown("SIGTERM"));
