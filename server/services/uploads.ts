import { randomUUID } from "node:crypto";
import { and, eq, lt } from "drizzle-orm";
import { z } from "zod";
import type { Queryable } from "../../db/client";
import { costCenters, uploads } from "../../db/schema";
import {
  MAX_UPLOAD_BYTES,
  UPLOAD_KINDS,
  UPLOAD_MESSAGES,
  UPLOAD_TEMPLATES,
  UPLOAD_TYPE_MESSAGE,
  type UploadError,
  type UploadKind,
  type UploadStatus,
  uploadFormatOf,
  uploadKindOfType,
  uploadTypeSchema,
} from "../../schema/uploads";
import type { AppEvents, UploadStatusEvent } from "../events";
import { type BlobStorage, UPLOAD_SAS_MINUTES, type UploadTarget } from "../uploads/blobStorage";
import type { JobQueue } from "../uploads/jobQueue";
import { auditEntry, recordAudit } from "./audit";
import { requireAdmin } from "./authorization";
import { isActiveCostCenter } from "./costCenters";
import { DomainError, forbidden, notFound, requireUuid } from "./errors";
import { parseInput } from "./validation";
import type { Viewer } from "./viewer";

/** The parts of the upload pipeline the API needs beside the database. */
export type UploadServices = { storage: BlobStorage; queue: JobQueue; events: AppEvents };

export type UploadView = UploadStatusEvent & {
  kind: UploadKind;
  originalFileName: string;
  costCenterId: string | null;
  createdAt: Date;
  completedAt: Date | null;
};

export type UploadSlot = {
  uploadId: string;
  uploadUrl: string;
  uploadSasKey: string;
  /** The live channel's user (spec §3 upload credential response): the uploader. */
  signalRUserId: string;
  templateUrl: string;
  templateSasKey: string;
  expiresAt: Date;
};

export type UploadTemplateLink = {
  kind: UploadKind;
  templateName: string;
  templateDownloadLink: string;
  header: string;
  description: string;
};

/** 'true'/'false' as the spec's upload request sends them, or real booleans from GraphQL. */
const textBoolean = z
  .union([z.boolean(), z.enum(["true", "false"])])
  .transform((value) => value === true || value === "true")
  .optional()
  .default(false);

const FILE_SIZE_RULE = "File size must be a whole number of bytes";
const uploadRequestRule = z.object({
  facilityId: z.string().optional(),
  userId: z.string().optional(),
  originalFileName: z
    .string({ error: "originalFileName is required" })
    .trim()
    .min(1, "originalFileName is required")
    .max(255, "The file name is longer than 255 characters"),
  type: uploadTypeSchema,
  costCenter: z.string().nullish(),
  removeStaff: textBoolean,
  updateStaff: textBoolean,
  /** The browser knows the size before it sends: refuse an oversized file before it is stored. */
  fileSize: z.number({ error: FILE_SIZE_RULE }).int(FILE_SIZE_RULE).nonnegative(FILE_SIZE_RULE).optional(),
});

/**
 * An upload slot (spec §7 'obtain container credentials'): records the upload and returns a SAS
 * URL that may only write the one blob the server named. Admins of the facility only.
 */
export async function requestUploadSlot(
  db: Queryable,
  storage: BlobStorage,
  viewer: Viewer,
  input: unknown,
): Promise<UploadSlot> {
  const request = parseInput(uploadRequestRule, input);
  requireAdmin(viewer, request.facilityId ?? viewer.facilityId);
  if (request.userId !== undefined && request.userId !== viewer.userId) {
    throw forbidden("An upload slot is issued to the signed-in user only");
  }
  const format = uploadFormatOf(request.originalFileName);
  if (!format)
    throw new DomainError("invalid", UPLOAD_MESSAGES.wrongFormat, { originalFileName: UPLOAD_MESSAGES.wrongFormat });
  if (request.fileSize !== undefined && request.fileSize > MAX_UPLOAD_BYTES) {
    throw new DomainError("invalid", UPLOAD_MESSAGES.fileTooLarge, { fileSize: UPLOAD_MESSAGES.fileTooLarge });
  }
  const kind = uploadKindOfType(request.type, request.costCenter);
  if (!kind) throw new DomainError("invalid", UPLOAD_TYPE_MESSAGE);
  if (request.costCenter) await requireActiveCostCenter(db, viewer.facilityId, request.costCenter);

  const uploadId = randomUUID();
  // The blob name is ours, never the client's file name: no path tricks, no collisions.
  const blobName = `${viewer.facilityId}/${uploadId}.${format}`;
  const record = {
    id: uploadId,
    facilityId: viewer.facilityId,
    userId: viewer.userId,
    kind,
    costCenterId: request.costCenter ?? null,
    removeStaff: kind === "CostCenterStaff" && request.removeStaff,
    updateStaff: kind === "CostCenterStaff" && request.updateStaff,
    originalFileName: request.originalFileName,
    fileSize: request.fileSize ?? null,
    blobName,
  };
  await db.insert(uploads).values(record);
  await recordAudit(db, auditEntry(viewer, "upload.request", uploadId, null, record));
  return uploadSlot(storage, viewer, uploadId, storage.uploadTarget(blobName));
}

/** What the browser is given to send the file (a SAS for its one blob) and to read the templates. */
async function uploadSlot(
  storage: BlobStorage,
  viewer: Viewer,
  uploadId: string,
  target: UploadTarget,
): Promise<UploadSlot> {
  const templates = await storage.templateAccess();
  return {
    uploadId,
    uploadUrl: target.uploadUrl,
    uploadSasKey: target.sasToken,
    signalRUserId: viewer.userId,
    templateUrl: templates.templateUrl,
    templateSasKey: templates.sasToken,
    expiresAt: target.expiresOn,
  };
}

/** Why a slot cannot be renewed: the browser then asks for a new one and sends the whole file. */
export const UPLOAD_RENEW_REFUSED = "This upload can no longer be resumed; upload the file again.";

/**
 * A fresh SAS for the same blob, so that a send cut short after its slot's 15 minutes can still
 * resume (the blocks already staged stay). Only while the upload waits for its file (Pending, not
 * completed), and never past five minutes before the sweep would end it as abandoned.
 */
export async function renewUploadSlot(
  db: Queryable,
  services: Pick<UploadServices, "storage" | "queue">,
  viewer: Viewer,
  uploadId: string,
  now: Date = new Date(),
): Promise<UploadSlot> {
  const upload = await findOwnUpload(db, viewer, uploadId);
  if (upload.status !== "Pending" || (await services.queue.hasImport(upload.id))) {
    throw new DomainError("invalid", UPLOAD_RENEW_REFUSED);
  }
  const latest = upload.createdAt.getTime() + (ABANDONED_UPLOAD_MINUTES - 5) * 60_000;
  const expiresOn = new Date(Math.min(now.getTime() + UPLOAD_SAS_MINUTES * 60_000, latest));
  if (expiresOn.getTime() - now.getTime() < 2 * 60_000) throw new DomainError("invalid", UPLOAD_RENEW_REFUSED);
  await recordAudit(db, auditEntry(viewer, "upload.renew", upload.id, null, { expiresOn: expiresOn.toISOString() }));
  return uploadSlot(services.storage, viewer, upload.id, services.storage.uploadTarget(upload.blobName, expiresOn));
}

async function requireActiveCostCenter(db: Queryable, facilityId: string, costCenterId: string): Promise<void> {
  requireUuid(costCenterId, "cost center");
  const [found] = await db
    .select({ id: costCenters.id })
    .from(costCenters)
    .where(isActiveCostCenter(facilityId, costCenterId));
  if (!found) throw notFound("Cost center");
}

/** Read access to the templates without an upload (spec §7: credentials with templateOnly). */
export async function templateAccess(
  storage: BlobStorage,
  viewer: Viewer,
): Promise<{ templateUrl: string; templateSasKey: string }> {
  requireAdmin(viewer);
  const access = await storage.templateAccess();
  return { templateUrl: access.templateUrl, templateSasKey: access.sasToken };
}

/** Template lookup by upload kind (spec §7): header, description, name and a download link. */
export async function uploadTemplate(
  storage: BlobStorage,
  viewer: Viewer,
  kind: UploadKind,
): Promise<UploadTemplateLink> {
  requireAdmin(viewer);
  if (!UPLOAD_KINDS.includes(kind)) throw new DomainError("invalid", `kind must be one of ${UPLOAD_KINDS.join(", ")}`);
  const template = UPLOAD_TEMPLATES[kind];
  const access = await storage.templateAccess();
  return {
    kind,
    templateName: template.templateName,
    header: template.header,
    description: template.description,
    templateDownloadLink: `${access.templateUrl}/${template.templateName}?${access.sasToken}`,
  };
}

/**
 * The browser has PUT the file: check it arrived and is within the limit, then queue its import.
 * Completing an upload twice queues it once.
 */
export async function completeUpload(
  db: Queryable,
  services: UploadServices,
  viewer: Viewer,
  uploadId: string,
): Promise<UploadView> {
  const upload = await findOwnUpload(db, viewer, uploadId);
  if (upload.status !== "Pending") return toView(upload);
  const size = await services.storage.blobSize(upload.blobName);
  if (size === undefined) {
    throw new DomainError("invalid", "The file has not arrived in storage; upload it again.");
  }
  // The size as stored, not as the browser said: the upload history shows it.
  if (size !== upload.fileSize) {
    await db.update(uploads).set({ fileSize: size, updatedAt: new Date() }).where(eq(uploads.id, upload.id));
  }
  if (size > MAX_UPLOAD_BYTES) {
    return finishWithErrors(db, services, upload.id, [{ message: UPLOAD_MESSAGES.fileTooLarge }]);
  }
  await services.queue.enqueueImport(upload.id, viewer.source);
  return toView(upload);
}

/** An upload's status, for its uploader only (spec §7 GET /upload, and the live channel). */
export async function getUpload(db: Queryable, viewer: Viewer, uploadId: string): Promise<UploadView> {
  return toView(await findOwnUpload(db, viewer, uploadId));
}

/**
 * The blocks of your upload that storage holds but has not committed: a browser whose upload was
 * cut short sends only the others. None once the upload is no longer Pending.
 */
export async function uploadStagedBlocks(
  db: Queryable,
  storage: BlobStorage,
  viewer: Viewer,
  uploadId: string,
): Promise<{ name: string; size: number }[]> {
  const upload = await findOwnUpload(db, viewer, uploadId);
  if (upload.status !== "Pending") return [];
  return storage.uncommittedBlocks(upload.blobName);
}

async function findOwnUpload(db: Queryable, viewer: Viewer, uploadId: string) {
  requireUuid(uploadId, "upload");
  requireAdmin(viewer);
  const [upload] = await db.select().from(uploads).where(eq(uploads.id, uploadId));
  if (!upload || upload.facilityId !== viewer.facilityId) throw notFound("Upload");
  if (upload.userId !== viewer.userId) throw forbidden("Only the person who uploaded a file can follow its status");
  return upload;
}

type UploadRecord = typeof uploads.$inferSelect;

export function toView(upload: UploadRecord): UploadView {
  return {
    uploadId: upload.id,
    kind: upload.kind,
    status: upload.status,
    rowsProcessed: upload.rowsProcessed,
    savedPercent: upload.savedPercent,
    errors: upload.errors,
    originalFileName: upload.originalFileName,
    costCenterId: upload.costCenterId,
    createdAt: upload.createdAt,
    completedAt: upload.completedAt,
  };
}

/**
 * Ends an upload in Error with its problems listed, deletes its blob (a refused file is never
 * read again, and no file is kept that nobody imported) and tells the watchers. A blob that cannot
 * be deleted now is logged, not a reason to leave the upload unfinished.
 */
export async function finishWithErrors(
  db: Queryable,
  services: Pick<UploadServices, "storage" | "events">,
  uploadId: string,
  errors: UploadError[],
): Promise<UploadView> {
  const [updated] = await db
    .update(uploads)
    .set({ status: "Error", errors, completedAt: new Date(), updatedAt: new Date() })
    .where(eq(uploads.id, uploadId))
    .returning();
  if (!updated) throw notFound("Upload");
  await services.storage
    .deleteBlob(updated.blobName)
    .catch((error: unknown) => console.error(`Blob ${updated.blobName} of upload ${uploadId} was not deleted:`, error));
  const view = toView(updated);
  publishStatus(services.events, view);
  return view;
}

/**
 * After its SAS expired, a slot has this long to be completed (a PUT that started in time may
 * still be running) before the sweep treats it as abandoned.
 */
export const ABANDONED_UPLOAD_MINUTES = UPLOAD_SAS_MINUTES + 60;
export const ABANDONED_UPLOAD_MESSAGE = "The upload was not completed in time; upload the file again.";

/**
 * Upload slots never completed (still Pending, no import queued) well after their SAS expired end
 * in Error and lose their blob, if one was written. Runs on a timer (see pipeline.ts); `now` is
 * a parameter so tests need not wait. Answers how many were swept.
 */
export async function sweepAbandonedUploads(
  db: Queryable,
  services: UploadServices,
  now: Date = new Date(),
): Promise<number> {
  const cutoff = new Date(now.getTime() - ABANDONED_UPLOAD_MINUTES * 60_000);
  const stale = await db
    .select({ id: uploads.id })
    .from(uploads)
    .where(and(eq(uploads.status, "Pending"), lt(uploads.createdAt, cutoff)));
  let swept = 0;
  for (const { id } of stale) {
    // Completed, but its import waits in the queue: not abandoned.
    if (await services.queue.hasImport(id)) continue;
    await finishWithErrors(db, services, id, [{ message: ABANDONED_UPLOAD_MESSAGE }]);
    swept += 1;
  }
  return swept;
}

export function publishStatus(events: AppEvents, view: UploadStatusEvent): void {
  events.publish("uploadStatus", view.uploadId, {
    uploadId: view.uploadId,
    status: view.status,
    rowsProcessed: view.rowsProcessed,
    savedPercent: view.savedPercent,
    errors: view.errors,
  });
}

export const isFinished = (status: UploadStatus) => status === "Success" || status === "Error";
