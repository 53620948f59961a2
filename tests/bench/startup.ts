/**
 * Start-up to the first answer of `me`, and the server's memory, on PGlite and on PostgreSQL.
 * Run: npm run bench:startup (needs the local PostgreSQL for the second half).
 *
 * It runs what production runs: the compiled server (dist/server/main.mjs, built first when stale
 * by scripts/buildIfStale.mjs). `--tsx` runs server/main.ts through the tsx loader instead (how
 * `npm start` ran before issue #16), `--runs 5` changes the number of runs (3).
 *
 * Each run is a cold start (a new, empty data folder or database: the server migrates it and loads
 * the demo seed before it listens) followed by a warm start (the same data again). "First answer" is
 * from spawning the process to the signed-in user's first `me` answer (the sign-in included). Idle RSS
 * is read 5 s after that answer; peak RSS is the process's high-water mark (VmHWM) at that moment.
 * On PGlite the database runs in a process of the server's own (db/pglite/processClient.ts): its
 * memory and CPU time are shown apart, and the last column adds the server's idle RSS to the memory
 * only the database process holds (the two share Node's code and libraries, which two RSS would
 * count twice).
 */
import { type ChildProcess, spawn } from "node:child_process";
import { rmSync } from "node:fs";
import path from "node:path";
import { DEMO_ACCOUNTS } from "../../db/seed/demoAccounts";
import { SERVER_COMMAND } from "../../scripts/buildServer.mjs";
import { createScratchPostgresDatabase } from "../support/database";
import { freePort } from "../support/ports";
import { startSharedBlobStorage } from "../support/sharedStorage";
import { signInWithPassword } from "../support/signIn";
import { numberOption } from "./options";
import { buildIfStale, childPids, cpuMs, memoryMb, privateMb } from "./serverProcess";

const args = process.argv.slice(2);
const useTsx = args.includes("--tsx");
const runs = numberOption(args, "--runs", 3);

type Start = {
  firstAnswerMs: number;
  firstAnswerCpuMs: number;
  idleRssMb: number;
  peakRssMb: number;
  /** The PGlite process's (0 on PostgreSQL). */
  databaseCpuMs: number;
  databaseIdleRssMb: number;
  databasePeakRssMb: number;
  /**
   * Idle, the server and its database process together: the server's RSS + the memory only the
   * database process holds (privateMb). Adding the two RSS would count twice what they share
   * (Node's code and libraries, ~48 MB). On PostgreSQL, the server's RSS.
   */
  togetherIdleMb: number;
};
type Run = { cold: Start; warm: Start };

/** The server's command line (on PGlite, it starts the database's process itself). */
const serverArgs = useTsx ? ["--import", "tsx", "server/main.ts"] : SERVER_COMMAND;

async function start(label: string, env: Record<string, string>): Promise<Start> {
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const started = performance.now();
  const child: ChildProcess = spawn(process.execPath, serverArgs, {
    env: { ...process.env, ...env, PORT: String(port), PUBLIC_URL: baseUrl },
    stdio: "ignore",
  });
  try {
    for (;;) {
      try {
        if ((await fetch(`${baseUrl}/api/config/auth`)).ok) break;
      } catch {
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      if (child.exitCode !== null) throw new Error(`${label}: the server exited with ${child.exitCode}`);
      if (performance.now() - started > 120_000) throw new Error(`${label}: the server did not start`);
    }
    const token = await signInWithPassword(baseUrl, DEMO_ACCOUNTS.user.email, DEMO_ACCOUNTS.user.password);
    const response = await fetch(`${baseUrl}/graphql`, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
      body: JSON.stringify({ query: "{ me { name accountType } }" }),
    });
    if (!response.ok) throw new Error(`${label}: me answered ${response.status}`);
    const firstAnswerMs = performance.now() - started;
    const pid = child.pid as number;
    const databasePid = childPids(pid)[0];
    const firstAnswerCpuMs = cpuMs(pid);
    const databaseCpuMs = databasePid ? cpuMs(databasePid) : 0;
    await new Promise((resolve) => setTimeout(resolve, 5000));
    const memory = memoryMb(pid);
    const database = databasePid ? memoryMb(databasePid) : { rss: 0, peak: 0 };
    return {
      firstAnswerMs,
      firstAnswerCpuMs,
      idleRssMb: memory.rss,
      peakRssMb: memory.peak,
      databaseCpuMs,
      databaseIdleRssMb: database.rss,
      databasePeakRssMb: database.peak,
      togetherIdleMb: memory.rss + (databasePid ? privateMb(databasePid) : 0),
    };
  } finally {
    child.kill("SIGTERM");
    await new Promise((resolve) => child.once("exit", resolve));
  }
}

async function pgliteRun(index: number): Promise<Run> {
  const dataDir = path.resolve(`.tmp/bench-startup-${process.pid}`);
  rmSync(dataDir, { recursive: true, force: true });
  try {
    const cold = await start(`PGlite run ${index}, cold`, { DATA_DIR: dataDir });
    const warm = await start(`PGlite run ${index}, warm`, { DATA_DIR: dataDir });
    return { cold, warm };
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/**
 * On PostgreSQL, blob storage is embedded (Azurite in the server's process, the default without
 * AZURE_STORAGE_CONNECTION_STRING) or apart, as docker-compose.yml and production run it (there,
 * Azure storage): an Azurite in this benchmark's process, reached through a connection string.
 */
async function postgresRun(index: number, blobs: "embedded" | "apart" = "embedded"): Promise<Run> {
  const database = await createScratchPostgresDatabase("bench");
  // An embedded Azurite keeps its files in the data folder, as in production without Azure.
  const dataDir = path.resolve(`.tmp/bench-startup-${process.pid}`);
  rmSync(dataDir, { recursive: true, force: true });
  const storage = blobs === "apart" ? await startSharedBlobStorage() : undefined;
  try {
    const env = {
      DATABASE_URL: database.url,
      DATA_DIR: dataDir,
      ...(storage && { AZURE_STORAGE_CONNECTION_STRING: storage.connectionString }),
    };
    const cold = await start(`PostgreSQL (${blobs} blobs) run ${index}, cold`, env);
    const warm = await start(`PostgreSQL (${blobs} blobs) run ${index}, warm`, env);
    return { cold, warm };
  } finally {
    await storage?.close();
    rmSync(dataDir, { recursive: true, force: true });
    await database.drop();
  }
}

if (!useTsx) buildIfStale();

const results: { database: string; runs: Run[] }[] = [];
for (const [database, run] of [
  ["PGlite", pgliteRun],
  ["PostgreSQL", postgresRun],
  ["PG, blobs apart", (index: number) => postgresRun(index, "apart")],
] as const) {
  const done: Run[] = [];
  for (let index = 1; index <= runs; index++) {
    done.push(await run(index));
    console.log(`${database} run ${index}/${runs}: ${JSON.stringify(done.at(-1))}`);
  }
  results.push({ database, runs: done });
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2
    ? (sorted[middle] as number)
    : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
};
const cell = (values: number[], unit: "s" | "MB") => {
  const show = (value: number) => (unit === "s" ? `${(value / 1000).toFixed(2)} s` : `${value.toFixed(0)} MB`);
  return `${show(Math.min(...values))} / ${show(median(values))}`;
};

const server = `node ${serverArgs.join(" ")}`;
console.log(`\n${server}, ${runs} runs, min / median; idle and peak RSS of the warm start (cold in brackets)`);
console.log("First answer: wall time from spawn to the first me, and (CPU) the server's CPU time until then.");
console.log("PGlite's own process (db CPU, db idle / peak RSS): warm start, medians, apart from the server's.");
console.log(
  "Together, idle: the server's RSS + the database process's private memory (what they share counted once), warm start.\n",
);
console.log(
  "| database        | cold first answer | warm first answer | cold (CPU)        | warm (CPU)        | idle RSS          | peak RSS          | cold idle / peak RSS | db CPU | db idle / peak RSS | together, idle    |",
);
console.log(
  "| --------------- | ----------------- | ----------------- | ----------------- | ----------------- | ----------------- | ----------------- | -------------------- | ------ | ------------------ | ----------------- |",
);
for (const { database, runs: done } of results) {
  const cold = done.map((run) => run.cold);
  const warm = done.map((run) => run.warm);
  const columns: [Start[], keyof Start, "s" | "MB"][] = [
    [cold, "firstAnswerMs", "s"],
    [warm, "firstAnswerMs", "s"],
    [cold, "firstAnswerCpuMs", "s"],
    [warm, "firstAnswerCpuMs", "s"],
    [warm, "idleRssMb", "MB"],
    [warm, "peakRssMb", "MB"],
  ];
  const together = cell(
    warm.map((s) => s.togetherIdleMb),
    "MB",
  );
  const cells = columns.map(([starts, measure, unit]) =>
    cell(
      starts.map((s) => s[measure]),
      unit,
    ),
  );
  const coldMemory = `${median(cold.map((s) => s.idleRssMb)).toFixed(0)} / ${median(cold.map((s) => s.peakRssMb)).toFixed(0)} MB`;
  const databaseCpu = `${(median(warm.map((s) => s.databaseCpuMs)) / 1000).toFixed(2)} s`;
  const databaseMemory = `${median(warm.map((s) => s.databaseIdleRssMb)).toFixed(0)} / ${median(warm.map((s) => s.databasePeakRssMb)).toFixed(0)} MB`;
  console.log(
    `| ${database.padEnd(15)} | ${cells.map((c) => c.padEnd(17)).join(" | ")} | ${coldMemory.padEnd(20)} | ${databaseCpu.padEnd(6)} | ${databaseMemory.padEnd(18)} | ${together.padEnd(17)} |`,
  );
}
