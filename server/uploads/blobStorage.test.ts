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

it("hands browsers the public blob address with a short-lived create/write SAS for one blob", async () => {
  const target = storage.uploadTarget("facility/upload.csv");
  expect(target.uploadUrl).toBe("http://storage.example:10000/devstoreaccount1/uploads/facility/upload.csv");
  expect((await storage.templateAccess()).templateUrl).toBe("http://storage.example:10000/devstoreaccount1/templates");
  const sas = new URLSearchParams(target.sasToken);
  expect(sas.get("sp")).toBe("cw");
  expect(sas.get("sr")).toBe("b");
  expect(target.expiresOn.getTime() - Date.now()).toBeLessThanOrEqual(15 * 60_000);
  expect(new URLSearchParams((await storage.templateAccess()).sasToken).get("sp")).toBe("r");
});

it("publishes the templates once, at the first template access, and tries again after a failure", async () => {
  let tries = 0;
  const local = await openBlobStorage({
    connectionString: undefined,
    dataDir: undefined,
    browserOrigins: [],
    async publishTemplates(target) {
      tries++;
      if (tries === 1) throw new Error("storage hiccup");
      await target.putTemplate("lazy.xlsx", Buffer.from("template bytes"), "hash-1");
    },
  });
  try {
    expect(tries).toBe(0); // nothing built at start
    await expect(local.templateAccess()).rejects.toThrow("storage hiccup");
    // Two accesses at once share one publication.
    const [first, second] = await Promise.all([local.templateAccess(), local.templateAccess()]);
    expect(tries).toBe(2);
    expect(second.templateUrl).toBe(first.templateUrl);
    const response = await fetch(`${first.templateUrl}/lazy.xlsx?${first.sasToken}`);
    expect(await response.text()).toBe("template bytes");
    await local.templateAccess();
    expect(tries).toBe(2);
  } finally {
    await local.close();
  }
});
