/**
 * The PGlite process's entry (forked by processClient.ts, `dist/server/pgliteProcess.mjs` in the
 * production build): opens PGlite in the folder it is given and answers the app's requests.
 *
 * The app's own signals are not this process's: Ctrl+C reaches every process of the terminal's
 * group at once, and the database must close after the app has finished its last writes. So this
 * process ignores SIGINT and SIGTERM, and closes PGlite when the app asks (`close`) or when the app
 * is gone (the IPC channel disconnects: the app was killed).
 */
import type { PGlite, Transaction } from "@electric-sql/pglite";
import { lockFolder } from "./folderLock";
import { openPglite } from "./open";
import { type Request, type Response, serializeError } from "./protocol";

const [dataDir, folderWaitMs = "10000"] = process.argv.slice(2);
if (!dataDir || !process.send) {
  console.error("pgliteProcess: started without a data folder or an IPC channel (it is forked by the app)");
  process.exit(2);
}
process.on("SIGINT", () => {});
process.on("SIGTERM", () => {});

const send = (message: Response) => process.send?.(message);

type OpenTransaction = { tx: Transaction; end(commit: boolean): void; ended: Promise<void> };
const transactions = new Map<number, OpenTransaction>();
let nextTransaction = 1;
/** Thrown inside PGlite's transaction callback so PGlite rolls the transaction back. */
const ROLLBACK = Symbol("rollback");
const unlisteners = new Map<string, () => Promise<void>>();
const keepText = (value: string) => value;

function connectionOf(pglite: PGlite, tx: number | undefined): Pick<Transaction, "query" | "exec"> {
  if (tx === undefined) return pglite;
  const open = transactions.get(tx);
  if (!open) throw new Error(`Transaction ${tx} is not open`);
  return open.tx;
}

/** Starts a transaction and answers its number once PGlite is inside it (its lock taken). */
function begin(pglite: PGlite, id: number) {
  const number = nextTransaction++;
  let started = false;
  let end!: (commit: boolean) => void;
  const decided = new Promise<boolean>((resolve) => {
    end = resolve;
  });
  const ended = pglite
    .transaction(async (tx) => {
      started = true;
      transactions.set(number, { tx, end, ended });
      send({ id, result: number });
      if (!(await decided)) throw ROLLBACK;
    })
    .catch((error: unknown) => {
      if (error !== ROLLBACK) throw error;
    })
    .finally(() => transactions.delete(number));
  // A transaction that could not start answers its begin with the error.
  ended.catch((error: unknown) => {
    if (!started) send({ id, error: serializeError(error) });
  });
}

/**
 * Every PGlite call starts before the first await, so PGlite receives the statements in the order
 * the app sent them (its own locks then keep a transaction's connection to itself).
 */
async function answer(pglite: PGlite, request: Exclude<Request, { op: "begin" }>): Promise<unknown> {
  switch (request.op) {
    case "query": {
      const parsers = Object.fromEntries((request.textTypes ?? []).map((oid) => [oid, keepText]));
      const blob = request.blobText === undefined ? undefined : new Blob([request.blobText]);
      const { rows, affectedRows, fields } = await connectionOf(pglite, request.tx).query(request.sql, request.params, {
        rowMode: request.rowMode,
        parsers,
        blob,
      });
      return { rows, affectedRows, fields };
    }
    case "exec":
      return (await connectionOf(pglite, request.tx).exec(request.sql)).map(({ rows, affectedRows, fields }) => ({
        rows,
        affectedRows,
        fields,
      }));
    case "end": {
      const open = transactions.get(request.tx);
      if (!open) throw new Error(`Transaction ${request.tx} is not open`);
      open.end(request.commit);
      await open.ended;
      return null;
    }
    case "listen": {
      const channel = request.channel;
      if (!unlisteners.has(channel)) {
        unlisteners.set(
          channel,
          await pglite.listen(channel, (payload) => send({ notification: { channel, payload } })),
        );
      }
      return null;
    }
    case "unlisten":
      await unlisteners.get(request.channel)?.();
      unlisteners.delete(request.channel);
      return null;
    case "close":
      await close();
      return null;
  }
}

function handle(pglite: PGlite, request: Request) {
  if (request.op === "begin") {
    begin(pglite, request.id);
    return;
  }
  answer(pglite, request).then(
    (result) => {
      send({ id: request.id, result });
      if (request.op === "close") process.disconnect();
    },
    (error: unknown) => send({ id: request.id, error: serializeError(error) }),
  );
}

// Requests sent while the folder's lock is awaited wait here, in order.
let pglite: PGlite | undefined;
const early: Request[] = [];
process.on("message", (request: Request) => {
  if (pglite) handle(pglite, request);
  else early.push(request);
});

let releaseFolder = () => {};
let closing: Promise<void> | undefined;
function close(): Promise<void> {
  closing ??= (async () => {
    for (const open of transactions.values()) open.end(false);
    await Promise.allSettled([...transactions.values()].map((open) => open.ended));
    await pglite?.close();
    releaseFolder();
  })();
  return closing;
}
process.on("disconnect", () => {
  void close().then(() => process.exit(0));
});

/** Tells the app why, and ends once the message is on its way (an exit at once could drop it). */
function failToStart(error: unknown) {
  releaseFolder();
  process.send?.({ startError: serializeError(error) } satisfies Response, () => process.exit(1));
}

try {
  releaseFolder = await lockFolder(dataDir, Number(folderWaitMs));
  const opened = openPglite({ dataDir });
  pglite = opened;
  for (const request of early.splice(0)) handle(opened, request);
  await opened.waitReady;
  send({ ready: true });
} catch (error) {
  failToStart(error);
}
