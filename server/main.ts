import { createServer } from "node:http";
import { createApp } from "./app";
import { loadConfig } from "./config";

const startedAt = performance.now();
const config = loadConfig();
const app = await createApp(config, {
  seedDemoData: process.env.SEED_DEMO !== "false",
  devOrigins: process.env.DEV_ORIGINS?.split(",").filter(Boolean),
});
const server = createServer(app.listener);
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
