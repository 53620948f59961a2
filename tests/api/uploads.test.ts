import { randomUUID } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import ExcelJS from "exceljs";
import { describe, expect, it } from "vitest";
import { auditLog, costCenters, uploads } from "../../db/schema";
import { DEMO_FACILITY_ID, DEMO_USER_IDS } from "../../db/seed/demo";
import { UPLOAD_COLUMNS, UPLOAD_MESSAGES, UPLOAD_TEMPLATES, type UploadKind } from "../../schema/uploads";
import { sweepAbandonedUploads, UPLOAD_RENEW_REFUSED, type UploadSlot } from "../../server/services/uploads";
import { graphqlRequest } from "../support/graphql";
import { useTestServer } from "../support/testServer";
import { newAdministrator } from "../support/tokens";
import { followUploadOverSocket, type UploadStatusUpdate } from "../support/uploads";
import { workbookOf } from "../support/workbooks";

const { server, token: tokens } = useTestServer();

const SLOT = `mutation Slot($input: UploadSlotInput!) {
  requestUploadSlot(input: $input) {
    __typename
    ... on MutationRequestUploadSlotSuccess { data { uploadId uploadUrl uploadSasKey signalRUserId templateUrl templateSasKey } }
    ... on DomainError { message code fieldErrors { field message } }
  }
}`;
const COMPLETE = `mutation Complete($id: ID!) {
  completeUpload(uploadId: $id) {
    __typename
    ... on MutationCompleteUploadSuccess { data { id status } }
    ... on DomainError { message code }
  }
}`;
const STATUS = `query Status($id: ID!) { upload(id: $id) { id status rowsProcessed errors { message row column } } }`;

/** An .xlsx with the kind's header row and the given data rows. */
async function workbook(
  kind: UploadKind,
  rows: unknown[][],
  header: string[] = UPLOAD_COLUMNS[kind].map((c) => c.header),
) {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet("Data");
  sheet.addRow(header);
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await book.xlsx.writeBuffer());
}

async function requestSlot(token: string, input: Record<string, unknown>) {
  const { body } = await graphqlRequest(server.baseUrl, token, SLOT, { input });
  return body.data?.requestUploadSlot as {
    __typename: string;
    /** The slot as the mutation selects it (all but its expiry). */
    data?: Omit<UploadSlot, "expiresAt">;
    message?: string;
    code?: string;
  };
}

/**
 * PUTs the file to storage as the browser does. A dropped connection (no answer at all) is tried
 * once more, as an uploading client would: on a loaded CI machine Azurite has once reset the
 * socket of a 100 MB PUT. Any answer, whatever its status, is returned as it came.
 */
async function putBlob(slot: { uploadUrl: string; uploadSasKey: string }, content: Buffer) {
  const put = () =>
    fetch(`${slot.uploadUrl}?${slot.uploadSasKey}`, {
      method: "PUT",
      body: new Uint8Array(content),
      headers: { "x-ms-blob-type": "BlockBlob" },
    });
  try {
    return await put();
  } catch (dropped) {
    console.warn("PUT to Azurite dropped, trying once more:", (dropped as Error).cause ?? dropped);
    return put();
  }
}

/** A second administrator of the demo facility (its own upload-slot budget); their token. */
async function anotherAdmin(): Promise<string> {
  return (await newAdministrator(server)).token;
}

/** Follows an upload over graphql-ws until it finishes; every update seen, in order. */
const followOverWebSocket = (token: string, uploadId: string) =>
  followUploadOverSocket(server.baseUrl, token, uploadId).finished;

/** Slot → PUT → complete, following the status live; the final update. */
async function uploadAndFollow(kind: UploadKind, content: Buffer, extra: Record<string, unknown> = {}) {
  const slot = await requestSlot(tokens.admin, { kind, originalFileName: `${kind}.xlsx`, ...extra });
  expect(slot.__typename).toBe("MutationRequestUploadSlotSuccess");
  const target = slot.data as NonNullable<typeof slot.data>;
  expect((await putBlob(target, content)).status).toBe(201);
  const updates = followOverWebSocket(tokens.admin, target.uploadId);
  const { body } = await graphqlRequest(server.baseUrl, tokens.admin, COMPLETE, { id: target.uploadId });
  expect(body.data?.completeUpload).toMatchObject({ __typename: "MutationCompleteUploadSuccess" });
  const seen = await updates;
  return { uploadId: target.uploadId, seen, final: seen.at(-1) as UploadStatusUpdate };
}

/** The size of an upload's blob in storage; undefined when there is none. */
async function blobSizeOf(uploadId: string) {
  const [upload] = await server.database.db
    .select({ blobName: uploads.blobName })
    .from(uploads)
    .where(eq(uploads.id, uploadId));
  if (!upload) throw new Error(`no upload ${uploadId}`);
  return server.app.uploads.storage.blobSize(upload.blobName);
}

const countCostCenters = async () =>
  (
    await server.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(costCenters)
      .where(eq(costCenters.facilityId, DEMO_FACILITY_ID))
  )[0]?.n;

describe("an upload end to end (slot, PUT to Azurite, queued import, live status)", () => {
  it("imports a cost-center file, pushes Processing then Success over graphql-ws, and audits it", async () => {
    const content = await workbook("CostCenter", [
      ["7701", "Cardiac Step-Down", 0.2],
      ["7702", "Observation Unit", null],
    ]);
    const { uploadId, seen, final } = await uploadAndFollow("CostCenter", content);
    expect(seen[0]?.status).toMatch(/Pending|Processing/);
    expect(final).toEqual({ status: "Success", rowsProcessed: 2, errors: [] });
    const rows = await server.database.db
      .select({ code: costCenters.code, name: costCenters.name })
      .from(costCenters)
      .where(and(eq(costCenters.facilityId, DEMO_FACILITY_ID), sql`${costCenters.code} in ('7701','7702')`));
    expect(rows.sort((a, b) => a.code.localeCompare(b.code))).toEqual([
      { code: "7701", name: "Cardiac Step-Down" },
      { code: "7702", name: "Observation Unit" },
    ]);
    const audits = await server.database.db.select().from(auditLog).where(eq(auditLog.entityId, uploadId));
    expect(audits.map((a) => a.action).sort()).toEqual(["upload.import", "upload.request"]);
    // The import ran as a job; its record has the address of the request that completed the upload.
    expect(audits.map((a) => a.source)).toEqual(["127.0.0.1", "127.0.0.1"]);

    // The poll answers the same, over GraphQL and REST.
    const { body } = await graphqlRequest(server.baseUrl, tokens.admin, STATUS, { id: uploadId });
    expect(body.data?.upload).toMatchObject({ status: "Success", rowsProcessed: 2, errors: [] });
    const rest = await fetch(`${server.baseUrl}/api/upload?uploadId=${uploadId}`, {
      headers: { authorization: `Bearer ${tokens.admin}` },
    });
    expect(await rest.json()).toMatchObject({ uploadId, status: "Success", errors: [] });

    // Completing it again queues nothing and changes nothing.
    const before = await countCostCenters();
    const again = await graphqlRequest(server.baseUrl, tokens.admin, COMPLETE, { id: uploadId });
    expect(again.body.data?.completeUpload).toMatchObject({ data: { status: "Success" } });
    expect(await countCostCenters()).toBe(before);
  });

  it("rejects a file with bad rows as a whole: every error listed with row and column, nothing written", async () => {
    const before = await countCostCenters();
    const content = await workbook("CostCenter", [
      ["7801", "Good Row", null],
      ["78-02", "Bad Number", null],
      ["7803", "", null],
      ["7804", "FTE Too High", 2],
    ]);
    const { final } = await uploadAndFollow("CostCenter", content);
    expect(final.status).toBe("Error");
    expect(final.errors.length).toBeGreaterThanOrEqual(3);
    expect(final.errors.map((e) => [e.row, e.column])).toEqual(
      expect.arrayContaining([
        [3, 1],
        [4, 2],
        [5, 3],
      ]),
    );
    expect(await countCostCenters()).toBe(before);
  });

  it("names a wrong header row instead of failing every row", async () => {
    const content = await workbook("CostCenter", [["7901", "X", null]], ["Number", "Name", "PRN FTE"]);
    const { final } = await uploadAndFollow("CostCenter", content);
    expect(final.status).toBe("Error");
    expect(final.errors[0]?.row).toBe(1);
  });

  it("refuses a renamed non-spreadsheet with the file check's message", async () => {
    const { final } = await uploadAndFollow("CostCenter", Buffer.from("%PDF-1.7 not a workbook at all"));
    expect(final).toMatchObject({ status: "Error", errors: [{ message: UPLOAD_MESSAGES.notXlsx }] });
  });

  it("refuses a file over 100 MB that reached storage, before reading it", async () => {
    const slot = await requestSlot(tokens.admin, { kind: "CostCenter", originalFileName: "big.csv" });
    const target = slot.data as NonNullable<typeof slot.data>;
    expect((await putBlob(target, Buffer.alloc(100 * 1024 * 1024 + 1, 0x41))).status).toBe(201);
    const { body } = await graphqlRequest(server.baseUrl, tokens.admin, COMPLETE, { id: target.uploadId });
    expect(body.data?.completeUpload).toMatchObject({ data: { status: "Error" } });
    const status = await graphqlRequest(server.baseUrl, tokens.admin, STATUS, { id: target.uploadId });
    expect(status.body.data?.upload).toMatchObject({ errors: [{ message: UPLOAD_MESSAGES.fileTooLarge }] });
    expect(await blobSizeOf(target.uploadId)).toBeUndefined();
  });

  it("blob hygiene: the embedded Azurite listens on loopback only (item 9)", () => {
    expect(new URL(server.app.uploads.storage.browserOrigin).hostname).toBe("127.0.0.1");
  });

  it("blob hygiene: an upload that fails validation leaves no blob (item 9)", async () => {
    const content = await workbook("CostCenter", [["79-01", "Bad Number", null]]);
    const { uploadId, final } = await uploadAndFollow("CostCenter", content);
    expect(final.status).toBe("Error");
    expect(await blobSizeOf(uploadId)).toBeUndefined();
  });

  it("blob hygiene: an expired, never-completed slot is swept, its blob deleted (item 9)", async () => {
    const slot = await requestSlot(tokens.admin, { kind: "CostCenter", originalFileName: "abandoned.xlsx" });
    const target = slot.data as NonNullable<typeof slot.data>;
    expect((await putBlob(target, await workbook("CostCenter", [["7990", "Never Completed", null]]))).status).toBe(201);
    const { db } = server.database;
    const minutesFromNow = (minutes: number) => new Date(Date.now() + minutes * 60_000);
    // Just after the SAS expired (15 minutes) the uploader may still be completing: left alone.
    await sweepAbandonedUploads(db, server.app.uploads, minutesFromNow(16));
    expect(
      (await graphqlRequest(server.baseUrl, tokens.admin, STATUS, { id: target.uploadId })).body.data?.upload,
    ).toMatchObject({
      status: "Pending",
    });
    expect(await blobSizeOf(target.uploadId)).toBeGreaterThan(0);
    // Over an hour after that: abandoned.
    await sweepAbandonedUploads(db, server.app.uploads, minutesFromNow(76));
    const { body } = await graphqlRequest(server.baseUrl, tokens.admin, STATUS, { id: target.uploadId });
    expect(body.data?.upload).toEqual({
      id: target.uploadId,
      status: "Error",
      rowsProcessed: 0,
      errors: [{ message: "The upload was not completed in time; upload the file again.", row: null, column: null }],
    });
    expect(await blobSizeOf(target.uploadId)).toBeUndefined();
    // A completed upload is never swept, however old.
    const done = await uploadAndFollow("CostCenter", await workbook("CostCenter", [["7991", "Completed", null]]));
    expect(done.final.status).toBe("Success");
    await sweepAbandonedUploads(db, server.app.uploads, minutesFromNow(600));
    expect(
      (await graphqlRequest(server.baseUrl, tokens.admin, STATUS, { id: done.uploadId })).body.data?.upload,
    ).toMatchObject({
      status: "Success",
    });
  });
});

describe("upload slots", () => {
  it("answers the spec's credential fields; the SAS writes one blob and cannot read or list", async () => {
    const slot = await requestSlot(tokens.admin, { kind: "Staff", originalFileName: "../../etc/passwd.xlsx" });
    const target = slot.data as NonNullable<typeof slot.data>;
    expect(target.signalRUserId).toBe(DEMO_USER_IDS.admin);
    // The blob name is the server's, never the client's file name.
    expect(target.uploadUrl).toMatch(new RegExp(`/uploads/${DEMO_FACILITY_ID}/${target.uploadId}\\.xlsx$`));
    expect(target.uploadSasKey).toContain("sp=cw");
    expect((await putBlob(target, Buffer.from("x"))).status).toBe(201);
    expect((await fetch(`${target.uploadUrl}?${target.uploadSasKey}`)).status).toBe(403);
    const container = target.uploadUrl.slice(0, target.uploadUrl.indexOf(`/${DEMO_FACILITY_ID}/`));
    expect((await fetch(`${container}?restype=container&comp=list&${target.uploadSasKey}`)).status).toBe(403);
    // Another blob with the same SAS: refused.
    const other = target.uploadUrl.replace(target.uploadId, randomUUID());
    expect((await putBlob({ uploadUrl: other, uploadSasKey: target.uploadSasKey }, Buffer.from("x"))).status).toBe(403);
    // The template SAS reads templates but cannot list them.
    const template = await fetch(
      `${target.templateUrl}/${UPLOAD_TEMPLATES.Staff.templateName}?${target.templateSasKey}`,
    );
    expect(template.status).toBe(200);
    expect((await fetch(`${target.templateUrl}?restype=container&comp=list&${target.templateSasKey}`)).status).toBe(
      403,
    );
  });

  it("stagedBlocks: the blocks a cut-short upload staged, for its uploader only, none once it is completed", async () => {
    // An administrator of their own, so the demo admin's slot budget (30 in 10 minutes) stays for the others.
    const owner = await anotherAdmin();
    const slot = await requestSlot(owner, { kind: "CostCenter", originalFileName: "blocks.xlsx" });
    const target = slot.data as NonNullable<typeof slot.data>;
    const STAGED = `query Staged($id: ID!) { upload(id: $id) { status stagedBlocks { name size } } }`;
    type Staged = { status: string; stagedBlocks: { name: string; size: number }[] };
    const staged = async (token = owner) => {
      const { body } = await graphqlRequest(server.baseUrl, token, STAGED, { id: target.uploadId });
      return { upload: body.data?.upload as Staged | undefined, errors: body.errors };
    };
    // Nothing sent yet: no blob, no blocks.
    expect((await staged()).upload).toEqual({ status: "Pending", stagedBlocks: [] });
    const content = await workbook("CostCenter", [["7992", "Staged In Blocks", null]]);
    const half = Math.ceil(content.length / 2);
    const ids = [btoa("block-000000"), btoa("block-000001")];
    const stage = (id: string, part: Buffer) =>
      fetch(`${target.uploadUrl}?comp=block&blockid=${encodeURIComponent(id)}&${target.uploadSasKey}`, {
        method: "PUT",
        body: new Uint8Array(part),
      });
    expect((await stage(ids[0] as string, content.subarray(0, half))).status).toBe(201);
    // The SAS itself cannot read the block list (Get Block List needs read): the server reads it.
    expect(
      (await fetch(`${target.uploadUrl}?comp=blocklist&blocklisttype=uncommitted&${target.uploadSasKey}`)).status,
    ).toBe(403);
    expect((await staged()).upload).toEqual({
      status: "Pending",
      stagedBlocks: [{ name: ids[0], size: half }],
    });
    expect((await staged(tokens.admin)).errors?.[0]?.extensions?.code).toBe("FORBIDDEN");
    // The rest of the file, the commit, the import: then nothing is staged any more.
    expect((await stage(ids[1] as string, content.subarray(half))).status).toBe(201);
    const commit = await fetch(`${target.uploadUrl}?comp=blocklist&${target.uploadSasKey}`, {
      method: "PUT",
      body: `<?xml version="1.0" encoding="utf-8"?><BlockList>${ids.map((id) => `<Latest>${id}</Latest>`).join("")}</BlockList>`,
    });
    expect(commit.status).toBe(201);
    const completed = await graphqlRequest(server.baseUrl, owner, COMPLETE, { id: target.uploadId });
    expect(completed.body.data?.completeUpload).toMatchObject({ __typename: "MutationCompleteUploadSuccess" });
    await expect.poll(async () => (await staged()).upload?.status, { timeout: 20_000 }).toBe("Success");
    expect((await staged()).upload?.stagedBlocks).toEqual([]);
  });

  it("renewUploadSlot: a fresh write-only SAS for the same blob while the upload waits, never past the sweep", async () => {
    const RENEW = `mutation Renew($id: ID!) {
      renewUploadSlot(uploadId: $id) {
        __typename
        ... on MutationRenewUploadSlotSuccess { data { uploadId uploadUrl uploadSasKey expiresAt } }
        ... on DomainError { message code }
      }
    }`;
    type Renewed = {
      __typename: string;
      data?: { uploadId: string; uploadUrl: string; uploadSasKey: string; expiresAt: string };
      message?: string;
    };
    const owner = await anotherAdmin();
    const renew = async (id: string, token = owner) => {
      const { body } = await graphqlRequest(server.baseUrl, token, RENEW, { id });
      return { renewed: body.data?.renewUploadSlot as Renewed | undefined, errors: body.errors };
    };
    const slot = await requestSlot(owner, { kind: "CostCenter", originalFileName: "slow.xlsx" });
    const target = slot.data as NonNullable<typeof slot.data>;
    // An hour into the upload: the new SAS ends 70 minutes after the slot was made, 5 before its sweep.
    const createdAt = new Date(Date.now() - 60 * 60_000);
    await server.database.db.update(uploads).set({ createdAt }).where(eq(uploads.id, target.uploadId));
    const { renewed } = await renew(target.uploadId);
    expect(renewed?.__typename).toBe("MutationRenewUploadSlotSuccess");
    const fresh = renewed?.data as NonNullable<Renewed["data"]>;
    expect(fresh.uploadId).toBe(target.uploadId);
    expect(fresh.uploadUrl).toBe(target.uploadUrl);
    expect(fresh.uploadSasKey).not.toBe(target.uploadSasKey);
    expect(fresh.uploadSasKey).toContain("sp=cw");
    expect(Math.abs(Date.parse(fresh.expiresAt) - (createdAt.getTime() + 70 * 60_000))).toBeLessThan(1_000);
    expect((await putBlob(fresh, Buffer.from("x"))).status).toBe(201);
    expect((await fetch(`${fresh.uploadUrl}?${fresh.uploadSasKey}`)).status).toBe(403);
    const audited = await server.database.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(eq(auditLog.entityId, target.uploadId));
    expect(audited.map((entry) => entry.action).sort()).toEqual(["upload.renew", "upload.request"]);
    // Another administrator: refused.
    expect((await renew(target.uploadId, tokens.admin)).renewed).toMatchObject({
      __typename: "DomainError",
      code: "forbidden",
    });
    // Less than two minutes before the cap: refused, the browser takes a new slot.
    await server.database.db
      .update(uploads)
      .set({ createdAt: new Date(Date.now() - 69 * 60_000) })
      .where(eq(uploads.id, target.uploadId));
    expect((await renew(target.uploadId)).renewed).toEqual({
      __typename: "DomainError",
      message: UPLOAD_RENEW_REFUSED,
      code: "invalid",
    });
    // An upload whose file arrived (completed: queued, then imported or failed): refused.
    const second = (await requestSlot(owner, { kind: "CostCenter", originalFileName: "done.xlsx" })).data;
    if (!second) throw new Error("no second slot");
    expect((await putBlob(second, Buffer.from("x"))).status).toBe(201);
    const completed = await graphqlRequest(server.baseUrl, owner, COMPLETE, { id: second.uploadId });
    expect(completed.body.data?.completeUpload).toMatchObject({ __typename: "MutationCompleteUploadSuccess" });
    expect((await renew(second.uploadId)).renewed?.message).toBe(UPLOAD_RENEW_REFUSED);
  });

  it("answers bad input with the spec's messages and records nothing", async () => {
    const count = async () => (await server.database.db.select({ n: sql<number>`count(*)::int` }).from(uploads))[0]?.n;
    const before = await count();
    expect(await requestSlot(tokens.admin, { kind: "Staff", originalFileName: "staff.pdf" })).toMatchObject({
      message: UPLOAD_MESSAGES.wrongFormat,
      code: "invalid",
    });
    expect(
      await requestSlot(tokens.admin, {
        kind: "Staff",
        originalFileName: "staff.csv",
        fileSize: 100 * 1024 * 1024 + 1,
      }),
    ).toMatchObject({ message: UPLOAD_MESSAGES.fileTooLarge });
    // Found by the fuzz (tests/api/fuzz.test.ts): a negative size answered zod's own "Too small: …".
    for (const fileSize of [-1, -1024]) {
      expect(await requestSlot(tokens.admin, { kind: "Staff", originalFileName: "staff.csv", fileSize })).toMatchObject(
        {
          message: "File size must be a whole number of bytes",
          code: "invalid",
        },
      );
    }
    expect(await requestSlot(tokens.admin, { kind: "CostCenterStaff", originalFileName: "s.xlsx" })).toMatchObject({
      code: "invalid",
    });
    expect(
      await requestSlot(tokens.admin, {
        kind: "CostCenterStaff",
        originalFileName: "s.xlsx",
        costCenterId: randomUUID(),
      }),
    ).toMatchObject({ code: "not_found" });
    const rest = await fetch(`${server.baseUrl}/api/upload/credentials`, {
      method: "POST",
      headers: { authorization: `Bearer ${tokens.admin}`, "content-type": "application/json" },
      body: JSON.stringify({
        facilityId: DEMO_FACILITY_ID,
        userId: DEMO_USER_IDS.admin,
        originalFileName: "a.xlsx",
        type: 7,
      }),
    });
    expect(rest.status).toBe(400);
    expect(await count()).toBe(before);
  });

  it.each([
    ["null", null],
    ["false", false],
    ["empty text", ""],
    ["true", true],
    ["1.0 as text", "1.0"],
    ["missing", undefined],
  ])("(11) loose types: refuses an upload slot of type %s with the spec's message and records nothing", async (_, type) => {
    const count = async () => (await server.database.db.select({ n: sql<number>`count(*)::int` }).from(uploads))[0]?.n;
    const before = await count();
    const response = await fetch(`${server.baseUrl}/api/upload/credentials`, {
      method: "POST",
      headers: { authorization: `Bearer ${tokens.admin}`, "content-type": "application/json" },
      body: JSON.stringify({ facilityId: DEMO_FACILITY_ID, originalFileName: "a.xlsx", type }),
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({
      message: "type must be 0 (cost centers), 1 (staff) or 2 (users)",
      fieldErrors: { type: "type must be 0 (cost centers), 1 (staff) or 2 (users)" },
    });
    expect(await count()).toBe(before);
  });

  it("(11) loose types: takes the type as a number or its digit as text; the template look-up refuses an empty type", async () => {
    for (const type of [0, "0"]) {
      const response = await fetch(`${server.baseUrl}/api/upload/credentials`, {
        method: "POST",
        headers: { authorization: `Bearer ${tokens.admin}`, "content-type": "application/json" },
        body: JSON.stringify({ facilityId: DEMO_FACILITY_ID, originalFileName: "a.xlsx", type }),
      });
      expect(response.status).toBe(200);
    }
    const empty = await fetch(`${server.baseUrl}/api/upload/template?type=`, {
      headers: { authorization: `Bearer ${tokens.admin}` },
    });
    expect(empty.status).toBe(400);
    expect(await empty.json()).toMatchObject({
      message:
        "type must be 0 (cost centers), 1 (staff) or 2 (users); kinds: CostCenter, Staff, Users, CostCenterStaff",
    });
  });

  it("refuses user and exec tokens on every upload call, REST and GraphQL", async () => {
    for (const token of [tokens.user, tokens.exec]) {
      const { body } = await graphqlRequest(server.baseUrl, token, SLOT, {
        input: { kind: "Staff", originalFileName: "a.xlsx" },
      });
      expect(body.errors?.[0]?.extensions?.code).toBe("FORBIDDEN");
      const template = await graphqlRequest(server.baseUrl, token, `{ uploadTemplate(kind: Staff) { templateName } }`);
      expect(template.body.errors?.[0]?.extensions?.code).toBe("FORBIDDEN");
      for (const [method, path, body] of [
        ["POST", "/api/upload/credentials", { originalFileName: "a.xlsx", type: 1 }],
        ["POST", "/api/upload/credentials", { type: 1, templateOnly: true }],
        ["GET", "/api/upload/template?type=1", undefined],
      ] as const) {
        const response = await fetch(`${server.baseUrl}${path}`, {
          method,
          headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
          body: body ? JSON.stringify(body) : undefined,
        });
        expect(response.status, `${method} ${path}`).toBe(403);
      }
    }
  });

  it("lets only the uploader read an upload's status or open its live channel", async () => {
    const slot = await requestSlot(tokens.admin, { kind: "Staff", originalFileName: "mine.xlsx" });
    const uploadId = (slot.data as NonNullable<typeof slot.data>).uploadId;
    // A second administrator of the same facility.
    const { id: otherAdminId, token: otherToken } = await newAdministrator(server);
    const { body } = await graphqlRequest(server.baseUrl, otherToken, STATUS, { id: uploadId });
    expect(body.errors?.[0]?.extensions?.code).toBe("FORBIDDEN");
    const rest = await fetch(`${server.baseUrl}/api/upload?uploadId=${uploadId}`, {
      headers: { authorization: `Bearer ${otherToken}` },
    });
    expect(rest.status).toBe(403);
    const negotiate = await fetch(`${server.baseUrl}/api/negotiate`, {
      method: "POST",
      headers: { authorization: `Bearer ${otherToken}`, "content-type": "application/json" },
      body: JSON.stringify({ userId: otherAdminId, uploadId }),
    });
    expect(negotiate.status).toBe(403);
    await expect(followOverWebSocket(otherToken, uploadId)).rejects.toThrow(/upload/i);
    // The uploader negotiates the channel: the graphql-ws URL and the token to open it with.
    const own = await fetch(`${server.baseUrl}/api/negotiate`, {
      method: "POST",
      headers: { authorization: `Bearer ${tokens.admin}`, "content-type": "application/json" },
      body: JSON.stringify({ userId: DEMO_USER_IDS.admin, uploadId }),
    });
    expect(await own.json()).toEqual({
      accessToken: tokens.admin,
      url: `${server.baseUrl.replace("http", "ws")}/graphql`,
    });
  });
});

describe("templates", () => {
  it("looks up each kind's header, description and a working download link (GraphQL and REST)", async () => {
    const { body } = await graphqlRequest(
      server.baseUrl,
      tokens.admin,
      `{ uploadTemplate(kind: CostCenter) { header description templateName templateDownloadLink } }`,
    );
    const template = body.data?.uploadTemplate as {
      header: string;
      templateName: string;
      templateDownloadLink: string;
    };
    expect(template).toMatchObject({
      header: UPLOAD_TEMPLATES.CostCenter.header,
      templateName: "cost_center_data_file_template.xlsx",
    });
    const download = await fetch(template.templateDownloadLink);
    expect(download.status).toBe(200);
    const book = await workbookOf(download);
    expect(book.worksheets.length).toBeGreaterThan(0);
    const rest = await fetch(`${server.baseUrl}/api/upload/template?type=2`, {
      headers: { authorization: `Bearer ${tokens.admin}` },
    });
    expect(await rest.json()).toMatchObject({ templateName: "users_data_file_template.xlsx" });
    const bad = await fetch(`${server.baseUrl}/api/upload/template?type=9`, {
      headers: { authorization: `Bearer ${tokens.admin}` },
    });
    expect(bad.status).toBe(400);
  });
});
