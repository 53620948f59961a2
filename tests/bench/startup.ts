/**
 * Cold start to the first answer of `me`, on PGlite and on PostgreSQL, and the server's peak
 * memory at idle. Run: npm run bench:startup (needs the local PostgreSQL for the second half).
 *
 * "Cold" means a new, empty database: the server migrates it and loads the demo seed before it
 * listens. A warm start (same data folder again) is measured too.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { readFileSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import path from "node:path";
import postgres from "postgres";
import { DEMO_ACCOUNTS } from "../../db/seed/demoAccounts";
import { POSTGRES_ADMIN_URL } from "../support/database";
import { signInWithPassword } from "../support/signIn";

type Measurement = { label: string; listeningMs: number; firstMeMs: number; idlePeakMb: number; idleRssMb: number };

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = createServer().listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

function memoryMb(pid: number) {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const read = (key: string) => Number(new RegExp(`${key}:\\s+(\\d+) kB`).exec(status)?.[1] ?? 0) / 1024;
  return { peak: read("VmHWM"), rss: read("VmRSS") };
}

async function measure(label: string, env: Record<string, string>): Promise<Measurement> {
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const started = performance.now();
  // One process (node with the tsx loader), so its memory is the whole server's.
  const child: ChildProcess = spawn(process.execPath, ["--import", "tsx", "server/main.ts"], {
    env: { ...process.env, ...env, PORT: String(port), PUBLIC_URL: baseUrl },
    stdio: "ignore",
  });
  try {
    let listeningMs = 0;
    while (!listeningMs) {
      try {
        if ((await fetch(`${baseUrl}/api/config/auth`)).ok) listeningMs = performance.now() - started;
      } catch {
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      if (performance.now() - started > 120_000) throw new Error(`${label}: the server did not start`);
    }
    const token = await signInWithPassword(baseUrl, DEMO_ACCOUNTS.user.email, DEMO_ACCOUNTS.user.password);
    const response = await fetch(`${baseUrl}/graphql`, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
      body: JSON.stringify({ query: "{ me { name accountType } }" }),
    });
    if (!response.ok) throw new Error(`${label}: me answered ${response.status}`);
    const firstMeMs = performance.now() - started;
    await new Promise((resolve) => setTimeout(resolve, 5000));
    const memory = memoryMb(child.pid as number);
    return { label, listeningMs, firstMeMs, idlePeakMb: memory.peak, idleRssMb: memory.rss };
  } finally {
    child.kill("SIGTERM");
    await new Promise((resolve) => child.once("exit", resolve));
  }
}

const results: Measurement[] = [];
const dataDir = path.resolve(".tmp/bench-startup");
rmSync(dataDir, { recursive: true, force: true });
results.push(await measure("PGlite, cold (new data folder)", { DATA_DIR: dataDir }));
results.push(await measure("PGlite, warm (same data folder)", { DATA_DIR: dataDir }));
rmSync(dataDir, { recursive: true, force: true });

const name = `bench_${randomBytes(4).toString("hex")}`;
const admin = postgres(POSTGRES_ADMIN_URL, { max: 1, onnotice: () => {} });
await admin.unsafe(`create database "${name}"`);
try {
  const databaseUrl = POSTGRES_ADMIN_URL.replace(/\/[^/]*$/, `/${name}`);
  results.push(await measure("PostgreSQL, cold (new database)", { DATABASE_URL: databaseUrl }));
  results.push(await measure("PostgreSQL, warm (same database)", { DATABASE_URL: databaseUrl }));
} finally {
  await admin.unsafe(`drop database if exists "${name}" with (force)`);
  await admin.end();
}

console.log("\nstart-up                          listening   first me   idle peak RSS   idle RSS");
for (const r of results) {
  console.log(
    `${r.label.padEnd(34)}${`${r.listeningMs.toFixed(0)} ms`.padStart(9)}${`${r.firstMeMs.toFixed(0)} ms`.padStart(11)}${`${r.idlePeakMb.toFixed(0)} MB`.padStart(16)}${`${r.idleRssMb.toFixed(0)} MB`.padStart(11)}`,
  );
}
