import { readFile } from "node:fs/promises";
import path from "node:path";
import { expect, it } from "vitest";
import { testDbKind } from "../support/database";
import { useTempDir } from "../support/tempDir";
import { useTestServer } from "../support/testServer";
import { generatedStaffRow, writeUploadFile } from "../support/uploadFiles";
import { completeUpload, followUploadOverSocket, sendUploadFile } from "../support/uploads";

const { server, token } = useTestServer();
const dir = useTempDir("upload-progress-");

type Update = { status: string; rowsProcessed: number; savedPercent: number | null };

/** Uploads a staff file of 11,000 employees of its own (G0950001 …) and follows its import: every update. */
async function importAndFollow(): Promise<Update[]> {
  const file = path.join(dir, "staff.csv");
  const rows = Array.from({ length: 11_000 }, (_, i) => ({ ...generatedStaffRow(950_000 + i), costCenterCode: null }));
  await writeUploadFile(file, "Staff", "csv", rows);
  const uploadId = await sendUploadFile(server.baseUrl, token.admin, {
    kind: "Staff",
    fileName: "staff.csv",
    content: await readFile(file),
  });
  const follow = followUploadOverSocket(server.baseUrl, token.admin, uploadId, "status rowsProcessed savedPercent");
  await expect.poll(() => follow.seen.length).toBeGreaterThan(0);
  expect(await completeUpload(server.baseUrl, token.admin, uploadId)).toBe("MutationCompleteUploadSuccess");
  return (await follow.finished) as unknown as Update[];
}

// PGlite saves a staff file's rows only once every row has passed, in slices (6 of 40 pages here).
it.skipIf(testDbKind !== "pglite")(
  "a staff file on the embedded database: once every row is counted, its watchers hear how much is saved, 0 to 100",
  async () => {
    const seen = await importAndFollow();
    const firstSaved = seen.findIndex((update) => update.savedPercent !== null);
    // Counting first: no share saved yet, the count never going back.
    const counting = seen.slice(0, firstSaved);
    expect(counting.every((update) => update.savedPercent === null && update.status !== "Success")).toBe(true);
    for (let i = 1; i < counting.length; i++) {
      expect(counting[i]?.rowsProcessed).toBeGreaterThanOrEqual(counting[i - 1]?.rowsProcessed ?? 0);
    }
    // Then saving, every row counted: from 0 (always told) to 100 (always told), never going back.
    const saving = seen.slice(firstSaved, -1);
    expect(saving[0]).toEqual({ status: "Processing", rowsProcessed: 11_000, savedPercent: 0 });
    expect(saving.at(-1)).toEqual({ status: "Processing", rowsProcessed: 11_000, savedPercent: 100 });
    for (let i = 1; i < saving.length; i++) {
      expect(saving[i]?.savedPercent).toBeGreaterThanOrEqual(saving[i - 1]?.savedPercent ?? 0);
    }
    // Done: the share saved is no longer a thing.
    expect(seen.at(-1)).toEqual({ status: "Success", rowsProcessed: 11_000, savedPercent: null });
  },
);

// PostgreSQL saves the rows as they are read, in the import's one transaction: no share to tell.
it.skipIf(testDbKind !== "postgres")(
  "a staff file on PostgreSQL: its watchers hear rows counted, never a share saved",
  async () => {
    const seen = await importAndFollow();
    expect(seen.every((update) => update.savedPercent === null)).toBe(true);
    // Every row counted is told (always) before the commit, however fast the import.
    expect(seen.at(-2)).toEqual({ status: "Processing", rowsProcessed: 11_000, savedPercent: null });
    expect(seen.at(-1)).toEqual({ status: "Success", rowsProcessed: 11_000, savedPercent: null });
  },
);
