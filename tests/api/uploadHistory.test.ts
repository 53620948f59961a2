import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { facilities, organizations, uploads } from "../../db/schema";
import { demoId } from "../../db/seed/demo";
import { UPLOAD_COLUMNS, UPLOAD_TYPE_MESSAGE, type UploadKind } from "../../schema/uploads";
import { UPLOAD_HISTORY_KINDS_MESSAGE, UPLOAD_HISTORY_LIMIT_MESSAGE } from "../../server/services/uploadHistory";
import { graphqlRequest } from "../support/graphql";
import { startTestServer, type TestServer } from "../support/server";
import { demoAccountTokens, newAdministrator } from "../support/tokens";

/**
 * The upload history (issue #15 item 4): the facility's past uploads, latest first, with file,
 * size, uploader, cost center, status and first problems. Admins of the facility only.
 */

let server: TestServer;
let tokens: Awaited<ReturnType<typeof demoAccountTokens>>;
/** A second administrator of the demo facility, and their token. */
let otherAdmin: { id: string; token: string };
/** The administrator of a facility of another organisation, and their token. */
let elsewhereAdmin: { id: string; token: string };

const OTHER_ORG = randomUUID();
const OTHER_FACILITY = randomUUID();
/** The seed's first cost center (6010 in the demo data). */
const COST_CENTER_ID = demoId("costCenter", 1);

beforeAll(async () => {
  server = await startTestServer();
  tokens = await demoAccountTokens(server);
  const db = server.database.db;
  otherAdmin = await newAdministrator(server, { firstName: "Hazel", lastName: "Historian" });
  // A second facility (of another organisation) with an admin and an upload of its own.
  await db.insert(organizations).values({ id: OTHER_ORG, name: "Elsewhere Health" });
  await db.insert(facilities).values({ id: OTHER_FACILITY, organizationId: OTHER_ORG, name: "Elsewhere General" });
  elsewhereAdmin = await newAdministrator(server, {
    firstName: "Elsie",
    lastName: "Where",
    organizationId: OTHER_ORG,
    facilityId: OTHER_FACILITY,
  });
  await db.insert(uploads).values({
    facilityId: OTHER_FACILITY,
    userId: elsewhereAdmin.id,
    kind: "CostCenter",
    originalFileName: "elsewhere-cost-centers.csv",
    blobName: `${OTHER_FACILITY}/${randomUUID()}.csv`,
    status: "Success",
    fileSize: 321,
  });
});
afterAll(() => server?.close());

const HISTORY = `query History($kinds: [UploadKind!], $first: Int) {
  uploadHistory(kinds: $kinds, first: $first) {
    id kind status originalFileName fileSize rowsProcessed errorCount createdAt completedAt
    uploadedBy { id name }
    costCenter { id code name }
    firstErrors { message row column }
  }
}`;
const SLOT = `mutation Slot($input: UploadSlotInput!) {
  requestUploadSlot(input: $input) {
    __typename
    ... on MutationRequestUploadSlotSuccess { data { uploadId uploadUrl uploadSasKey } }
    ... on DomainError { message }
  }
}`;
const COMPLETE = `mutation Complete($id: ID!) { completeUpload(uploadId: $id) { __typename } }`;
const STATUS = `query Status($id: ID!) { upload(id: $id) { status } }`;

type Entry = {
  id: string;
  kind: UploadKind;
  status: string;
  originalFileName: string;
  fileSize: number | null;
  rowsProcessed: number;
  errorCount: number;
  createdAt: string;
  completedAt: string | null;
  uploadedBy: { id: string; name: string };
  costCenter: { id: string; code: string; name: string } | null;
  firstErrors: { message: string; row: number | null; column: number | null }[];
};

async function history(token: string, variables: Record<string, unknown> = {}) {
  const { body } = await graphqlRequest(server.baseUrl, token, HISTORY, variables);
  return { entries: (body.data?.uploadHistory ?? null) as Entry[] | null, errors: body.errors };
}

/** A .csv of the kind's header row and the rows given. */
function csv(kind: UploadKind, rows: string[][]): Buffer {
  const header = UPLOAD_COLUMNS[kind].map((c) => c.header);
  return Buffer.from([header, ...rows].map((row) => row.join(",")).join("\r\n"));
}

async function slot(token: string, input: Record<string, unknown>) {
  const { body } = await graphqlRequest(server.baseUrl, token, SLOT, { input });
  const answer = body.data?.requestUploadSlot as {
    data?: { uploadId: string; uploadUrl: string; uploadSasKey: string };
  };
  if (!answer?.data) throw new Error(`no slot: ${JSON.stringify(body)}`);
  return answer.data;
}

/** Slot → PUT to Azurite → complete → the import's end, as the browser does it; the upload's id. */
async function uploadFile(token: string, kind: UploadKind, fileName: string, content: Buffer) {
  const target = await slot(token, { kind, originalFileName: fileName, fileSize: content.length });
  const put = await fetch(`${target.uploadUrl}?${target.uploadSasKey}`, {
    method: "PUT",
    body: new Uint8Array(content),
    headers: { "x-ms-blob-type": "BlockBlob" },
  });
  expect(put.status).toBe(201);
  await graphqlRequest(server.baseUrl, token, COMPLETE, { id: target.uploadId });
  await expect
    .poll(
      async () =>
        (
          (await graphqlRequest(server.baseUrl, token, STATUS, { id: target.uploadId })).body.data?.upload as {
            status: string;
          }
        )?.status,
      { timeout: 20_000, interval: 200 },
    )
    .toMatch(/Success|Error/);
  return target.uploadId;
}

describe("upload history", () => {
  it("lists the facility's uploads latest first: file, size, uploader, cost center, status, first problems", async () => {
    const tag = randomUUID().slice(0, 8);
    const good = csv("CostCenter", [
      ["8801", `History Good ${tag}`, "0.2"],
      ["8802", `History Good Two ${tag}`, ""],
    ]);
    const goodId = await uploadFile(tokens.admin, "CostCenter", `good-${tag}.csv`, good);
    const bad = csv("CostCenter", [
      ["88-01", "Bad Number", ""],
      ["8803", "", ""],
      ["8804", "FTE Too High", "2"],
      ["88-05", "Bad Again", ""],
    ]);
    const badId = await uploadFile(tokens.admin, "CostCenter", `bad-${tag}.csv`, bad);
    // Another admin of the facility asks for a cost center's staff upload and never sends it.
    const pending = await slot(otherAdmin.token, {
      kind: "CostCenterStaff",
      costCenterId: COST_CENTER_ID,
      originalFileName: `staff-${tag}.xlsx`,
      fileSize: 4096,
    });

    const { entries, errors } = await history(tokens.admin);
    expect(errors).toBeUndefined();
    const list = entries as Entry[];
    const mine = list.filter((entry) => entry.originalFileName.includes(tag));
    expect(mine.map((entry) => entry.id)).toEqual([pending.uploadId, badId, goodId]);
    const times = list.map((entry) => Date.parse(entry.createdAt));
    expect(times).toEqual([...times].sort((a, b) => b - a));

    const [staff, failed, succeeded] = mine as [Entry, Entry, Entry];
    expect(succeeded).toMatchObject({
      kind: "CostCenter",
      status: "Success",
      fileSize: good.length,
      rowsProcessed: 2,
      errorCount: 0,
      firstErrors: [],
      costCenter: null,
      uploadedBy: { name: "Alex Morgan" },
    });
    expect(succeeded.completedAt).not.toBeNull();
    expect(failed).toMatchObject({ status: "Error", fileSize: bad.length });
    expect(failed.errorCount).toBeGreaterThanOrEqual(4);
    expect(failed.firstErrors).toHaveLength(3);
    expect(failed.firstErrors[0]).toMatchObject({ row: 2, column: 1 });
    expect(staff).toMatchObject({
      kind: "CostCenterStaff",
      status: "Pending",
      fileSize: 4096,
      completedAt: null,
      uploadedBy: { id: otherAdmin.id, name: "Hazel Historian" },
      costCenter: { id: COST_CENTER_ID, code: expect.any(String), name: expect.any(String) },
    });

    // Narrowed by kind, and to the latest few.
    const costCenterOnly = (await history(tokens.admin, { kinds: ["CostCenter"] })).entries as Entry[];
    expect(costCenterOnly.every((entry) => entry.kind === "CostCenter")).toBe(true);
    expect(costCenterOnly.map((entry) => entry.id)).toEqual(expect.arrayContaining([goodId, badId]));
    const staffKinds = (await history(tokens.admin, { kinds: ["Staff", "CostCenterStaff"] })).entries as Entry[];
    expect(staffKinds.map((entry) => entry.id)).toContain(pending.uploadId);
    expect(staffKinds.map((entry) => entry.id)).not.toContain(goodId);
    expect((await history(tokens.admin, { first: 1 })).entries?.map((entry) => entry.id)).toEqual([pending.uploadId]);

    // The REST shim: type 1 is every staff file, whole facility and per cost center.
    const rest = await fetch(`${server.baseUrl}/api/upload/history?type=1`, {
      headers: { authorization: `Bearer ${tokens.admin}` },
    });
    expect(rest.status).toBe(200);
    const restList = (await rest.json()) as { uploadId: string; kind: string }[];
    expect(restList.map((entry) => entry.uploadId)).toContain(pending.uploadId);
    expect(restList.every((entry) => entry.kind === "Staff" || entry.kind === "CostCenterStaff")).toBe(true);
  });

  it("shows each facility only its own uploads", async () => {
    const ours = (await history(tokens.admin)).entries as Entry[];
    expect(ours.map((entry) => entry.originalFileName)).not.toContain("elsewhere-cost-centers.csv");
    const theirs = (await history(elsewhereAdmin.token)).entries as Entry[];
    expect(theirs.map((entry) => entry.originalFileName)).toEqual(["elsewhere-cost-centers.csv"]);
    expect(theirs[0]).toMatchObject({ uploadedBy: { name: "Elsie Where" }, fileSize: 321 });
  });

  it("refuses user and executive accounts, over GraphQL and REST", async () => {
    for (const token of [tokens.user, tokens.exec]) {
      const { entries, errors } = await history(token);
      expect(entries).toBeNull();
      expect(errors?.[0]?.extensions?.code).toBe("FORBIDDEN");
      const rest = await fetch(`${server.baseUrl}/api/upload/history`, {
        headers: { authorization: `Bearer ${token}` },
      });
      expect(rest.status).toBe(403);
    }
    const anonymous = await graphqlRequest(server.baseUrl, undefined, HISTORY);
    expect(anonymous.body.data?.uploadHistory ?? null).toBeNull();
  });

  it("answers bad input with a clear message", async () => {
    const unknownKind = await history(tokens.admin, { kinds: ["Invoices"] });
    expect(unknownKind.entries).toBeNull();
    expect(unknownKind.errors?.[0]?.message).toMatch(/"Invoices".*UploadKind/);
    const noKinds = await history(tokens.admin, { kinds: [] });
    expect(noKinds.errors?.[0]).toMatchObject({
      message: UPLOAD_HISTORY_KINDS_MESSAGE,
      extensions: { code: "INVALID" },
    });
    for (const first of [0, 501, -3]) {
      const { errors } = await history(tokens.admin, { first });
      expect(errors?.[0]?.message, `first ${first}`).toBe(UPLOAD_HISTORY_LIMIT_MESSAGE);
    }
    for (const [query, message] of [
      ["type=7", UPLOAD_TYPE_MESSAGE],
      ["type=staff", UPLOAD_TYPE_MESSAGE],
      ["first=abc", UPLOAD_HISTORY_LIMIT_MESSAGE],
      ["first=1000", UPLOAD_HISTORY_LIMIT_MESSAGE],
    ] as const) {
      const rest = await fetch(`${server.baseUrl}/api/upload/history?${query}`, {
        headers: { authorization: `Bearer ${tokens.admin}` },
      });
      expect(rest.status, query).toBe(400);
      expect(((await rest.json()) as { message: string }).message, query).toBe(message);
    }
  });
});
