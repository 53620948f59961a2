import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it, vi } from "vitest";
import { uploads } from "../../db/schema";
import { DEMO_FACILITY_ID, DEMO_USER_IDS } from "../../db/seed/demo";
import { useSeededDatabase } from "../../tests/support/seededDatabase";
import { type AppEvents, createAppEvents, type UploadStatusEvent } from "../events";
import { importProgress } from "./importProgress";

describe("importProgress", () => {
  const db = useSeededDatabase();
  afterEach(() => vi.useRealTimers());

  async function processingUpload() {
    const [upload] = await db.db
      .insert(uploads)
      .values({
        facilityId: DEMO_FACILITY_ID,
        userId: DEMO_USER_IDS.admin,
        kind: "Staff",
        originalFileName: "progress.csv",
        blobName: `${DEMO_FACILITY_ID}/${randomUUID()}.csv`,
        status: "Processing",
      })
      .returning({ id: uploads.id });
    if (!upload) throw new Error("no upload");
    return upload.id;
  }

  const stored = async (id: string) => {
    const [row] = await db.db
      .select({ status: uploads.status, rowsProcessed: uploads.rowsProcessed, savedPercent: uploads.savedPercent })
      .from(uploads)
      .where(eq(uploads.id, id));
    return row;
  };

  /** The events published for `uploadId` from now on, in order. */
  function listen(events: AppEvents, uploadId: string) {
    const heard: string[] = [];
    const subscription = events.subscribe("uploadStatus", uploadId);
    void (async () => {
      for await (const event of subscription as AsyncIterable<UploadStatusEvent>) {
        heard.push(`${event.status} ${event.rowsProcessed} ${event.savedPercent}`);
      }
    })();
    return { heard, stop: () => subscription.return?.() };
  }

  it("publishes at most every 500 ms and stores at most every 2 s; all rows read, and the saving's first and last share, always", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date("2026-11-28T12:00:00Z"));
    const { events } = await createAppEvents(undefined);
    const uploadId = await processingUpload();
    const { heard, stop } = listen(events, uploadId);
    const progress = importProgress(db.db, events, uploadId, (error) => {
      throw error;
    });
    const later = (ms: number) => vi.setSystemTime(Date.now() + ms);

    progress.checked(500); // t = 0: published and stored (nothing before)
    progress.checked(1000); // t = 0: neither
    later(600);
    progress.checked(1500); // t = 0.6 s: published, not stored (stored 0.6 s ago)
    await expect.poll(() => stored(uploadId)).toEqual({ status: "Processing", rowsProcessed: 500, savedPercent: null });
    later(1500);
    progress.checked(2000); // t = 2.1 s: published and stored
    later(100);
    progress.checked(2100, true); // t = 2.2 s: all rows read, always (0.1 s since the last event)
    await expect
      .poll(() => stored(uploadId))
      .toEqual({ status: "Processing", rowsProcessed: 2100, savedPercent: null });
    progress.saving(0); // t = 2.2 s: the first share, always
    later(100);
    progress.saving(0.5); // t = 2.3 s: neither
    later(100);
    progress.saving(0.999); // t = 2.4 s: 99 % is not all: neither (0.2 s since the last event)
    progress.saving(1); // t = 2.4 s: the last share, always
    await expect.poll(() => stored(uploadId)).toEqual({ status: "Processing", rowsProcessed: 2100, savedPercent: 100 });
    await expect
      .poll(() => heard)
      .toEqual([
        "Processing 500 null",
        "Processing 1500 null",
        "Processing 2000 null",
        "Processing 2100 null",
        "Processing 2100 0",
        "Processing 2100 100",
      ]);
    await stop();
  });

  it("never lowers what is stored, and leaves a finished upload as it is", async () => {
    const { events } = await createAppEvents(undefined);
    const uploadId = await processingUpload();
    const failures: unknown[] = [];
    const tracker = () => importProgress(db.db, events, uploadId, (error) => failures.push(error));
    tracker().checked(3000);
    await expect
      .poll(() => stored(uploadId))
      .toEqual({ status: "Processing", rowsProcessed: 3000, savedPercent: null });
    tracker().saving(0.4);
    await expect.poll(() => stored(uploadId)).toEqual({ status: "Processing", rowsProcessed: 3000, savedPercent: 40 });

    // Writes that land late (smaller figures, or none saved yet) keep the larger ones.
    tracker().checked(1000);
    tracker().saving(0.1);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await stored(uploadId)).toEqual({ status: "Processing", rowsProcessed: 3000, savedPercent: 40 });

    // Then the import ends: what is told afterwards changes nothing.
    await db.db.update(uploads).set({ status: "Success", savedPercent: null }).where(eq(uploads.id, uploadId));
    tracker().saving(1);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await stored(uploadId)).toEqual({ status: "Success", rowsProcessed: 3000, savedPercent: null });
    expect(failures).toEqual([]);
  });
});
