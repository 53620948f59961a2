import { randomBytes } from "node:crypto";
import { writeFileSync } from "node:fs";
import path from "node:path";
import type { Page, Request, Route } from "@playwright/test";
import type ExcelJS from "exceljs";
import { DEMO_FACILITY_ID } from "../../db/seed/demo";
import { UPLOAD_MESSAGES } from "../../schema/uploads";
import { screen } from "./support/graphqlRoute";
import { expect, test, uniqueWord } from "./support/ownData";
import { signIn } from "./support/signIn";
import { downloadTemplate, staffRow } from "./support/templates";

/**
 * The browser sends a file to storage in 4 MiB blocks (issue #15 item 8): a block whose request
 * fails is tried again, and after a connection drop longer than the retries, the user's retry
 * (remove, attach the same file, SUBMIT) sends only the blocks storage does not hold yet, into the
 * same slot. Against the embedded Azurite and the real import worker; the blob requests are seen
 * and cut in `page.route`. The staff land in a cost center of the test's own.
 */

const footer = (page: Page) => page.locator("footer");
const MiB = 1024 * 1024;

/** The staff template, filled with two people, carrying ~17 MiB of random bytes as an unused image: 5 blocks. */
async function bigStaffWorkbook(page: Page, costCenterCode: string, surname: string): Promise<string> {
  const { book, sheet } = await downloadTemplate(page);
  const id = uniqueWord();
  for (const [suffix, firstName, dateOfHire, assignedFte, education] of [
    ["A", "Avery", "03/15/2021", 0.9, "BSN"],
    ["B", "Noor", "2022-07-01", 0.6, undefined],
  ] as const) {
    sheet.addRow(
      staffRow({
        employeeId: `${id}${suffix}`,
        firstName,
        lastName: surname,
        dateOfHire,
        assignedFte,
        staffType: "Regular",
        education,
        costCenterCode,
      }),
    );
  }
  // Random bytes do not deflate: the part keeps its size in the zip. The import reads only the sheets.
  book.addImage({ buffer: randomBytes(17 * MiB) as unknown as ExcelJS.Buffer, extension: "png" });
  // In the test's own output folder, which Playwright empties before each run.
  const file = test.info().outputPath(`${surname}.xlsx`);
  writeFileSync(file, Buffer.from(await book.xlsx.writeBuffer()));
  return file;
}

/** Block PUTs (`?comp=block`) and the commit (`?comp=blocklist`) to the upload container. */
const isBlobWrite = (request: Request) =>
  request.method() === "PUT" && new URL(request.url()).pathname.includes("/devstoreaccount1/uploads/");
const blockIdOf = (request: Request) => new URL(request.url()).searchParams.get("blockid");
const compOf = (request: Request) => new URL(request.url()).searchParams.get("comp");

async function staffNamed(page: Page, surname: string): Promise<string[]> {
  const found = await page.evaluate(async (target) => {
    const response = await fetch(target, {
      headers: { authorization: `Bearer ${sessionStorage.getItem("accessToken")}` },
    });
    return response.json();
  }, `/api/staff/facility/${DEMO_FACILITY_ID}/search?searchTerm=${surname}`);
  return (found as { firstName: string }[]).map((person) => person.firstName).sort();
}

/**
 * Watches the blob writes of an upload in two attempts: in the first, two blocks go through (the
 * first two asked for: four start at once), then the connection is gone and every other block
 * request, tries again included, fails; in the second (`state.attempt = 2`) all goes through.
 */
async function dropConnectionAfterTwoBlocks(page: Page) {
  const state = {
    attempt: 1 as 1 | 2,
    /** Per attempt, the block ids sent (every try). */
    sent: [[], []] as string[][],
    /** Per attempt, the SAS signatures the blob writes carried. */
    signatures: [new Set<string>(), new Set<string>()],
    /** Blocks storage accepted (201). */
    staged: new Set<string>(),
    letThrough: new Set<string>(),
    blobPaths: new Set<string>(),
    commits: 0,
    slotRequests: 0,
    renewals: 0,
  };
  let markTwoBlocksStaged = () => {};
  const twoBlocksStaged = new Promise<void>((resolve) => {
    markTwoBlocksStaged = resolve;
  });
  page.on("request", (request) => {
    if (!request.url().endsWith("/graphql")) return;
    if (request.postData()?.includes("Upload_RequestSlotMutation")) state.slotRequests += 1;
    if (request.postData()?.includes("Upload_RenewSlotMutation")) state.renewals += 1;
  });
  await page.route(
    (url) => url.pathname.includes("/devstoreaccount1/uploads/"),
    async (route: Route) => {
      const request = route.request();
      if (!isBlobWrite(request)) return route.continue();
      const url = new URL(request.url());
      state.blobPaths.add(url.pathname);
      state.signatures[state.attempt - 1]?.add(url.searchParams.get("sig") ?? "");
      if (compOf(request) === "blocklist") {
        state.commits += 1;
        return route.continue();
      }
      const id = atob(blockIdOf(request) ?? "");
      state.sent[state.attempt - 1]?.push(id);
      if (state.attempt === 1) {
        if (!state.letThrough.has(id) && state.letThrough.size < 2) state.letThrough.add(id);
        if (!state.letThrough.has(id)) {
          // The connection drops once the two blocks are in storage, not before: on a busy machine the
          // other blocks' tries could otherwise run out first, and the page would fail before it
          // ever showed the two blocks' progress.
          await twoBlocksStaged;
          return route.abort("internetdisconnected");
        }
      }
      const response = await route.fetch();
      if (response.status() === 201) state.staged.add(id);
      if (state.attempt === 1 && state.staged.size === 2) markTwoBlocksStaged();
      return route.fulfill({ response });
    },
  );
  return state;
}

const ALL_BLOCKS = ["block-000000", "block-000001", "block-000002", "block-000003", "block-000004"];

/** The user's retry: remove the file, attach it again, SUBMIT. */
async function sendAgain(page: Page, file: string) {
  await page.getByRole("button", { name: `Remove ${path.basename(file)}` }).click();
  await page.getByTestId("file-input").setInputFiles(file);
  await footer(page).getByRole("button", { name: "SUBMIT" }).click();
}

test.describe("sending a file in blocks", () => {
  test("a block whose first try fails is tried again: the upload completes and imports", async ({ page, ownUnits }) => {
    const unit = await ownUnits.create("Block Retry Unit", { grant: false });
    await signIn(page, "admin", "/admin/upload/staff");
    const surname = `Blockretry${uniqueWord()}`;
    const file = await bigStaffWorkbook(page, unit.code, surname);

    const tries = new Map<string, number>();
    let commits = 0;
    const failFirstTryOf = new Set<string>();
    await page.route(
      (url) => url.pathname.includes("/devstoreaccount1/uploads/"),
      async (route: Route) => {
        const request = route.request();
        if (!isBlobWrite(request)) return route.continue();
        if (compOf(request) === "blocklist") {
          commits += 1;
          return route.continue();
        }
        const id = blockIdOf(request) ?? "";
        const count = (tries.get(id) ?? 0) + 1;
        tries.set(id, count);
        // The second and fourth blocks' first tries never reach storage.
        if (count === 1 && (atob(id) === "block-000001" || atob(id) === "block-000003")) {
          failFirstTryOf.add(atob(id));
          return route.abort("connectionreset");
        }
        return route.continue();
      },
    );

    await page.getByTestId("file-input").setInputFiles(file);
    await footer(page).getByRole("button", { name: "SUBMIT" }).click();
    await expect(page.getByTestId("top-banner")).toContainText(UPLOAD_MESSAGES.uploaded, { timeout: 30_000 });
    await expect(page.getByTestId("upload-progress")).toHaveText("2 rows imported");
    await screen(page, "upload-blocks-retried");

    expect([...failFirstTryOf].sort()).toEqual(["block-000001", "block-000003"]);
    expect(Object.fromEntries([...tries].map(([id, count]) => [atob(id), count]))).toEqual({
      "block-000000": 1,
      "block-000001": 2,
      "block-000002": 1,
      "block-000003": 2,
      "block-000004": 1,
    });
    expect(commits).toBe(1);
    expect(await staffNamed(page, surname)).toEqual(["Avery", "Noor"]);
  });

  test("a dropped connection: 'Unable to upload file', then the retry sends only the missing blocks", async ({
    page,
    ownUnits,
  }) => {
    const unit = await ownUnits.create("Block Resume Unit", { grant: false });
    await signIn(page, "admin", "/admin/upload/staff");
    const surname = `Blockresume${uniqueWord()}`;
    const file = await bigStaffWorkbook(page, unit.code, surname);
    // The SDK's chunk and its requests to storage run under the app's Content-Security-Policy.
    const violations: string[] = [];
    page.on("console", (message) => {
      if (message.text().includes("Content Security Policy")) violations.push(message.text());
    });
    const state = await dropConnectionAfterTwoBlocks(page);

    await page.getByTestId("file-input").setInputFiles(file);
    await footer(page).getByRole("button", { name: "SUBMIT" }).click();
    // Progress counts the bytes of the blocks storage accepted: two whole 4 MiB blocks (each passes
    // through the test's route handler, which takes a while on a busy machine).
    await expect(page.getByTestId("upload-progress")).toHaveText("Sending… 8.0 MB of 17.0 MB (47%)", {
      timeout: 30_000,
    });
    await screen(page, "upload-sending-blocks");
    await expect(page.getByTestId("upload-error")).toHaveText(UPLOAD_MESSAGES.storageFailed, { timeout: 30_000 });
    await screen(page, "upload-connection-dropped");
    expect(state.commits).toBe(0);
    const stagedBefore = new Set(state.staged);
    expect([...stagedBefore].sort()).toEqual([...state.letThrough].sort());
    expect(stagedBefore.size).toBe(2);

    // The connection is back; the user removes the file, attaches it again and submits.
    state.attempt = 2;
    await sendAgain(page, file);
    await expect(page.getByTestId("top-banner")).toContainText(UPLOAD_MESSAGES.uploaded, { timeout: 30_000 });
    await expect(page.getByTestId("upload-progress")).toHaveText("2 rows imported");

    // Only the blocks storage did not hold were sent again, once each, into the same blob and slot.
    expect([...(state.sent[1] ?? [])].sort()).toEqual(ALL_BLOCKS.filter((id) => !stagedBefore.has(id)));
    expect(state.commits).toBe(1);
    expect(state.slotRequests).toBe(1);
    expect(state.renewals).toBe(0);
    expect(state.blobPaths.size).toBe(1);
    expect(state.signatures[1]).toEqual(state.signatures[0]);
    expect(await staffNamed(page, surname)).toEqual(["Avery", "Noor"]);
    expect(violations).toEqual([]);
  });

  test("a retry after the slot's 15 minutes renews its SAS and still sends only the missing blocks", async ({
    page,
    ownUnits,
  }) => {
    // The page's clock runs on its own; jumping it ahead makes the slot's SAS look spent.
    await page.clock.install();
    const unit = await ownUnits.create("Block Renew Unit", { grant: false });
    await signIn(page, "admin", "/admin/upload/staff");
    const surname = `Blockrenew${uniqueWord()}`;
    const file = await bigStaffWorkbook(page, unit.code, surname);
    const state = await dropConnectionAfterTwoBlocks(page);

    await page.getByTestId("file-input").setInputFiles(file);
    await footer(page).getByRole("button", { name: "SUBMIT" }).click();
    await expect(page.getByTestId("upload-error")).toHaveText(UPLOAD_MESSAGES.storageFailed, { timeout: 30_000 });
    const stagedBefore = new Set(state.staged);
    expect(stagedBefore.size).toBe(2);

    // 15 minutes later (in steps, with a move of the mouse between, so the idle log-out stays away).
    for (let step = 0; step < 3; step++) {
      await page.clock.fastForward("05:00");
      await page.mouse.move(10 + step, 10);
    }
    state.attempt = 2;
    await sendAgain(page, file);
    await expect(page.getByTestId("top-banner")).toContainText(UPLOAD_MESSAGES.uploaded, { timeout: 30_000 });
    await expect(page.getByTestId("upload-progress")).toHaveText("2 rows imported");

    // The same upload and blob, under a new SAS; only the missing blocks, once each.
    expect(state.renewals).toBe(1);
    expect(state.slotRequests).toBe(1);
    expect(state.blobPaths.size).toBe(1);
    expect(state.signatures[1]?.size).toBe(1);
    expect([...(state.signatures[1] ?? [])].some((signature) => state.signatures[0]?.has(signature))).toBe(false);
    expect([...(state.sent[1] ?? [])].sort()).toEqual(ALL_BLOCKS.filter((id) => !stagedBefore.has(id)));
    expect(state.commits).toBe(1);
    expect(await staffNamed(page, surname)).toEqual(["Avery", "Noor"]);
  });
});
