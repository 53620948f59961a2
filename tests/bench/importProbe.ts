/**
 * The probe run of tests/bench/uploadImportRun.ts: the app serving on the import's database, and two
 * signed-in queries sent every 100 ms while the import runs, whose latencies tell whether the app
 * still answers during it. The probes run in a process of their own (importProbeClient.ts), as a
 * browser would: sent from here, a request would leave only when the busy event loop let it, and
 * its wait for the import's work would not be measured.
 */
import { spawn } from "node:child_process";
import { once } from "node:events";
import type { DatabaseHandle } from "../../db/client";
import { startBenchApp } from "./browser";

const PROBING = "probing";

type Latencies = { count: number; p50: number; p95: number; max: number };

/** The app on `database`, probed by a signed-in `me` and `costCenters` until `stop`. */
export async function serveAndProbe(database: DatabaseHandle) {
  const app = await startBenchApp(database);
  const client = spawn(
    process.execPath,
    ["--import", "tsx", "tests/bench/importProbeClient.ts", app.baseUrl, PROBING],
    {
      stdio: ["pipe", "pipe", "inherit"],
    },
  );
  let out = "";
  // Signed in and probing before the import begins (or failed before it could).
  await new Promise<void>((resolve, reject) => {
    client.stdout.on("data", (chunk) => {
      out += chunk;
      if (out.startsWith(`${PROBING}\n`)) resolve();
    });
    client.once("exit", (code) => reject(new Error(`The probe client ended (${code}) before probing: ${out}`)));
  });
  return {
    betweenSlices: app.betweenSlices,
    async stop(): Promise<{ me: Latencies; costCenters: Latencies }> {
      client.stdin.end();
      const [code] = await once(client, "exit");
      await app.close();
      if (code !== 0) throw new Error(`The probe client failed (${code}): ${out}`);
      return JSON.parse(out.trim().split("\n").at(-1) as string);
    },
  };
}
