/**
 * Issue #16: how fast the client loads, and how soon `npm start` answers. Run: npm run bench:client-load
 * (needs a built client: npm run build). Not run by CI.
 *
 * 1. The signed-out landing page (/home) in Debian's Chromium, served by the app from two copies of
 *    the built client: "raw" (the build's compressed copies removed, so every file goes as it is,
 *    as before) and "compressed" (the .br/.gz copies the build writes). For each: JS bytes on the
 *    wire, load event and Largest Contentful Paint, cold (a new browser profile) and warm (the same
 *    profile again: hashed assets from the cache, index.html revalidated). On loopback and on a
 *    throttled link (--mbps, --rtt: 20 Mbit/s and 40 ms by default), since loopback hides transfer.
 * 2. `npm start` to its first answer (/api/config/auth) with a fresh build present (reused) and with
 *    none (dist/client moved aside, so it builds; put back afterwards unless the run rebuilt it).
 *    --no-start skips this part.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { cpSync, existsSync, mkdtempSync, readdirSync, renameSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { chromium } from "@playwright/test";
import { freePort } from "../support/ports";
import { numberOption } from "./options";

const args = process.argv.slice(2);
const RUNS = numberOption(args, "--runs", 5);
const MBPS = numberOption(args, "--mbps", 20);
const RTT_MS = numberOption(args, "--rtt", 40);

const { createTestDatabase } = await import("../support/database");
const { clientDistDir, hasBuiltClient, startBenchApp } = await import("./browser");

type Load = { jsBytes: number; jsFiles: number; loadMs: number; lcpMs: number; readyMs: number };
type Link = { label: string; throttle?: { mbps: number; rttMs: number } };

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
};

/** One visit of /home in `context`: JS transferred (resource timing), load, LCP, and the Sign in button shown. */
async function visit(baseUrl: string, link: Link, contextDir: string): Promise<Load> {
  const context = await chromium.launchPersistentContext(contextDir, {
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: ["--no-sandbox", "--disable-gpu"],
    baseURL: baseUrl,
    viewport: { width: 1280, height: 900 },
  });
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    const cdp = await context.newCDPSession(page);
    await cdp.send("Network.enable");
    if (link.throttle) {
      await cdp.send("Network.emulateNetworkConditions", {
        offline: false,
        latency: link.throttle.rttMs,
        downloadThroughput: (link.throttle.mbps * 1_000_000) / 8,
        uploadThroughput: (link.throttle.mbps * 1_000_000) / 8,
      });
    }
    let jsBytes = 0;
    let jsFiles = 0;
    const scripts = new Set<string>();
    cdp.on("Network.responseReceived", (event) => {
      if (event.type === "Script") scripts.add(event.requestId);
    });
    cdp.on("Network.loadingFinished", (event) => {
      if (scripts.has(event.requestId)) {
        jsBytes += event.encodedDataLength;
        jsFiles += 1;
      }
    });
    const started = performance.now();
    await page.goto("/home", { waitUntil: "load" });
    await page.getByRole("button", { name: "Sign in" }).waitFor();
    const readyMs = performance.now() - started;
    const { loadMs, lcpMs } = await page.evaluate(
      () =>
        new Promise<{ loadMs: number; lcpMs: number }>((resolve) => {
          const navigation = performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming;
          new PerformanceObserver((list) => {
            const entries = list.getEntries();
            resolve({ loadMs: navigation.loadEventEnd, lcpMs: entries[entries.length - 1]?.startTime ?? Number.NaN });
          }).observe({ type: "largest-contentful-paint", buffered: true });
        }),
    );
    // Scripts still arriving after the button showed (lazy chunks) count too.
    await page.waitForLoadState("networkidle");
    return { jsBytes, jsFiles, loadMs, lcpMs, readyMs };
  } finally {
    await context.close();
  }
}

async function measureClient(label: string, distDir: string, database: Parameters<typeof startBenchApp>[0]) {
  const app = await startBenchApp(database, distDir);
  const rows: { label: string; link: string; cold: Load; warm: Load }[] = [];
  try {
    const links: Link[] = [
      { label: "loopback" },
      { label: `${MBPS} Mbit/s, ${RTT_MS} ms`, throttle: { mbps: MBPS, rttMs: RTT_MS } },
    ];
    for (const link of links) {
      const colds: Load[] = [];
      const warms: Load[] = [];
      for (let run = 0; run < RUNS; run++) {
        const profile = mkdtempSync(path.join(os.tmpdir(), "bench-client-load-"));
        try {
          colds.push(await visit(app.baseUrl, link, profile));
          warms.push(await visit(app.baseUrl, link, profile));
        } finally {
          rmSync(profile, { recursive: true, force: true });
        }
      }
      const pick = (loads: Load[]): Load => ({
        jsBytes: median(loads.map((l) => l.jsBytes)),
        jsFiles: median(loads.map((l) => l.jsFiles)),
        loadMs: median(loads.map((l) => l.loadMs)),
        lcpMs: median(loads.map((l) => l.lcpMs)),
        readyMs: median(loads.map((l) => l.readyMs)),
      });
      rows.push({ label, link: link.label, cold: pick(colds), warm: pick(warms) });
    }
  } finally {
    await app.close();
  }
  return rows;
}

/** `npm start` until /api/config/auth answers, its build step's line, then stopped (its whole process group). */
async function npmStartToFirstAnswer(dataDir: string): Promise<{ ms: number; buildLine: string }> {
  const port = await freePort();
  const started = performance.now();
  const child: ChildProcess = spawn("npm", ["start"], {
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir },
    stdio: ["ignore", "pipe", "inherit"],
    detached: true,
  });
  let output = "";
  child.stdout?.on("data", (chunk: Buffer) => {
    output += chunk.toString();
  });
  try {
    for (;;) {
      try {
        if ((await fetch(`http://127.0.0.1:${port}/api/config/auth`)).ok) break;
      } catch {
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      if (child.exitCode !== null) throw new Error(`npm start exited (${child.exitCode}):\n${output}`);
      if (performance.now() - started > 300_000) throw new Error("npm start did not answer in 5 minutes");
    }
    return { ms: performance.now() - started, buildLine: /Client build: [^\n]*/.exec(output)?.[0] ?? "?" };
  } finally {
    if (child.exitCode === null) {
      const exited = new Promise((resolve) => child.once("exit", resolve));
      process.kill(-(child.pid as number), "SIGTERM");
      await exited;
    }
  }
}

if (!hasBuiltClient()) {
  console.log(`No built client in ${clientDistDir}: run npm run build first.`);
  process.exit(1);
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(0)} kB`;
const ms = (value: number) => `${value.toFixed(0)} ms`;
const work = mkdtempSync(path.join(os.tmpdir(), "bench-client-dist-"));
const rawDir = path.join(work, "raw");
cpSync(clientDistDir, rawDir, { recursive: true });
for (const file of readdirSync(rawDir, { recursive: true, encoding: "utf8" })) {
  if (/\.(br|gz)$/.test(file)) rmSync(path.join(rawDir, file));
}
const database = await createTestDatabase();
const results = [];
try {
  results.push(...(await measureClient("raw (before)", rawDir, database)));
  results.push(...(await measureClient("compressed (after)", clientDistDir, database)));
} finally {
  await database.close();
  rmSync(work, { recursive: true, force: true });
}
console.log(`\n/home signed out, median of ${RUNS}: JS on the wire, load event, LCP, Sign in button shown`);
console.log(
  "(both copies are served with the new cache headers, so 'warm' is the same for both: hashed assets from cache)",
);
console.log(
  `${"client".padEnd(20)}${"link".padEnd(22)}${"cold JS".padStart(10)}${"load".padStart(9)}${"LCP".padStart(9)}${"ready".padStart(9)}${"warm JS".padStart(10)}${"load".padStart(9)}${"LCP".padStart(9)}${"ready".padStart(9)}`,
);
for (const r of results) {
  console.log(
    `${r.label.padEnd(20)}${r.link.padEnd(22)}${kb(r.cold.jsBytes).padStart(10)}${ms(r.cold.loadMs).padStart(9)}${ms(r.cold.lcpMs).padStart(9)}${ms(r.cold.readyMs).padStart(9)}${kb(r.warm.jsBytes).padStart(10)}${ms(r.warm.loadMs).padStart(9)}${ms(r.warm.lcpMs).padStart(9)}${ms(r.warm.readyMs).padStart(9)}`,
  );
}

if (!args.includes("--no-start")) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "bench-npm-start-"));
  const aside = `${clientDistDir}.bench-aside`;
  try {
    // The first start migrates and seeds the embedded database; the measured ones find it ready.
    await npmStartToFirstAnswer(dataDir);
    const reused = await npmStartToFirstAnswer(dataDir);
    rmSync(aside, { recursive: true, force: true });
    renameSync(clientDistDir, aside);
    const built = await npmStartToFirstAnswer(dataDir);
    console.log("\nnpm start to the first answer (embedded database already seeded)");
    console.log(`fresh build present: ${ms(reused.ms).padStart(9)}   ${reused.buildLine}`);
    console.log(`no build:            ${ms(built.ms).padStart(9)}   ${built.buildLine}`);
  } finally {
    // The run without a build wrote a new one from the same sources; the old one goes only then.
    if (existsSync(aside)) {
      if (existsSync(path.join(clientDistDir, "index.html"))) rmSync(aside, { recursive: true, force: true });
      else {
        rmSync(clientDistDir, { recursive: true, force: true });
        renameSync(aside, clientDistDir);
      }
    }
    rmSync(dataDir, { recursive: true, force: true });
  }
}
