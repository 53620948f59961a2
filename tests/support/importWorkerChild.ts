/**
 * A separate process that starts an import and reports its progress on stdout, one JSON line per
 * status update: the crash test SIGKILLs it mid-import. It completes the upload (the import starts)
 * once the parent has answered its first line on stdin. Env: DATABASE_URL or DATA_DIR, the parent's
 * AZURE_STORAGE_CONNECTION_STRING, UPLOAD_FILE (a staff .csv).
 */
import { readFile } from "node:fs/promises";
import { openDatabase } from "../../db/client";
import { DEMO_USER_IDS, seedDemo } from "../../db/seed/demo";
import { loadConfig } from "../../server/config";
import { completeUpload, requestUploadSlot } from "../../server/services/uploads";
import { viewerOfUser } from "../../server/services/viewer";
import { startUploadPipeline } from "../../server/uploads/pipeline";
import { TEST_QUEUE_OPTIONS } from "./server";

const config = loadConfig(process.env);
const database = openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
await database.migrate();
await seedDemo(database.db);
const pipeline = await startUploadPipeline(config, database, { queue: TEST_QUEUE_OPTIONS });
const admin = await viewerOfUser(database.db, DEMO_USER_IDS.admin);
const slot = await requestUploadSlot(database.db, pipeline.storage, admin, { originalFileName: "staff.csv", type: 1 });
const put = await fetch(`${slot.uploadUrl}?${slot.uploadSasKey}`, {
  method: "PUT",
  body: await readFile(process.env.UPLOAD_FILE ?? ""),
  headers: { "x-ms-blob-type": "BlockBlob" },
});
if (put.status !== 201) throw new Error(`PUT answered ${put.status}`);
const updates = pipeline.events.subscribe("uploadStatus", slot.uploadId);
console.log(JSON.stringify({ uploadId: slot.uploadId, status: "Queued", rowsProcessed: 0 }));
// The parent answers a line when it is ready to watch the import (it may first take a lock).
await new Promise((resolve) => process.stdin.once("data", resolve));
await completeUpload(database.db, pipeline, admin, slot.uploadId);
for await (const update of updates) console.log(JSON.stringify(update));
