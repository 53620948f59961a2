import { fromPglite, type JobWithMetadata, PgBoss } from "pg-boss";
import type { DatabaseHandle } from "../../db/client";

export const IMPORT_QUEUE = "upload-import";

export type ImportAttempt = {
  uploadId: string;
  /** The address of the request that completed the upload (its audit record's "from where"). */
  source: string | null;
  /** True on the attempt after which pg-boss gives up: the handler then records the failure. */
  isLastAttempt: boolean;
  signal: AbortSignal;
};

export type JobQueue = {
  /**
   * Queues the import of one upload, completed by a request from `source`; queuing it again while
   * it waits is a no-op.
   */
  enqueueImport(uploadId: string, source: string | null): Promise<void>;
  /** Whether an import of this upload was ever queued (it was completed by its uploader). */
  hasImport(uploadId: string): Promise<boolean>;
  /** Starts this instance's import worker (one import at a time per instance). */
  startImportWorker(handler: (attempt: ImportAttempt) => Promise<void>): Promise<void>;
  close(): Promise<void>;
};

export type JobQueueOptions = {
  /** How often an idle worker looks for work. */
  pollingIntervalSeconds?: number;
  /**
   * A running import refreshes its heartbeat; when a process dies mid-import the heartbeat stops
   * and the job is retried by any instance after this many seconds (pg-boss minimum 10).
   */
  heartbeatSeconds?: number;
  /** How often an instance looks for jobs whose heartbeat stopped. */
  superviseIntervalSeconds?: number;
};

const RETRY_LIMIT = 2;

/**
 * Import jobs on pg-boss, in the app's own database: PostgreSQL (its own small pool) or the
 * embedded PGlite (through pg-boss' PGlite adapter, on the same single connection). A job survives
 * a restart; a crashed import is retried by heartbeat.
 */
export async function openJobQueue(database: DatabaseHandle, options: JobQueueOptions = {}): Promise<JobQueue> {
  const supervision = {
    schedule: false,
    superviseIntervalSeconds: options.superviseIntervalSeconds ?? 30,
    monitorIntervalSeconds: options.superviseIntervalSeconds ?? 30,
  };
  const boss =
    database.connection.kind === "pglite"
      ? new PgBoss({ db: fromPglite(database.connection.client), backend: "pglite", ...supervision })
      : new PgBoss({ connectionString: database.connection.url, max: 3, ...supervision });
  boss.on("error", (error) => console.error("Job queue error:", error));
  await boss.start();
  await boss.createQueue(IMPORT_QUEUE, {
    retryLimit: RETRY_LIMIT,
    retryDelay: 5,
    heartbeatSeconds: options.heartbeatSeconds ?? 30,
    // A 100 MB file imports in minutes; an hour is the outer bound for one attempt.
    expireInSeconds: 3600,
  });
  let stopped = false;
  return {
    async enqueueImport(uploadId, source) {
      await boss.send(IMPORT_QUEUE, { uploadId, source }, { singletonKey: uploadId });
    },
    async hasImport(uploadId) {
      return (await boss.findJobs(IMPORT_QUEUE, { key: uploadId })).length > 0;
    },
    async startImportWorker(handler) {
      await boss.work<{ uploadId: string; source?: string | null }>(
        IMPORT_QUEUE,
        { batchSize: 1, includeMetadata: true, pollingIntervalSeconds: options.pollingIntervalSeconds ?? 2 },
        async (jobs) => {
          const job = jobs[0] as JobWithMetadata<{ uploadId: string; source?: string | null }> | undefined;
          if (!job) return;
          await handler({
            uploadId: job.data.uploadId,
            // Jobs queued before the address was carried have none.
            source: job.data.source ?? null,
            isLastAttempt: job.retryCount >= job.retryLimit,
            signal: job.signal,
          });
        },
      );
    },
    async close() {
      if (stopped) return;
      stopped = true;
      await boss.stop({ graceful: true, timeout: 5_000, close: true });
    },
  };
}
