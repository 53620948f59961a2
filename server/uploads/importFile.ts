import { setImmediate as yieldToEventLoop } from "node:timers/promises";
import type { Database, Transaction } from "../../db/client";
import {
  checkHeaderRow,
  UPLOAD_MESSAGES,
  type UploadError,
  type UploadFormat,
  type UploadKind,
  validateUploadRow,
} from "../../schema/uploads";
import { collectOldGarbage } from "./collectGarbage";
import { checkUploadFile } from "./fileChecks";
import { readUploadRows } from "./readRows";
import { UploadFileError } from "./uploadFileError";
import {
  createRowWriter,
  type RowWriter,
  type UploadWriteContext,
  type UploadWriteResult,
  type WriteMode,
} from "./writers";

/**
 * Rows read between two turns of the event loop. A file's rows arrive from buffered stream data
 * without one, so the database's answers to the chunk being written would wait for the reader's
 * next file read and the write would not overlap the parsing.
 */
const YIELD_EVERY_ROWS = 256;
/** Rows between two requests for a major garbage collection (collectOldGarbage). */
const COLLECT_EVERY_ROWS = 50_000;

/** Errors kept for the report; a file with more says how many were left out. */
export const MAX_REPORTED_ERRORS = 500;

export type ImportOutcome =
  | { status: "Success"; rows: number; result: UploadWriteResult }
  | { status: "Error"; rows: number; errors: UploadError[] };

export type ImportOptions = {
  path: string;
  format: UploadFormat;
  kind: UploadKind;
  context: UploadWriteContext;
  /**
   * Called every `progressEvery` data rows with the count so far, and once more with all of them
   * (`allRead`) before they are saved.
   */
  onProgress?: (rowsProcessed: number, allRead: boolean) => void | Promise<void>;
  progressEvery?: number;
  /**
   * Runs inside the import's transaction after the rows are written, only on success (the job
   * runner marks the upload complete here, so the rows and the status commit together).
   */
  onSuccess?: (tx: Transaction, outcome: ImportOutcome) => Promise<void>;
  /**
   * "slices" on PGlite: the staff kinds write without holding its one connection for the whole
   * import (WriteMode); other kinds, and every kind on PostgreSQL, write in one transaction.
   */
  writeMode?: WriteMode;
};

/** The kinds that can write in slices (a staff file can be a million rows; the others are small). */
const SLICED_KINDS: ReadonlySet<UploadKind> = new Set(["Staff", "CostCenterStaff"]);

class Rollback extends Error {}

/**
 * One file, all or nothing: the file checks, then every row read, validated and checked, and
 * written while no row has failed, in ONE transaction that rolls back when any row failed (or, with
 * writeMode "slices", staged outside one and merged only once every row has passed). Every error
 * is listed (up to MAX_REPORTED_ERRORS) with its row and column.
 */
export async function importUploadFile(db: Database, options: ImportOptions): Promise<ImportOutcome> {
  const fileErrors = await checkUploadFile(options.path, options.format);
  if (fileErrors.length > 0) return { status: "Error", rows: 0, errors: fileErrors };
  let outcome: ImportOutcome | undefined;
  try {
    if (options.writeMode === "slices" && SLICED_KINDS.has(options.kind)) {
      const sliced = await importRows(createRowWriter(options.kind, db, options.context, "slices"), options);
      outcome = sliced;
      // The rows are merged: the upload's status and audit follow in a transaction of their own.
      const { onSuccess } = options;
      if (sliced.status === "Success" && onSuccess) await db.transaction((tx) => onSuccess(tx, sliced));
    } else {
      await db.transaction(async (tx) => {
        outcome = await importRows(createRowWriter(options.kind, tx, options.context), options);
        if (outcome.status === "Error") throw new Rollback();
        await options.onSuccess?.(tx, outcome);
      });
    }
  } catch (error) {
    if (error instanceof UploadFileError) return { status: "Error", rows: 0, errors: error.errors };
    if (!(error instanceof Rollback)) throw error;
  }
  if (!outcome) throw new Error("The import ended without an outcome");
  return outcome;
}

/**
 * The rows through the writer. On any error, and on a file with errors, the writer abandons: it
 * waits for the write in flight (no statement runs after a rollback) and drops what it staged.
 */
async function importRows(writer: RowWriter<UploadKind>, options: ImportOptions): Promise<ImportOutcome> {
  let outcome: ImportOutcome;
  try {
    outcome = await readAndWrite(writer, options);
  } catch (error) {
    await writer.abandon?.();
    throw error;
  }
  if (outcome.status === "Error") await writer.abandon?.();
  return outcome;
}

async function readAndWrite(writer: RowWriter<UploadKind>, options: ImportOptions): Promise<ImportOutcome> {
  const { kind } = options;
  await writer.prepare();
  const errors: UploadError[] = [];
  let errorCount = 0;
  const report = (found: readonly UploadError[]) => {
    errorCount += found.length;
    for (const e of found) if (errors.length < MAX_REPORTED_ERRORS) errors.push(e);
  };
  let header = true;
  let rows = 0;
  const every = options.progressEvery ?? 1000;
  for await (const { rowNumber, cells } of readUploadRows(options.path, options.format)) {
    if (header) {
      header = false;
      const headerErrors = checkHeaderRow(kind, cells, rowNumber);
      // With a wrong header no cell means what its column says: stop here.
      if (headerErrors.length > 0) return { status: "Error", rows: 0, errors: headerErrors };
      continue;
    }
    rows++;
    const validated = validateUploadRow(kind, cells, rowNumber);
    const repeats = writer.repeats?.(validated.ok ? validated.row : validated.values, rowNumber) ?? [];
    if (!validated.ok) {
      report([...repeats, ...validated.errors]);
    } else {
      const problems = [...repeats, ...writer.check(validated.row, rowNumber)];
      if (problems.length > 0) report(problems);
      else if (errorCount === 0) await writer.add(validated.row);
    }
    if (options.onProgress && rows % every === 0) await options.onProgress(rows, false);
    if (rows % YIELD_EVERY_ROWS === 0) await yieldToEventLoop();
    if (rows % COLLECT_EVERY_ROWS === 0) collectOldGarbage();
  }
  if (header) return { status: "Error", rows: 0, errors: [{ message: UPLOAD_MESSAGES.noHeader }] };
  if (rows === 0) return { status: "Error", rows: 0, errors: [{ message: UPLOAD_MESSAGES.noRows }] };
  if (errorCount > 0) {
    if (errorCount > errors.length) {
      errors.push({ message: `${errorCount - errors.length} more errors are not listed` });
    }
    return { status: "Error", rows, errors };
  }
  // Every row read is told before the rows are saved (an import in slices saves them only now).
  await options.onProgress?.(rows, true);
  const result = await writer.finish();
  return { status: "Success", rows, result };
}
