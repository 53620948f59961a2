/**
 * The probe client of tests/bench/importProbe.ts, in a process of its own so that when it sends a
 * request does not depend on the busy server's event loop: signs in to the app at argv[2] and sends
 * a signed-in `me` (the user) and `costCenters` (the admin) every 100 ms each until its stdin
 * closes, then prints their latencies (count, p50, p95, max in ms) as one JSON line. Once both are
 * signed in and the first requests go out, it prints argv[3] (the parent's word for "probing").
 */
import { DEMO_ACCOUNTS } from "../../db/seed/demoAccounts";
import { signInWithPassword } from "../support/signIn";
import { quantile } from "./statistics";

const [baseUrl, probing] = process.argv.slice(2) as [string, string];

/**
 * `query` with `token` every 100 ms (the next one 100 ms after the previous was sent, or at once
 * when it took longer) until `stopped`.
 */
async function probe(token: string, query: string, stopped: Promise<void>) {
  const latencies: number[] = [];
  let running = true;
  void stopped.then(() => {
    running = false;
  });
  while (running) {
    const sent = performance.now();
    const send = () =>
      fetch(`${baseUrl}/graphql`, {
        method: "POST",
        headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
        body: JSON.stringify({ query }),
      });
    // A kept-alive connection the server closed as it was reused is sent again, as browsers do.
    const response = await send().catch((error: { cause?: { code?: string } }) => {
      if (error.cause?.code !== "ECONNRESET") throw error;
      return send();
    });
    const body = await response.text();
    if (!response.ok || body.includes('"errors"'))
      throw new Error(`${query}: ${response.status} ${body.slice(0, 200)}`);
    const took = performance.now() - sent;
    latencies.push(took);
    if (took < 100) await new Promise((resolve) => setTimeout(resolve, 100 - took));
  }
  const sorted = latencies.sort((a, b) => a - b);
  return { count: sorted.length, p50: quantile(sorted, 0.5), p95: quantile(sorted, 0.95), max: sorted.at(-1) ?? 0 };
}

const stopped = new Promise<void>((resolve) => process.stdin.on("close", resolve).resume());
const signedIn = (account: "user" | "admin") =>
  signInWithPassword(baseUrl, DEMO_ACCOUNTS[account].email, DEMO_ACCOUNTS[account].password);
const [user, admin] = await Promise.all([signedIn("user"), signedIn("admin")]);
console.log(probing);
const [me, costCenters] = await Promise.all([
  probe(user, "{ me { id name accountType facilityName } }", stopped),
  probe(admin, "{ costCenters { id code name prnFte } }", stopped),
]);
console.log(JSON.stringify({ me, costCenters }));
