import { afterAll, beforeAll, expect, it } from "vitest";
import { type BlobStorage, openBlobStorage } from "./blobStorage";

let storage: BlobStorage;

beforeAll(async () => {
  storage = await openBlobStorage({
    connectionString: undefined,
    dataDir: undefined,
    browserOrigins: ["http://localhost:4000"],
    publicBlobUrl: "http://storage.example:10000/devstoreaccount1",
  });
});
afterAll(() => storage?.close());

it("hands browsers the public blob address with a short-lived create/write SAS for one blob", () => {
  const target = storage.uploadTarget("facility/upload.csv");
  expect(target.uploadUrl).toBe("http://storage.example:10000/devstoreaccount1/uploads/facility/upload.csv");
  expect(storage.templateAccess().templateUrl).toBe("http://storage.example:10000/devstoreaccount1/templates");
  const sas = new URLSearchParams(target.sasToken);
  expect(sas.get("sp")).toBe("cw");
  expect(sas.get("sr")).toBe("b");
  expect(target.expiresOn.getTime() - Date.now()).toBeLessThanOrEqual(15 * 60_000);
  expect(new URLSearchParams(storage.templateAccess().sasToken).get("sp")).toBe("r");
});
