/**
 * Per-request cost of the compiled server: requests per second and p50/p99 latency of a signed-in
 * `me` (the user), the cost-center list (`costCenters`, the admin) and a plan's read (the wizard of
 * the user's cost center, with the hand-worked unit and roles), at 50 and 200 concurrent
 * connections, on PGlite and PostgreSQL, against a bare graphql-yoga `{ hello }` server on the same
 * Node (the floor: HTTP, GraphQL parse/validate/execute, nothing of ours).
 * Run: npm run bench:requests [-- --seconds 8] [--connections 50,200] [--cpu-prof DIR]
 * (--cpu-prof: the app writes a V8 CPU profile per database into DIR when it stops, for Chrome's
 * DevTools or `npx speedscope`).
 *
 * The server is dist/server/main.mjs (built first when stale), started on a seeded demo database.
 * Each connection sends its next request when the previous one answered (closed loop), over
 * keep-alive (node:http, one socket per connection); the first second of each measurement is a warm-up and is not counted.
 */
import { rmSync } from "node:fs";
import { Agent } from "node:http";
import path from "node:path";
import { type DocumentNode, print } from "graphql";
import {
  Wizard_CreateUnitRoleMutationDocument,
  Wizard_QueryDocument,
  Wizard_SaveUnitDefinitionMutationDocument,
  Wizard_StartStaffingPlanMutationDocument,
} from "../../client/src/gql/graphql";
import { demoId } from "../../db/seed/demo";
import { DEMO_ACCOUNTS } from "../../db/seed/demoAccounts";
import { SERVER_COMMAND } from "../../scripts/buildServer.mjs";
import { withScratchPostgresDatabase } from "../support/database";
import { graphqlPost } from "../support/graphql";
import { HAND_WORKED_ROLES, HAND_WORKED_UNIT } from "../support/handWorkedPlan";
import { signInWithPassword } from "../support/signIn";
import { numberOption } from "./options";
import { buildIfStale, postJson, startProcess } from "./serverProcess";
import { quantile } from "./statistics";

const args = process.argv.slice(2);
const seconds = numberOption(args, "--seconds", 8);
const connectionsIndex = args.indexOf("--connections");
const connectionCounts = (connectionsIndex >= 0 ? (args[connectionsIndex + 1] ?? "") : "50,200").split(",").map(Number);
const profileIndex = args.indexOf("--cpu-prof");
const profileArgs =
  profileIndex >= 0 ? ["--cpu-prof", `--cpu-prof-dir=${path.resolve(args[profileIndex + 1] ?? ".")}`] : [];

type Result = { label: string; connections: number; requests: number; perSecond: number; p50: number; p99: number };

/** `connections` closed loops sending the same POST for `seconds` (after a 1 s warm-up). */
async function load(
  label: string,
  url: string,
  headers: Record<string, string>,
  request: { query: string; variables?: Record<string, unknown> },
  connections: number,
) {
  const agent = new Agent({ keepAlive: true, maxSockets: connections });
  const body = JSON.stringify(request);
  const send = async () => {
    const { status, text } = await postJson(url, agent, headers, body);
    if (status !== 200 || text.includes('"errors"')) throw new Error(`${label}: ${status} ${text.slice(0, 200)}`);
  };
  const warmUntil = performance.now() + 1000;
  const endAt = warmUntil + seconds * 1000;
  const latencies: number[] = [];
  await Promise.all(
    Array.from({ length: connections }, async () => {
      for (;;) {
        const started = performance.now();
        if (started >= endAt) return;
        await send();
        if (started >= warmUntil) latencies.push(performance.now() - started);
      }
    }),
  );
  agent.destroy();
  latencies.sort((a, b) => a - b);
  const result: Result = {
    label,
    connections,
    requests: latencies.length,
    perSecond: latencies.length / seconds,
    p50: quantile(latencies, 0.5),
    p99: quantile(latencies, 0.99),
  };
  console.log(
    `${label} @${connections}: ${result.perSecond.toFixed(0)} req/s, p50 ${result.p50.toFixed(1)} ms, p99 ${result.p99.toFixed(1)} ms`,
  );
  return result;
}

const results: Result[] = [];

// The floor: graphql-yoga alone, { hello }, on the same Node, in its own process like the app.
const bareYoga = `
import { createServer } from "node:http";
import { createSchema, createYoga } from "graphql-yoga";
const yoga = createYoga({ schema: createSchema({ typeDefs: "type Query { hello: String! }", resolvers: { Query: { hello: () => "world" } } }), logging: false });
createServer(yoga).listen(Number(process.env.PORT), "127.0.0.1");
process.on("SIGTERM", () => process.exit(0));
`;
{
  const bare = await startProcess(["--input-type=module", "-e", bareYoga], {}, "/graphql?query=%7Bhello%7D");
  try {
    for (const connections of connectionCounts) {
      results.push(
        await load("bare yoga { hello }", `${bare.baseUrl}/graphql`, {}, { query: "{ hello }" }, connections),
      );
    }
  } finally {
    await bare.stop();
  }
}

buildIfStale();

async function measureApp(database: string, env: Record<string, string>) {
  // Seeds the demo facility on its first start, then serves.
  const app = await startProcess(
    [...profileArgs, ...SERVER_COMMAND],
    { ...env, SEED_DEMO: "true" },
    "/api/config/auth",
  );
  try {
    const url = `${app.baseUrl}/graphql`;
    const user = await signInWithPassword(app.baseUrl, DEMO_ACCOUNTS.user.email, DEMO_ACCOUNTS.user.password);
    const admin = await signInWithPassword(app.baseUrl, DEMO_ACCOUNTS.admin.email, DEMO_ACCOUNTS.admin.password);
    const queries = [
      { name: "me", token: user, request: { query: "{ me { id name accountType facilityName } }" } },
      { name: "costCenters", token: admin, request: { query: "{ costCenters { id code name prnFte } }" } },
      { name: "plan (wizard)", token: user, request: await handWorkedPlanRead(app.baseUrl, user) },
    ];
    for (const connections of connectionCounts) {
      for (const { name, token, request } of queries) {
        results.push(
          await load(`${database}: ${name}`, url, { authorization: `Bearer ${token}` }, request, connections),
        );
      }
    }
  } finally {
    await app.stop();
  }
}

/**
 * A plan to read: the user begins the plan of demo cost center 6010 (its demo staff) with the
 * hand-worked unit and roles, as the wizard's screens send them. Answers the wizard's own read.
 */
async function handWorkedPlanRead(baseUrl: string, token: string) {
  const costCenterId = demoId("costCenter", 1);
  // Each mutation answers a union: its Success (data), or a DomainError (message).
  const send = async (document: DocumentNode, variables: Record<string, unknown>) => {
    const { body } = await graphqlPost(baseUrl, token, { query: print(document), variables });
    const answer = Object.values(body.data ?? {})[0] as
      | { data?: { plan?: { id: string } }; message?: string }
      | undefined;
    if (!answer?.data) throw new Error(`Setting up the plan: ${body.errors?.[0]?.message ?? answer?.message}`);
    return answer.data;
  };
  const planId = (await send(Wizard_StartStaffingPlanMutationDocument, { costCenterId })).plan?.id;
  await send(Wizard_SaveUnitDefinitionMutationDocument, { planId, input: HAND_WORKED_UNIT });
  for (const role of HAND_WORKED_ROLES) await send(Wizard_CreateUnitRoleMutationDocument, { planId, input: role });
  return { query: print(Wizard_QueryDocument), variables: { costCenterId } };
}

const dataDir = path.resolve(`.tmp/bench-requests-${process.pid}`);
rmSync(dataDir, { recursive: true, force: true });
try {
  await measureApp("PGlite", { DATA_DIR: dataDir });
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
try {
  await withScratchPostgresDatabase("bench", (url) =>
    measureApp("PostgreSQL", { DATABASE_URL: url, DATA_DIR: dataDir }),
  );
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}

console.log(`\nclosed loops over keep-alive, ${seconds} s each after a 1 s warm-up; node ${process.version}\n`);
console.log("| server / query                 | connections | req/s  | p50       | p99       |");
console.log("| ------------------------------ | ----------- | ------ | --------- | --------- |");
for (const r of results) {
  console.log(
    `| ${r.label.padEnd(30)} | ${String(r.connections).padStart(11)} | ${r.perSecond.toFixed(0).padStart(6)} | ${`${r.p50.toFixed(1)} ms`.padStart(9)} | ${`${r.p99.toFixed(1)} ms`.padStart(9)} |`,
  );
}
