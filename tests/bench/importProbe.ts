/**
 * The probe run of tests/bench/uploadImportRun.ts: the app serving on the import's database, and two
 * signed-in queries sent every 100 ms while the import runs, whose latencies tell whether the app
 * still answers during it.
 */
import type { DatabaseHandle } from "../../db/client";
import { DEMO_ACCOUNTS } from "../../db/seed/demoAccounts";
import { signInWithPassword } from "../support/signIn";
import { startBenchApp } from "./browser";
import { quantile } from "./statistics";

/**
 * The app on `database`, probed by a signed-in `me` (the user; its viewer may come from the app's
 * cache) and `costCenters` (the admin; read from the database every time) until `stop`.
 */
export async function serveAndProbe(database: DatabaseHandle) {
  const app = await startBenchApp(database);
  const probes = [
    await probe(app.baseUrl, "user", "{ me { id name accountType facilityName } }"),
    await probe(app.baseUrl, "admin", "{ costCenters { id code name prnFte } }"),
  ];
  return {
    async stop() {
      const [me, costCenters] = await Promise.all(probes.map((p) => p.stop()));
      await app.close();
      return { me, costCenters };
    },
  };
}

/**
 * `query` signed in as `account` every 100 ms (the next one 100 ms after the previous was sent, or
 * at once when it took longer) until `stop`, which answers the latencies' count, p50, p95 and max.
 */
async function probe(baseUrl: string, account: "user" | "admin", query: string) {
  const { email, password } = DEMO_ACCOUNTS[account];
  const token = await signInWithPassword(baseUrl, email, password);
  const latencies: number[] = [];
  let running = true;
  const loop = (async () => {
    while (running) {
      const sent = performance.now();
      const response = await fetch(`${baseUrl}/graphql`, {
        method: "POST",
        headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
        body: JSON.stringify({ query }),
      });
      const body = await response.text();
      if (!response.ok || body.includes('"errors"'))
        throw new Error(`${query}: ${response.status} ${body.slice(0, 200)}`);
      const took = performance.now() - sent;
      latencies.push(took);
      if (took < 100) await new Promise((resolve) => setTimeout(resolve, 100 - took));
    }
  })();
  return {
    async stop() {
      running = false;
      await loop;
      const sorted = [...latencies].sort((a, b) => a - b);
      return { count: sorted.length, p50: quantile(sorted, 0.5), p95: quantile(sorted, 0.95), max: sorted.at(-1) ?? 0 };
    },
  };
}
