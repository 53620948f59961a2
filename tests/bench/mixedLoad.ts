/**
 * Issue #17, load: 200 virtual users for 60 s against the compiled server, each in a closed loop
 * (its next request a think time after the last one answered: 1 s unless --think-ms says otherwise;
 * 0 measures the server's capacity instead of people's experience) over keep-alive, mixing what people
 * do all day: unit managers (3 in 4) read their unit's dashboard, save step 1 of their own plan
 * and search employees; executives (1 in 4) read the facility dashboard. The requests are the
 * browser's own GraphQL documents (client/src/gql), sent as the browser sends them: by their
 * persisted hash, from the app's origin. Every answer is checked: a status other than 200, a
 * GraphQL error or a DomainError counts as an error.
 *
 * Three set-ups, one after the other: PGlite; PostgreSQL with one instance; PostgreSQL with two
 * instances behind a round-robin (each virtual user keeps one instance, as a sticky load balancer;
 * half the users on each) sharing Redis (127.0.0.1:6379).
 *
 *   npm run bench:load [-- --seconds 60] [--users 200] [--think-ms 1000] [--only pglite|postgres|postgres-2]
 */

import { randomUUID } from "node:crypto";
import { rmSync } from "node:fs";
import { Agent } from "node:http";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import {
  EmployeeSearch_SearchQueryDocument,
  FacilityDashboard_QueryDocument,
  IndividualDashboard_SummaryQueryDocument,
  Wizard_SaveUnitDefinitionMutationDocument,
} from "../../client/src/gql/graphql";
import { type Database, openDatabase } from "../../db/client";
import { costCenterPermissions, costCenters, users } from "../../db/schema";
import { DEMO_FACILITY_ID, DEMO_ORGANIZATION_ID, seedDemo } from "../../db/seed/demo";
import { SERVER_COMMAND } from "../../scripts/buildServer.mjs";
import { startStaffingPlan } from "../../server/services/staffingPlans";
import { resolveViewer } from "../../server/services/viewer";
import { withScratchPostgresDatabase } from "../support/database";
import { freePort } from "../support/ports";
import { TEST_REDIS_URL } from "../support/redis";
import { tokenFactory } from "../support/tokens";
import { numberOption } from "./options";
import { buildIfStale, postJson, startProcess } from "./serverProcess";
import { quantile } from "./statistics";

const args = process.argv.slice(2);
const seconds = numberOption(args, "--seconds", 60);
const userCount = numberOption(args, "--users", 200);
const thinkMs = numberOption(args, "--think-ms", 1000);
const only = args.includes("--only") ? args[args.indexOf("--only") + 1] : undefined;

/** The hash the client preset gave a document (what the browser sends instead of its text). */
const hashOf = (document: object) => (document as { __meta__: { hash: string } }).__meta__.hash;
const DOCUMENTS = {
  facilityDashboard: hashOf(FacilityDashboard_QueryDocument),
  unitDashboard: hashOf(IndividualDashboard_SummaryQueryDocument),
  saveUnitDefinition: hashOf(Wizard_SaveUnitDefinitionMutationDocument),
  employeeSearch: hashOf(EmployeeSearch_SearchQueryDocument),
};
type Operation = keyof typeof DOCUMENTS;
const SEARCH_TERMS = ["an", "ma", "el", "jo", "ri", "sa", "le", "on", "ar", "in"];

type VirtualUser = { token: string; role: "manager" | "executive"; costCenterId: string; planId: string };

/** The users' accounts: a cost center, its plan and its manager per manager; executives over the demo units. */
async function prepareUsers(db: Database, publicUrl: string): Promise<VirtualUser[]> {
  const demoUnits = await db
    .select({ id: costCenters.id })
    .from(costCenters)
    .where(eq(costCenters.facilityId, DEMO_FACILITY_ID));
  const tokens = await tokenFactory({ baseUrl: publicUrl, database: { db } });
  const prepared: VirtualUser[] = [];
  for (let i = 0; i < userCount; i++) {
    const role = i % 4 === 3 ? "executive" : "manager";
    const [user] = await db
      .insert(users)
      .values({
        organizationId: DEMO_ORGANIZATION_ID,
        facilityId: DEMO_FACILITY_ID,
        email: `load-${i}-${randomUUID().slice(0, 8)}@hospital.example`,
        firstName: "Load",
        lastName: `User ${i}`,
      })
      .returning({ id: users.id });
    const userId = user?.id as string;
    await db.update(users).set({ identitySubject: userId }).where(eq(users.id, userId));
    if (role === "executive") {
      await db
        .insert(costCenterPermissions)
        .values(demoUnits.map((unit) => ({ userId, costCenterId: unit.id, executive: true, readOnly: false })));
      prepared.push({ token: await tokens.valid(userId), role, costCenterId: "", planId: "" });
      continue;
    }
    const [unit] = await db
      .insert(costCenters)
      .values({ facilityId: DEMO_FACILITY_ID, code: `L${9000 + i}`, name: `Load unit ${i}` })
      .returning({ id: costCenters.id });
    const costCenterId = unit?.id as string;
    await db
      .insert(costCenterPermissions)
      .values({ userId, costCenterId, completeWizard: true, manageStaff: true, readOnly: false, fte: 1 });
    const viewer = await resolveViewer(db, { subject: userId, email: undefined, claims: {} });
    const plan = await startStaffingPlan(db, viewer, costCenterId);
    prepared.push({ token: await tokens.valid(userId), role, costCenterId, planId: plan.plan?.id as string });
  }
  return prepared;
}

/** One request of the mix for this user; its variables. */
function nextRequest(user: VirtualUser, n: number): { operation: Operation; variables: Record<string, unknown> } {
  if (user.role === "executive") return { operation: "facilityDashboard", variables: {} };
  const pick = n % 10;
  if (pick < 4) return { operation: "unitDashboard", variables: { id: user.costCenterId } };
  if (pick < 7) {
    return {
      operation: "saveUnitDefinition",
      variables: {
        planId: user.planId,
        input: {
          census: 20 + (n % 7),
          careTeamTarget: 9.6,
          nonProductiveGoalPercentage: 10,
          targetOvertimePercentage: 2,
          productiveFteBudget: 40,
          totalPaidFteBudget: 45,
        },
      },
    };
  }
  return {
    operation: "employeeSearch",
    variables: { facilityId: DEMO_FACILITY_ID, term: SEARCH_TERMS[n % SEARCH_TERMS.length] },
  };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

type Outcome = { operation: Operation; ms: number; error?: string };

/** Runs every user's closed loop against its instance for `seconds` (after a 2 s warm-up). */
async function runLoad(label: string, prepared: VirtualUser[], baseUrls: string[], origin: string) {
  const agents = baseUrls.map(() => new Agent({ keepAlive: true, maxSockets: prepared.length }));
  /** Undefined when the answer is right, else what went wrong. */
  const send = async (userIndex: number, body: string, token: string): Promise<string | undefined> => {
    const instance = userIndex % baseUrls.length;
    try {
      const { status, text } = await postJson(
        `${baseUrls[instance]}/graphql`,
        agents[instance] as Agent,
        { authorization: `Bearer ${token}`, origin },
        body,
      );
      const failed = status !== 200 || text.includes('"errors"') || text.includes('"__typename":"DomainError"');
      return failed ? `${status} ${text.slice(0, 300)}` : undefined;
    } catch (error) {
      return `network: ${(error as Error).message}`;
    }
  };
  const warmUntil = performance.now() + 2_000;
  const endAt = warmUntil + seconds * 1000;
  const outcomes: Outcome[] = [];
  await Promise.all(
    prepared.map(async (user, index) => {
      // Spread over the first think time, so the users do not ask in step.
      await sleep(Math.random() * thinkMs);
      for (let n = index; ; n++) {
        const started = performance.now();
        if (started >= endAt) return;
        const { operation, variables } = nextRequest(user, n);
        const extensions = { persistedQuery: { version: 1, sha256Hash: DOCUMENTS[operation] } };
        const error = await send(index, JSON.stringify({ variables, extensions }), user.token);
        if (started >= warmUntil) outcomes.push({ operation, ms: performance.now() - started, error });
        if (thinkMs > 0) await sleep(thinkMs);
      }
    }),
  );
  for (const agent of agents) agent.destroy();
  return summarize(label, outcomes);
}

type Summary = {
  label: string;
  requests: number;
  errors: number;
  perSecond: number;
  p50: number;
  p95: number;
  p99: number;
};
const summaries: Summary[] = [];

function summarize(label: string, outcomes: Outcome[]): Summary {
  const latencies = outcomes.map((o) => o.ms).sort((a, b) => a - b);
  const failures = outcomes.filter((o) => o.error);
  const summary = {
    label,
    requests: outcomes.length,
    errors: failures.length,
    perSecond: outcomes.length / seconds,
    p50: quantile(latencies, 0.5),
    p95: quantile(latencies, 0.95),
    p99: quantile(latencies, 0.99),
  };
  summaries.push(summary);
  const byOperation = Object.keys(DOCUMENTS).map((operation) => {
    const own = outcomes.filter((o) => o.operation === operation).map((o) => o.ms);
    own.sort((a, b) => a - b);
    return `${operation} ${own.length} (p95 ${quantile(own, 0.95).toFixed(0)} ms)`;
  });
  console.log(
    `${label}: ${summary.perSecond.toFixed(0)} req/s, p50 ${summary.p50.toFixed(1)} ms, p95 ${summary.p95.toFixed(1)} ms, p99 ${summary.p99.toFixed(1)} ms, errors ${summary.errors}`,
  );
  console.log(`  ${byOperation.join("; ")}`);
  for (const failure of failures.slice(0, 3)) console.log(`  error (${failure.operation}): ${failure.error}`);
  return summary;
}

/** Opens the database, seeds the demo facility and the users' accounts, and closes it again. */
async function prepare(options: { databaseUrl?: string; dataDir?: string }, publicUrl: string) {
  const database = openDatabase(options);
  try {
    await database.migrate();
    await seedDemo(database.db);
    const users = await prepareUsers(database.db, publicUrl);
    // Statistics, as a database that has been running has them: without, the first minute's plans
    // depend on when autovacuum's analyze happens to run, and so did p99 (313 to 796 ms, same code).
    await database.db.execute(sql`analyze`);
    return users;
  } finally {
    await database.close();
  }
}

buildIfStale();
const dataDir = path.resolve(`.tmp/bench-load-${process.pid}`);

async function measure(label: string, instanceCount: number, env: Record<string, string>, databaseUrl?: string) {
  rmSync(dataDir, { recursive: true, force: true });
  const ports = await Promise.all(Array.from({ length: instanceCount }, () => freePort()));
  const publicUrl = `http://127.0.0.1:${ports[0]}`;
  const started = performance.now();
  const prepared = await prepare(databaseUrl ? { databaseUrl } : { dataDir }, publicUrl);
  console.log(`${label}: ${prepared.length} users prepared in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  const instances = [];
  try {
    for (const port of ports) {
      instances.push(
        await startProcess(SERVER_COMMAND, { ...env, DATA_DIR: dataDir, SEED_DEMO: "false" }, "/api/config/auth", {
          port,
          publicUrl,
        }),
      );
    }
    await runLoad(
      label,
      prepared,
      instances.map((instance) => instance.baseUrl),
      new URL(publicUrl).origin,
    );
  } finally {
    for (const instance of instances) await instance.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (!only || only === "pglite") await measure("PGlite, 1 instance", 1, {});
if (!only || only === "postgres") {
  await withScratchPostgresDatabase("bench", (url) => measure("PostgreSQL, 1 instance", 1, { DATABASE_URL: url }, url));
}
if (!only || only === "postgres-2") {
  await withScratchPostgresDatabase("bench", (url) =>
    measure("PostgreSQL, 2 instances + Redis", 2, { DATABASE_URL: url, REDIS_URL: TEST_REDIS_URL }, url),
  );
}

console.log(
  `\n${userCount} virtual users, closed loops with ${thinkMs} ms think time, ${seconds} s after a 2 s warm-up; node ${process.version}, ${
    (await import("node:os")).cpus().length
  } cores (load generator and servers on one machine)\n`,
);
console.log("| set-up                            | req/s | p50      | p95      | p99      | errors |");
console.log("| --------------------------------- | ----- | -------- | -------- | -------- | ------ |");
for (const s of summaries) {
  const ms = (value: number) => `${value.toFixed(0)} ms`.padStart(8);
  console.log(
    `| ${s.label.padEnd(33)} | ${s.perSecond.toFixed(0).padStart(5)} | ${ms(s.p50)} | ${ms(s.p95)} | ${ms(s.p99)} | ${String(s.errors).padStart(6)} |`,
  );
}
process.exit(0);
