// Issue #16: postgres.js keeps Nagle's algorithm on its sockets, and a statement sent right after a
// COPY waited ~40 ms for PostgreSQL's delayed ACK (8 times in a 100,000-row import). The app opens
// its connections itself (db/client.ts connectWithoutNagle) with TCP_NODELAY; what postgres.js did
// with the URL's hosts must keep working. The ~40 ms are measured by npm run bench:upload (a
// timing, not a test).
import net from "node:net";
import { sql } from "drizzle-orm";
import { afterEach, describe, expect, it, vi } from "vitest";
import { openDatabase, rowsOf } from "../../db/client";
import { POSTGRES_ADMIN_URL, testDbKind } from "../support/database";
import { freePort } from "../support/ports";

const serverPort = (url: string) => Number(new URL(url).port || 5432);
const withHosts = (hosts: string) => {
  const url = new URL(POSTGRES_ADMIN_URL);
  return `${url.protocol}//${url.username}@${hosts}${url.pathname}`;
};

describe.skipIf(testDbKind !== "postgres")("the app's connections to PostgreSQL", () => {
  afterEach(() => vi.restoreAllMocks());

  it("are opened with TCP_NODELAY and answer", async () => {
    const connect = vi.spyOn(net, "connect");
    const database = openDatabase({ databaseUrl: POSTGRES_ADMIN_URL });
    try {
      const [row] = rowsOf<{ port: number }>(await database.db.execute(sql`select inet_server_port() as port`));
      expect(row?.port).toBe(serverPort(POSTGRES_ADMIN_URL));
      expect(connect).toHaveBeenCalledWith(expect.objectContaining({ noDelay: true }));
    } finally {
      await database.close();
    }
  });

  it("try the URL's next host when one refuses, in either order", async () => {
    const refused = `127.0.0.1:${await freePort()}`;
    const serving = new URL(POSTGRES_ADMIN_URL).host;
    for (const hosts of [`${refused},${serving}`, `${serving},${refused}`]) {
      const database = openDatabase({ databaseUrl: withHosts(hosts) });
      try {
        for (let i = 0; i < 3; i++) {
          const [row] = rowsOf<{ one: number }>(await database.db.execute(sql`select 1 as one`));
          expect(row?.one).toBe(1);
        }
      } finally {
        await database.close();
      }
    }
  });

  it("fail the statement with the reason when the only host refuses", async () => {
    const port = await freePort();
    const database = openDatabase({ databaseUrl: withHosts(`127.0.0.1:${port}`) });
    try {
      const failure = await database.db.execute(sql`select 1`).then(
        () => undefined,
        (error: unknown) => error as Error & { cause?: Error },
      );
      expect(failure?.cause?.message ?? failure?.message).toContain(`ECONNREFUSED 127.0.0.1:${port}`);
    } finally {
      await database.close();
    }
  });
});
