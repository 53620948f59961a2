import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { expect, it } from "vitest";
import { auditLog } from "../../db/schema";
import { useTestServer } from "../support/testServer";

// This test's requests come from 127.0.0.1, which it declares the load balancer.
const { server } = useTestServer({ env: { TRUSTED_PROXIES: "127.0.0.1" } });

async function refusedFrom(headers: Record<string, string>) {
  const path = `/api/trusted-proxy-probe-${randomUUID()}`;
  expect((await fetch(`${server.baseUrl}${path}`, { headers })).status).toBe(401);
  const rows = await server.database.db
    .select({ source: auditLog.source })
    .from(auditLog)
    .where(eq(auditLog.entityId, `GET ${path}`));
  return rows.map((row) => row.source);
}

it("records the client address the trusted proxy reports, not the proxy's, and ignores what the client wrote", async () => {
  expect(await refusedFrom({ "x-forwarded-for": "203.0.113.77" })).toEqual(["203.0.113.77"]);
  // A client's own X-Forwarded-For entry comes first; the proxy appends what it saw.
  expect(await refusedFrom({ "x-forwarded-for": "198.51.100.9, 203.0.113.78" })).toEqual(["203.0.113.78"]);
  // Straight from the proxy's host, with nothing forwarded: the proxy's own address.
  expect(await refusedFrom({})).toEqual(["127.0.0.1"]);
});
