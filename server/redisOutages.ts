import type { Redis } from "ioredis";

/**
 * Logs an outage of Redis once for the clients of one use (ioredis reports every failed reconnect),
 * and its end; answers the reporter for the commands' own failures.
 */
export function reportRedisOutages(clients: Redis[], messages: { down: string; back: string }) {
  let outage = false;
  const report = (error: unknown) => {
    if (outage) return;
    outage = true;
    console.error(messages.down, error);
  };
  for (const client of clients) {
    client.on("error", report);
    client.on("ready", () => {
      if (outage) console.log(messages.back);
      outage = false;
    });
  }
  return report;
}
