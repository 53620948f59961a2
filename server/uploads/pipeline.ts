import { createHash } from "node:crypto";
import path from "node:path";
import type { DatabaseHandle } from "../../db/client";
import { UPLOAD_KINDS, UPLOAD_TEMPLATES } from "../../schema/uploads";
import type { AppConfig } from "../config";
import { createAppEvents } from "../events";
import type { RequestActivity } from "../http/requestActivity";
import { sweepAbandonedUploads, type UploadServices } from "../services/uploads";
import { type BlobStorage, openBlobStorage } from "./blobStorage";
import { importUpload } from "./importUpload";
import { type JobQueueOptions, openJobQueue } from "./jobQueue";
import { buildTemplate } from "./templates";
import { writeModeOf } from "./writers";

/** How often abandoned upload slots are looked for. */
const SWEEP_INTERVAL_MS = 5 * 60_000;

export type UploadPipeline = UploadServices & { close(): Promise<void> };

export type UploadPipelineOptions = {
  /** Keep the embedded Azurite's blobs in memory (tests) instead of under the data folder. */
  ephemeralStorage?: boolean;
  /** Origins beside the public URL whose pages may PUT files to storage (the Vite dev server). */
  extraBrowserOrigins?: string[];
  queue?: JobQueueOptions;
  /** The app's requests, which a PGlite import merging in slices gives way to. */
  requestActivity?: RequestActivity;
};

/**
 * What a PGlite import awaits between two merge slices: the requests being answered finish first,
 * for at most 50 ms, so under steady traffic it still merges a slice (~40 ms) at least every 50 ms.
 */
export const betweenImportSlices = (activity: RequestActivity) => () => activity.quiet(50);

/**
 * Blob storage, live events and the import worker, started with the app: Azure or the embedded
 * Azurite, Redis or in-process events, pg-boss over the app's database.
 */
export async function startUploadPipeline(
  config: AppConfig,
  database: DatabaseHandle,
  options: UploadPipelineOptions = {},
): Promise<UploadPipeline> {
  const { events, close: closeEvents } = await createAppEvents(config.redisUrl);
  const storage = await openBlobStorage({
    connectionString: config.azureStorageConnectionString,
    publicBlobUrl: config.azureStoragePublicBlobUrl,
    dataDir: options.ephemeralStorage ? undefined : path.join(config.dataDir, "azurite"),
    browserOrigins: [new URL(config.publicUrl).origin, ...(options.extraBrowserOrigins ?? [])],
    publishTemplates,
  });
  const queue = await openJobQueue(database, options.queue);
  if (config.importWorker) {
    const writeMode = writeModeOf(database.kind);
    const activity = options.requestActivity;
    const betweenSlices = activity ? betweenImportSlices(activity) : undefined;
    await queue.startImportWorker((attempt) =>
      importUpload(database.db, { storage, events, writeMode, betweenSlices }, attempt),
    );
  }
  // A cheap query on a timer (every instance may run it: finishing an upload twice is harmless).
  let sweeping: Promise<unknown> = Promise.resolve();
  const sweepTimer = setInterval(() => {
    sweeping = sweepAbandonedUploads(database.db, { storage, queue, events }).catch((error: unknown) =>
      console.error("Sweep of abandoned uploads failed:", error),
    );
  }, SWEEP_INTERVAL_MS);
  sweepTimer.unref();
  return {
    storage,
    queue,
    events,
    async close() {
      clearInterval(sweepTimer);
      await sweeping;
      await queue.close();
      await storage.close();
      await closeEvents();
    },
  };
}

/** The template files are built from the column definitions, so they always match the importer. */
async function publishTemplates(storage: BlobStorage): Promise<void> {
  for (const kind of UPLOAD_KINDS) {
    const content = await buildTemplate(kind);
    const hash = createHash("sha256").update(content).digest("hex");
    await storage.putTemplate(UPLOAD_TEMPLATES[kind].templateName, content, hash);
  }
}
