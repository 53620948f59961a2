import {
  UPLOAD_KINDS,
  UPLOAD_STATUSES,
  UPLOAD_TYPE_CODES,
  type UploadError,
  type UploadKind,
} from "../../schema/uploads";
import type { UploadStatusEvent } from "../events";
import { DomainError } from "../services/errors";
import { listUploadHistory, UPLOAD_HISTORY_LIMIT, type UploadHistoryEntry } from "../services/uploadHistory";
import {
  completeUpload,
  getUpload,
  isFinished,
  renewUploadSlot,
  requestUploadSlot,
  type UploadSlot,
  type UploadTemplateLink,
  type UploadView,
  uploadStagedBlocks,
  uploadTemplate,
} from "../services/uploads";
import { adminMutation, type BuilderTypes, builder } from "./builder";
import type { GraphQLContext } from "./context";

const UploadKindEnum = builder.enumType("UploadKind", {
  values: UPLOAD_KINDS,
  description: "CostCenter (type 0), Staff (1), Users (2), CostCenterStaff (1 with a cost center).",
});
const UploadStatusEnum = builder.enumType("UploadStatus", { values: UPLOAD_STATUSES });

const UploadErrorType = builder.objectRef<UploadError>("UploadError").implement({
  description: "One problem with a file; row and column (1-based) when it is a cell's problem.",
  fields: (t) => ({
    message: t.exposeString("message"),
    row: t.int({ nullable: true, resolve: (error) => error.row ?? null }),
    column: t.int({ nullable: true, resolve: (error) => error.column ?? null }),
  }),
});

/** How far an upload's import is: what the live channel pushes, and what the upload and its history entry show. */
const UploadProgressInterface = builder
  .interfaceRef<Pick<UploadStatusEvent, "status" | "rowsProcessed" | "savedPercent">>("UploadProgress")
  .implement({
    fields: (t) => ({
      status: t.field({
        type: UploadStatusEnum,
        description: "Pending and Processing: in progress; Success: imported; Error: nothing imported.",
        resolve: (upload) => upload.status,
      }),
      rowsProcessed: t.exposeInt("rowsProcessed", { description: "Data rows read so far (or in all, when done)." }),
      savedPercent: t.exposeInt("savedPercent", {
        nullable: true,
        description:
          "While the rows of an import on the embedded database are saved (after every row passed its checks): how much of them is saved, 0-100. Null before and after, and on PostgreSQL, where rows are saved as they are read.",
      }),
    }),
  });

/** What the live channel pushes: the status fields only, as they change. */
const UploadStatusType = builder.objectRef<UploadStatusEvent>("UploadStatusUpdate").implement({
  interfaces: [UploadProgressInterface],
  fields: (t) => ({
    uploadId: t.exposeID("uploadId"),
    errors: t.field({ type: [UploadErrorType], resolve: (upload) => upload.errors }),
  }),
});

const StagedBlockType = builder.objectRef<{ name: string; size: number }>("StagedBlock").implement({
  description: "A block of an upload that storage holds but has not committed yet.",
  fields: (t) => ({
    name: t.exposeString("name", { description: "The block id, base64, as the browser staged it." }),
    size: t.exposeInt("size", { description: "Bytes." }),
  }),
});

/** What an upload shows as its uploader follows it and as the upload history lists it. */
const uploadRecordFields = <
  Upload extends {
    uploadId: string;
    kind: UploadKind;
    originalFileName: string;
    createdAt: Date;
    completedAt: Date | null;
  },
>(
  t: PothosSchemaTypes.ObjectFieldBuilder<BuilderTypes, Upload>,
) => ({
  id: t.id({ resolve: (upload) => upload.uploadId }),
  kind: t.field({ type: UploadKindEnum, resolve: (upload) => upload.kind }),
  originalFileName: t.string({ resolve: (upload) => upload.originalFileName }),
  createdAt: t.string({ resolve: (upload) => upload.createdAt.toISOString() }),
  completedAt: t.string({ nullable: true, resolve: (upload) => upload.completedAt?.toISOString() ?? null }),
});

const UploadType = builder.objectRef<UploadView>("Upload").implement({
  interfaces: [UploadProgressInterface],
  fields: (t) => ({
    ...uploadRecordFields(t),
    errors: t.field({ type: [UploadErrorType], resolve: (upload) => upload.errors }),
    costCenterId: t.exposeID("costCenterId", { nullable: true }),
    stagedBlocks: t.field({
      type: [StagedBlockType],
      description:
        "Blocks sent to storage but not committed, while the upload is Pending: a retry of a cut-short upload sends only the others (the upload SAS cannot read them itself).",
      resolve: (upload, _args, context) =>
        uploadStagedBlocks(context.db, context.uploads.storage, context.viewer, upload.uploadId),
    }),
  }),
});

const UploadHistoryCostCenterType = builder
  .objectRef<NonNullable<UploadHistoryEntry["costCenter"]>>("UploadHistoryCostCenter")
  .implement({
    fields: (t) => ({ id: t.exposeID("id"), code: t.exposeString("code"), name: t.exposeString("name") }),
  });

const UploadHistoryUserType = builder.objectRef<UploadHistoryEntry["uploadedBy"]>("UploadHistoryUser").implement({
  fields: (t) => ({ id: t.exposeID("id"), name: t.exposeString("name") }),
});

const UploadHistoryEntryType = builder.objectRef<UploadHistoryEntry>("UploadHistoryEntry").implement({
  description: "A past upload of the facility: what was sent, by whom, and how its import went.",
  interfaces: [UploadProgressInterface],
  fields: (t) => ({
    ...uploadRecordFields(t),
    fileSize: t.float({
      nullable: true,
      description: "Bytes, as stored (as declared while the file has not arrived).",
      resolve: (entry) => entry.fileSize,
    }),
    uploadedBy: t.field({ type: UploadHistoryUserType, resolve: (entry) => entry.uploadedBy }),
    costCenter: t.field({
      type: UploadHistoryCostCenterType,
      nullable: true,
      description: "The cost center of a CostCenterStaff upload.",
      resolve: (entry) => entry.costCenter,
    }),
    errorCount: t.exposeInt("errorCount", { description: "How many problems the file had in all." }),
    firstErrors: t.field({
      type: [UploadErrorType],
      description: "The first few problems (errorCount says how many there are).",
      resolve: (entry) => entry.firstErrors,
    }),
  }),
});

builder.queryField("uploadHistory", (t) =>
  t.field({
    type: [UploadHistoryEntryType],
    description: `The facility's uploads, latest first: at most the latest ${UPLOAD_HISTORY_LIMIT} (or \`first\`), of the kinds named (none: every kind). Admins of the facility only.`,
    authScopes: { admin: true },
    args: {
      kinds: t.arg({ type: [UploadKindEnum], required: false }),
      first: t.arg.int({
        required: false,
        description: `1 to ${UPLOAD_HISTORY_LIMIT}; ${UPLOAD_HISTORY_LIMIT} when not given.`,
      }),
    },
    resolve: (_root, args, context) =>
      listUploadHistory(context.db, context.viewer, { kinds: args.kinds ?? null, first: args.first ?? null }),
  }),
);

const UploadSlotType = builder.objectRef<UploadSlot>("UploadSlot").implement({
  description:
    "Where the browser PUTs the file: the uploadUrl with uploadSasKey as its query; write-only, for a few minutes.",
  fields: (t) => ({
    uploadId: t.exposeID("uploadId"),
    uploadUrl: t.exposeString("uploadUrl"),
    uploadSasKey: t.exposeString("uploadSasKey"),
    signalRUserId: t.exposeID("signalRUserId"),
    templateUrl: t.exposeString("templateUrl"),
    templateSasKey: t.exposeString("templateSasKey"),
    expiresAt: t.string({ resolve: (slot) => slot.expiresAt.toISOString() }),
  }),
});

const UploadTemplateType = builder.objectRef<UploadTemplateLink>("UploadTemplate").implement({
  fields: (t) => ({
    kind: t.field({ type: UploadKindEnum, resolve: (template) => template.kind }),
    header: t.exposeString("header"),
    description: t.exposeString("description"),
    templateName: t.exposeString("templateName"),
    templateDownloadLink: t.exposeString("templateDownloadLink", { description: "Valid for an hour." }),
  }),
});

builder.queryField("uploadTemplate", (t) =>
  t.field({
    type: UploadTemplateType,
    description: "The template of an upload kind: header, description, file name and a download link. Admins only.",
    authScopes: { admin: true },
    args: { kind: t.arg({ type: UploadKindEnum, required: true }) },
    resolve: (_root, args, context) => uploadTemplate(context.uploads.storage, context.viewer, args.kind),
  }),
);

builder.queryField("upload", (t) =>
  t.field({
    type: UploadType,
    description: "An upload you made, with its status and errors (the poll beside the live channel).",
    authScopes: { admin: true },
    args: { id: t.arg.id({ required: true }) },
    resolve: (_root, args, context) => getUpload(context.db, context.viewer, String(args.id)),
  }),
);

const UploadSlotInput = builder.inputType("UploadSlotInput", {
  fields: (t) => ({
    kind: t.field({ type: UploadKindEnum, required: true }),
    originalFileName: t.string({ required: true }),
    fileSize: t.int({ description: "Bytes; a file over 100 MB is refused before it is sent." }),
    costCenterId: t.id({ description: "Required for CostCenterStaff: the cost center whose staff the file holds." }),
    updateStaff: t.boolean({ description: "CostCenterStaff: update staff already in the cost center." }),
    removeStaff: t.boolean({
      description: "CostCenterStaff: remove staff of the cost center who are not in the file.",
    }),
  }),
});

builder.mutationField("requestUploadSlot", (t) =>
  t.field({
    type: UploadSlotType,
    description: "Records an upload and returns a write-only URL for the file. Admins only.",
    ...adminMutation,
    args: { input: t.arg({ type: UploadSlotInput, required: true }) },
    resolve: async (_root, { input }, context) => {
      await context.limits.uploadSlot.take(context.viewer.userId, "Too many upload requests");
      if (input.kind === "CostCenterStaff" && !input.costCenterId) {
        throw new DomainError("invalid", "Choose the cost center whose staff the file holds", {
          costCenterId: "Choose the cost center whose staff the file holds",
        });
      }
      return requestUploadSlot(context.db, context.uploads.storage, context.viewer, {
        originalFileName: input.originalFileName,
        fileSize: input.fileSize ?? undefined,
        type: UPLOAD_TYPE_CODES[input.kind],
        costCenter: input.kind === "CostCenterStaff" ? input.costCenterId : undefined,
        updateStaff: input.updateStaff ?? false,
        removeStaff: input.removeStaff ?? false,
      });
    },
  }),
);

builder.mutationField("renewUploadSlot", (t) =>
  t.field({
    type: UploadSlotType,
    description:
      "A fresh write-only URL for the same upload's blob, so that a send cut short after the slot expired can resume (the staged blocks stay). Only while the upload waits for its file, and not past five minutes before an unfinished slot is swept. Admins only; the uploader only.",
    ...adminMutation,
    args: { uploadId: t.arg.id({ required: true }) },
    resolve: async (_root, args, context) => {
      await context.limits.uploadSlot.take(context.viewer.userId, "Too many upload requests");
      return renewUploadSlot(context.db, context.uploads, context.viewer, String(args.uploadId));
    },
  }),
);

builder.mutationField("completeUpload", (t) =>
  t.field({
    type: UploadType,
    description: "Call after the file is in storage: queues its import. Follow it with uploadStatus.",
    ...adminMutation,
    args: { uploadId: t.arg.id({ required: true }) },
    resolve: (_root, args, context) =>
      completeUpload(context.db, context.uploads, context.viewer, String(args.uploadId)),
  }),
);

builder.subscriptionField("uploadStatus", (t) =>
  t.field({
    type: UploadStatusType,
    description: "The status of your upload now, then every change (rows processed, Success or Error).",
    authScopes: { admin: true },
    args: { uploadId: t.arg.id({ required: true }) },
    subscribe: (_root, args, context) => followUpload(context, String(args.uploadId)),
    resolve: (event) => event,
  }),
);

async function* followUpload(context: GraphQLContext, uploadId: string): AsyncGenerator<UploadStatusEvent> {
  // Listen before reading, so a change between the read and the first event is not lost.
  const changes = context.uploads.events.subscribe("uploadStatus", uploadId)[Symbol.asyncIterator]();
  const firstChange = changes.next();
  try {
    const current = await getUpload(context.db, context.viewer, uploadId);
    yield current;
    if (isFinished(current.status)) return;
    let next = firstChange;
    while (true) {
      const { value, done } = await next;
      if (done) return;
      yield value;
      if (isFinished(value.status)) return;
      next = changes.next();
    }
  } finally {
    await changes.return?.();
  }
}
