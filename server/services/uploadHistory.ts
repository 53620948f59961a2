import { and, desc, eq, inArray } from "drizzle-orm";
import type { Queryable } from "../../db/client";
import { costCenters, uploads, users } from "../../db/schema";
import { UPLOAD_KINDS, type UploadError, type UploadKind, type UploadStatus } from "../../schema/uploads";
import { requireAdmin } from "./authorization";
import { DomainError } from "./errors";
import type { Viewer } from "./viewer";

/** The history lists at most this many uploads: the latest. */
export const UPLOAD_HISTORY_LIMIT = 500;
/** An entry carries its first few problems; `errorCount` says how many there are in all. */
export const UPLOAD_HISTORY_ERRORS = 3;

export const UPLOAD_HISTORY_LIMIT_MESSAGE = `first must be a whole number from 1 to ${UPLOAD_HISTORY_LIMIT}`;
export const UPLOAD_HISTORY_KINDS_MESSAGE = `kinds must name at least one of ${UPLOAD_KINDS.join(", ")}`;

export type UploadHistoryEntry = {
  uploadId: string;
  kind: UploadKind;
  status: UploadStatus;
  originalFileName: string;
  /** Bytes; null for an upload whose size was never told nor stored. */
  fileSize: number | null;
  uploadedBy: { id: string; name: string };
  costCenter: { id: string; code: string; name: string } | null;
  rowsProcessed: number;
  savedPercent: number | null;
  errorCount: number;
  firstErrors: UploadError[];
  createdAt: Date;
  completedAt: Date | null;
};

/**
 * The facility's past uploads, latest first (item 4 of issue #15: the upload history list): what
 * was sent, by whom, for which cost center, and how it went. Admins of the facility only; only the
 * latest `first` (at most 500). `kinds` narrows it (none: every kind).
 */
export async function listUploadHistory(
  db: Queryable,
  viewer: Viewer,
  options: { kinds?: readonly string[] | null; first?: number | null } = {},
): Promise<UploadHistoryEntry[]> {
  requireAdmin(viewer);
  const first = options.first ?? UPLOAD_HISTORY_LIMIT;
  if (!Number.isInteger(first) || first < 1 || first > UPLOAD_HISTORY_LIMIT) {
    throw new DomainError("invalid", UPLOAD_HISTORY_LIMIT_MESSAGE, { first: UPLOAD_HISTORY_LIMIT_MESSAGE });
  }
  const kinds = options.kinds ?? null;
  if (kinds !== null && (kinds.length === 0 || kinds.some((kind) => !UPLOAD_KINDS.includes(kind as UploadKind)))) {
    throw new DomainError("invalid", UPLOAD_HISTORY_KINDS_MESSAGE, { kinds: UPLOAD_HISTORY_KINDS_MESSAGE });
  }
  const rows = await db
    .select({
      upload: uploads,
      firstName: users.firstName,
      lastName: users.lastName,
      costCenterCode: costCenters.code,
      costCenterName: costCenters.name,
    })
    .from(uploads)
    .innerJoin(users, eq(users.id, uploads.userId))
    .leftJoin(costCenters, eq(costCenters.id, uploads.costCenterId))
    .where(
      and(
        eq(uploads.facilityId, viewer.facilityId),
        kinds === null ? undefined : inArray(uploads.kind, kinds as UploadKind[]),
      ),
    )
    .orderBy(desc(uploads.createdAt), desc(uploads.id))
    .limit(first);
  return rows.map(({ upload, firstName, lastName, costCenterCode, costCenterName }) => ({
    uploadId: upload.id,
    kind: upload.kind,
    status: upload.status,
    originalFileName: upload.originalFileName,
    fileSize: upload.fileSize,
    uploadedBy: { id: upload.userId, name: `${firstName} ${lastName}`.trim() },
    costCenter:
      upload.costCenterId && costCenterCode !== null && costCenterName !== null
        ? { id: upload.costCenterId, code: costCenterCode, name: costCenterName }
        : null,
    rowsProcessed: upload.rowsProcessed,
    savedPercent: upload.savedPercent,
    errorCount: upload.errors.length,
    firstErrors: upload.errors.slice(0, UPLOAD_HISTORY_ERRORS),
    createdAt: upload.createdAt,
    completedAt: upload.completedAt,
  }));
}
