import { rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import type { Database } from "../../db/client";
import { facilities, uploads } from "../../db/schema";
import { MAX_UPLOAD_BYTES, UPLOAD_MESSAGES, uploadFormatOf } from "../../schema/uploads";
import type { AppEvents } from "../events";
import { setAdminTaskState } from "../services/adminTasks";
import { recordAudit } from "../services/audit";
import { finishWithErrors, isFinished, publishStatus, toView } from "../services/uploads";
import type { BlobStorage } from "./blobStorage";
import { importUploadFile } from "./importFile";
import { importProgress } from "./importProgress";
import type { ImportAttempt } from "./jobQueue";
import type { WriteMode } from "./writers";

/** Another attempt finished this upload first. */
class AlreadyImported extends Error {}

/**
 * One attempt at importing an upload (the job queue calls it): fetch the file from storage, then
 * importUploadFile checks it and streams its rows through validation into the writers inside ONE
 * transaction, in which the upload is also marked done. Any bad row rolls everything back and the
 * upload ends in Error listing 'message at row N, column M'. Re-running a finished upload changes
 * nothing.
 */
export async function importUpload(
  db: Database,
  deps: { storage: BlobStorage; events: AppEvents; writeMode?: WriteMode; betweenSlices?: () => Promise<void> },
  attempt: ImportAttempt,
): Promise<void> {
  const [upload] = await db.select().from(uploads).where(eq(uploads.id, attempt.uploadId));
  if (!upload || isFinished(upload.status)) return;
  const format = uploadFormatOf(upload.blobName);
  if (!format) {
    await finishWithErrors(db, deps, upload.id, [{ message: UPLOAD_MESSAGES.wrongFormat }]);
    return;
  }

  const [processing] = await db
    .update(uploads)
    .set({ status: "Processing", rowsProcessed: 0, savedPercent: null, updatedAt: new Date() })
    .where(eq(uploads.id, upload.id))
    .returning();
  if (processing) publishStatus(deps.events, toView(processing));

  const filePath = path.join(tmpdir(), `staffing-upload-${upload.id}.${format}`);
  try {
    const size = await deps.storage.blobSize(upload.blobName);
    if (size === undefined) {
      await finishWithErrors(db, deps, upload.id, [{ message: "The file was not found in storage; upload it again." }]);
      return;
    }
    if (size > MAX_UPLOAD_BYTES) {
      await finishWithErrors(db, deps, upload.id, [{ message: UPLOAD_MESSAGES.fileTooLarge }]);
      return;
    }
    await deps.storage.downloadToFile(upload.blobName, filePath);

    const [facility] = await db
      .select({ organizationId: facilities.organizationId })
      .from(facilities)
      .where(eq(facilities.id, upload.facilityId));
    if (!facility) throw new Error(`Facility ${upload.facilityId} of upload ${upload.id} does not exist`);

    const progress = importProgress(db, deps.events, upload.id, (error) =>
      console.error(`Progress of upload ${upload.id} not stored:`, error),
    );
    let finished: typeof upload | undefined;
    const outcome = await importUploadFile(db, {
      path: filePath,
      format,
      kind: upload.kind,
      context: {
        facilityId: upload.facilityId,
        organizationId: facility.organizationId,
        uploadId: upload.id,
        userId: upload.userId,
        costCenterId: upload.costCenterId ?? undefined,
        updateStaff: upload.updateStaff,
        removeStaff: upload.removeStaff,
        betweenSlices: deps.betweenSlices,
        onSaving: progress.saving,
      },
      progressEvery: 500,
      writeMode: deps.writeMode,
      onProgress: (rowsProcessed, allRead) => {
        if (attempt.signal.aborted) throw new Error("The import was stopped");
        progress.checked(rowsProcessed, allRead);
      },
      // In the import's transaction: the rows, the status and the audit commit together (in slices:
      // once the rows are merged).
      onSuccess: async (tx, result) => {
        // Two attempts at one upload (a retry after a lost heartbeat) take turns on this lock; the
        // second finds Success and rolls its own copy of the rows back.
        const [locked] = await tx.select().from(uploads).where(eq(uploads.id, upload.id)).for("update");
        if (!locked || locked.status === "Success") throw new AlreadyImported();
        const summary = result.status === "Success" ? result.result : undefined;
        [finished] = await tx
          .update(uploads)
          .set({
            status: "Success",
            errors: [],
            rowsProcessed: result.rows,
            rowsTotal: result.rows,
            savedPercent: null,
            completedAt: new Date(),
            updatedAt: new Date(),
          })
          .where(eq(uploads.id, upload.id))
          .returning();
        await recordAudit(tx, {
          actorUserId: upload.userId,
          facilityId: upload.facilityId,
          action: "upload.import",
          entityType: "upload",
          entityId: upload.id,
          before: { status: locked.status },
          after: { status: "Success", kind: upload.kind, file: upload.originalFileName, rows: result.rows, ...summary },
          // A job, not a request: the address of the request that completed the upload.
          source: attempt.source,
        });
        await setAdminTaskState(
          tx,
          { userId: upload.userId, facilityId: upload.facilityId, source: attempt.source },
          "UploadData",
          "Completed",
        );
      },
    });
    if (outcome.status === "Error") await finishWithErrors(db, deps, upload.id, outcome.errors);
    else if (finished) {
      publishStatus(deps.events, toView(finished));
      // A users file changes who people are (viewer.ts).
      deps.events.publish("viewersChanged");
    }
  } catch (error) {
    if (error instanceof AlreadyImported) return;
    // Unexpected (storage or database down, a crash in a reader): pg-boss retries the attempt;
    // after the last one the uploader is told instead of waiting forever.
    if (attempt.isLastAttempt) {
      console.error(`Import of upload ${upload.id} failed:`, error);
      await finishWithErrors(db, deps, upload.id, [
        { message: "The file could not be imported because of a server problem. Please try again." },
      ]);
      return;
    }
    throw error;
  } finally {
    await rm(filePath, { force: true });
  }
}
