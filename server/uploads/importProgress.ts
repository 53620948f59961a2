import { and, eq, sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import { uploads } from "../../db/schema";
import type { AppEvents } from "../events";
import { publishStatus } from "../services/uploads";

/** Live progress is published at most this often. */
const PUBLISH_INTERVAL_MS = 500;
/** The upload's row (what the browser's poll reads, on any instance) is written at most this often. */
const STORE_INTERVAL_MS = 2000;

/**
 * How far an import is, told to those who watch it: first the rows checked, then (an import in
 * slices) how much of them is saved. The count of all rows is always told, so that a watcher never
 * reads an earlier count while the rows are saved. Live events go out at most every PUBLISH_INTERVAL_MS; the
 * upload's row is written at most every STORE_INTERVAL_MS, so the browser's poll (every 30 s, on
 * whichever instance) sees the import move too and never reads an import as stalled while it saves.
 *
 * The row is written outside the import's transaction and not awaited: the import never waits for
 * it (on PGlite, whose one connection a transaction holds, the write waits for the commit and then
 * finds the upload no longer Processing). Writes may land out of order, so each keeps the larger
 * figures, and none takes a saved share back.
 */
export function importProgress(
  db: Database,
  events: AppEvents,
  uploadId: string,
  onStoreFailed: (error: unknown) => void,
) {
  let rowsProcessed = 0;
  let savedPercent: number | null = null;
  let publishedAt = 0;
  let storedAt = 0;

  function tell(now: number, always: boolean) {
    if (always || now - publishedAt >= PUBLISH_INTERVAL_MS) {
      publishedAt = now;
      publishStatus(events, { uploadId, status: "Processing", rowsProcessed, savedPercent, errors: [] });
    }
    if (always || now - storedAt >= STORE_INTERVAL_MS) {
      storedAt = now;
      db.update(uploads)
        .set({
          rowsProcessed: sql`greatest(${uploads.rowsProcessed}, ${rowsProcessed})`,
          ...(savedPercent === null ? {} : { savedPercent: sql`greatest(${uploads.savedPercent}, ${savedPercent})` }),
          updatedAt: new Date(),
        })
        .where(and(eq(uploads.id, uploadId), eq(uploads.status, "Processing")))
        .catch(onStoreFailed);
    }
  }

  return {
    /** `rows` data rows read and checked so far; the last count (`allRead`) is always told. */
    checked(rows: number, allRead = false) {
      rowsProcessed = rows;
      tell(Date.now(), allRead);
    },
    /** Every row passed; `fraction` (0 to 1) of them is saved. The first and the last are always told. */
    saving(fraction: number) {
      savedPercent = Math.floor(Math.min(1, Math.max(0, fraction)) * 100);
      tell(Date.now(), fraction <= 0 || fraction >= 1);
    },
  };
}
