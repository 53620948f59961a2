import { mkdirSync, truncateSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { Page } from "@playwright/test";
import { DEMO_FACILITY_ID } from "../../db/seed/demo";
import { UPLOAD_MESSAGES } from "../../schema/uploads";
import { answerOperation, screen } from "./support/graphqlRoute";
import { expect, test } from "./support/ownData";
import { signIn, signInAndExpectHeading } from "./support/signIn";
import { downloadTemplate, staffRow } from "./support/templates";
import { installTimingProbe, lastAt, timingEvents } from "./support/timing";

/**
 * Bulk uploads end to end in Chromium against the embedded Azurite and the real import worker
 * (spec §2 file upload screen and upload dialog, §4, §5, §8, §9): download the template, fill it,
 * send it straight to storage, follow the import live, see the rows. Every cost center and person
 * the files bring in is the test's own (numbers and names unique to the try); staff and users go
 * into cost centers of the test's own, never into the demo's.
 */

const stamp = (Date.now() % 1_000_000).toString().padStart(6, "0");
const footer = (page: Page) => page.locator("footer");
const tmpDir = path.resolve(".tmp/e2e-upload-files");

/** Downloads the template through its link on the page and fills its data sheet with rows. */
async function fillDownloadedTemplate(page: Page, rows: (string | number | null)[][]): Promise<Buffer> {
  const { book, sheet } = await downloadTemplate(page);
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await book.xlsx.writeBuffer());
}

async function attach(page: Page, name: string, buffer: Buffer) {
  await page.getByTestId("file-input").setInputFiles({
    name,
    mimeType: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
    buffer,
  });
}

/** The signed-in page's own REST call (same token the app uses). */
async function apiGet<T>(page: Page, url: string): Promise<T> {
  return page.evaluate(async (target) => {
    const token = sessionStorage.getItem("accessToken");
    const response = await fetch(target, { headers: { authorization: `Bearer ${token}` } });
    return response.json();
  }, url);
}

test.describe("the admin upload screen", () => {
  test("cost centers: template, file, live status, 'File uploaded successfully.' for 8 s, landing after 3 s", async ({
    page,
  }) => {
    await installTimingProbe(page, ["top-banner"]);
    await signInAndExpectHeading(page, "admin", "/admin/upload/cost-center", "UPLOAD COST CENTER DATA FILE");
    await expect(page.getByText("Upload cost center data file to import information")).toBeVisible();
    await expect(page.getByTestId("template-name")).toHaveText("cost_center_data_file_template.xlsx");
    const submit = footer(page).getByRole("button", { name: "SUBMIT" });
    await expect(submit).toBeDisabled();
    await expect(footer(page).getByRole("button", { name: "BACK" })).toBeVisible();

    const code = `9${stamp}`;
    const content = await fillDownloadedTemplate(page, [[code, "Telemetry East", 0.2]]);
    await attach(page, "cost-centers.xlsx", content);
    await expect(page.getByTestId("attached-file")).toContainText("cost-centers.xlsx");
    await expect(submit).toBeEnabled();
    await screen(page, "upload-attached");
    await submit.click();
    await expect(page.getByTestId("top-banner")).toContainText(UPLOAD_MESSAGES.uploaded);
    await expect(page.getByTestId("upload-done")).toBeVisible();
    await expect(page.getByTestId("upload-progress")).toHaveText("1 rows imported");
    await screen(page, "upload-succeeded");
    await expect(submit).toBeDisabled();
    await expect(page).toHaveURL(/\/admin\/landing$/, { timeout: 10_000 });
    // The banner outlives the page: still there on the landing page, gone 8 s after it showed.
    await expect(page.getByTestId("top-banner")).toContainText(UPLOAD_MESSAGES.uploaded);
    await expect(page.getByTestId("top-banner")).toHaveCount(0, { timeout: 10_000 });
    const events = await timingEvents(page);
    const shown = lastAt(events, (e) => e.kind === "shown" && e.text.includes(UPLOAD_MESSAGES.uploaded));
    const landed = lastAt(events, (e) => e.kind === "path" && e.path === "/admin/landing");
    const hidden = lastAt(events, (e) => e.kind === "hidden" && e.testId === "top-banner");
    expect(landed - shown).toBeGreaterThanOrEqual(2950);
    expect(landed - shown).toBeLessThan(3500);
    expect(hidden - shown).toBeGreaterThanOrEqual(7950);
    expect(hidden - shown).toBeLessThan(8500);

    // The new cost center is in the maintenance lists.
    await page.goto("/admin/cost-center-maintenance");
    await page.getByTestId("pick-your-option").selectOption({ label: "Update Cost Center" });
    await expect(
      page.getByLabel("Cost center number", { exact: true }).locator("option", { hasText: code }),
    ).toHaveCount(1);
  });

  test("staff: rows land in the facility and employee search finds them", async ({ page, ownUnits }) => {
    const unit = await ownUnits.create("Staff Upload Unit", { grant: false });
    await signInAndExpectHeading(page, "admin", "/admin/upload/staff", "UPLOAD STAFF DATA FILE");
    const content = await fillDownloadedTemplate(page, [
      staffRow({
        employeeId: `E2E-${stamp}1`,
        firstName: "Avery",
        lastName: "Lindqvist",
        dateOfHire: "03/15/2021",
        assignedFte: 0.9,
        staffType: "Regular",
        education: "BSN",
        // A cost center of the test's own: no demo cost center gains staff.
        costCenterCode: unit.code,
      }),
      staffRow({
        employeeId: `E2E-${stamp}2`,
        firstName: "Noor",
        lastName: "Lindqvist",
        dateOfHire: "2022-07-01",
        assignedFte: 0.6,
        staffType: "Traveller",
        contractEndDate: "12/31/2026",
      }),
    ]);
    await attach(page, "staff.xlsx", content);
    await footer(page).getByRole("button", { name: "SUBMIT" }).click();
    await expect(page.getByTestId("top-banner")).toContainText(UPLOAD_MESSAGES.uploaded);
    const found = await apiGet<unknown[]>(page, `/api/staff/facility/${DEMO_FACILITY_ID}/search?searchTerm=Lindqvist`);
    expect(JSON.stringify(found)).toContain("Avery");
    expect(JSON.stringify(found)).toContain("Noor");
  });

  test("users: the users are created with their cost-center permissions", async ({ page, ownUnits }) => {
    const unit = await ownUnits.create("Users Upload Unit", { grant: false });
    await signInAndExpectHeading(page, "admin", "/admin/upload/users", "UPLOAD USERS DATA FILE");
    const email = `avery.${stamp}@demo.hospital`;
    const content = await fillDownloadedTemplate(page, [
      [email, "Avery", null, "Okafor", null, "Charge Nurse", "User", "No", unit.code, 0.5, "No", "No"],
    ]);
    await attach(page, "users.xlsx", content);
    await footer(page).getByRole("button", { name: "SUBMIT" }).click();
    await expect(page.getByTestId("top-banner")).toContainText(UPLOAD_MESSAGES.uploaded);
    const listed = await apiGet<unknown[]>(page, `/api/user/facility/${DEMO_FACILITY_ID}`);
    expect(JSON.stringify(listed)).toContain(email);
  });

  test("a bad file: every problem listed as 'message at row N, column M', the file can be removed", async ({
    page,
  }) => {
    await signIn(page, "admin", "/admin/upload/staff");
    const content = await fillDownloadedTemplate(page, [
      [`BAD-${stamp}`, "Robin", null, "Vale", null, "02/30/2021", 2, "Regular", null, null, null, null, null],
      [`BAD-${stamp}`, "Robin", null, "Vale", null, "01/10/2021", 0.5, "Traveller", null, null, null, null, null],
    ]);
    await attach(page, "bad-staff.xlsx", content);
    await footer(page).getByRole("button", { name: "SUBMIT" }).click();
    const box = page.getByTestId("upload-error");
    await expect(box).toContainText(UPLOAD_MESSAGES.attachmentFailedPrefix);
    await expect(box).toContainText(/at row 2, column 6/);
    await expect(box).toContainText(/at row 2, column 7/);
    await expect(box).toContainText(/at row 3, column 9/);
    await screen(page, "upload-errors");
    await expect(footer(page).getByRole("button", { name: "SUBMIT" })).toBeDisabled();
    await page.getByRole("button", { name: "Remove bad-staff.xlsx" }).click();
    await expect(page.getByTestId("drop-zone")).toBeVisible();
    await expect(box).toHaveCount(0);
    const found = await apiGet<unknown[]>(
      page,
      `/api/staff/facility/${DEMO_FACILITY_ID}/search?searchTerm=BAD-${stamp}`,
    );
    expect(found).toEqual([]);
  });

  test("the picker refuses other formats and files over 100 MB with the spec's texts", async ({ page }) => {
    await signIn(page, "admin", "/admin/upload/users");
    await page
      .getByTestId("file-input")
      .setInputFiles({ name: "users.pdf", mimeType: "application/pdf", buffer: Buffer.from("%PDF") });
    await expect(page.getByTestId("upload-error")).toHaveText(UPLOAD_MESSAGES.wrongFormat);
    await expect(footer(page).getByRole("button", { name: "SUBMIT" })).toBeDisabled();
    mkdirSync(tmpDir, { recursive: true });
    const big = path.join(tmpDir, "too-big.csv");
    writeFileSync(big, "");
    truncateSync(big, 100 * 1024 * 1024 + 1);
    await page.getByTestId("file-input").setInputFiles(big);
    await expect(page.getByTestId("upload-error")).toHaveText(UPLOAD_MESSAGES.fileTooLarge);
    await expect(footer(page).getByRole("button", { name: "SUBMIT" })).toBeDisabled();
  });

  test("a file dropped on the zone is attached; a dropped PDF is refused in the spec's words", async ({ page }) => {
    await signIn(page, "admin", "/admin/upload/users");
    const accepts = await page.getByTestId("file-input").getAttribute("accept");
    expect(accepts?.split(",")).toEqual(expect.arrayContaining([".csv", ".xlsx"]));
    // A real drag from the desktop, through Chromium's input layer (a synthetic DataTransfer carries
    // no file entries, so a drop zone that reads them would see nothing).
    mkdirSync(tmpDir, { recursive: true });
    const cdp = await page.context().newCDPSession(page);
    const drop = async (name: string) => {
      const file = path.join(tmpDir, name);
      writeFileSync(file, "Email\n");
      const zone = await page.getByTestId("drop-zone").boundingBox();
      if (!zone) throw new Error("The drop zone is not on screen");
      const at = { x: zone.x + zone.width / 2, y: zone.y + zone.height / 2 };
      const data = { items: [], files: [file], dragOperationsMask: 1 };
      for (const type of ["dragEnter", "dragOver", "drop"] as const) {
        await cdp.send("Input.dispatchDragEvent", { type, ...at, data });
      }
    };
    await drop("users.pdf");
    await expect(page.getByTestId("upload-error")).toHaveText(UPLOAD_MESSAGES.wrongFormat);
    await expect(footer(page).getByRole("button", { name: "SUBMIT" })).toBeDisabled();
    await drop("dropped-users.csv");
    await expect(page.getByRole("button", { name: "Remove dropped-users.csv" })).toBeVisible();
    await expect(page.getByTestId("upload-error")).toHaveCount(0);
    await expect(footer(page).getByRole("button", { name: "SUBMIT" })).toBeEnabled();
  });

  test("'Unable to upload file' when storage refuses the file", async ({ page }) => {
    await signIn(page, "admin", "/admin/upload/cost-center");
    await page.route("**/devstoreaccount1/uploads/**", (route) => route.abort("connectionrefused"));
    await attach(page, "cc.xlsx", await fillDownloadedTemplate(page, [[`7${stamp}`, "Never Stored", null]]));
    await footer(page).getByRole("button", { name: "SUBMIT" }).click();
    await expect(page.getByTestId("upload-error")).toHaveText(UPLOAD_MESSAGES.storageFailed);
  });

  test("after 3 polls without a result: 'An unexpected error occurred. Please try again'", async ({ page }) => {
    await page.clock.install();
    await signIn(page, "admin", "/admin/upload/cost-center");
    // The import is never queued (the completion call is answered without reaching the server),
    // and the live channel stays silent: only the 30-second polls remain, and they see no progress.
    await answerOperation(page, "Upload_CompleteMutation", {
      completeUpload: {
        __typename: "MutationCompleteUploadSuccess",
        data: { __typename: "Upload", id: "x", status: "Pending" },
      },
    });
    await page.routeWebSocket(/\/graphql$/, () => {});
    await attach(page, "cc.xlsx", await fillDownloadedTemplate(page, [[`6${stamp}`, "Stuck", null]]));
    await footer(page).getByRole("button", { name: "SUBMIT" }).click();
    await expect(page.getByTestId("upload-progress")).toHaveText("Sent. Waiting for the import to start…");
    // The bar is named for what it measures (no share known yet: no value).
    const bar = page.getByRole("progressbar", { name: "Importing the rows" });
    await expect(bar).toBeVisible();
    await expect(bar).not.toHaveAttribute("aria-valuenow");
    for (let poll = 0; poll < 3; poll++) await page.clock.runFor(30_000);
    await expect(page.getByTestId("upload-error")).toHaveText(UPLOAD_MESSAGES.noResult);
  });
});

test.describe("the per-cost-center Upload dialog", () => {
  test("a new cost center's staff: dialog texts, UPLOAD → CONTINUE, the UPLOADED badge", async ({ page }) => {
    await signIn(page, "admin", "/admin/cost-center-maintenance");
    await page.getByTestId("pick-your-option").selectOption({ label: "Add New Cost Center" });
    const code = `5${stamp}`;
    const form = page.getByRole("form", { name: "Add New Cost Center" });
    await form.getByPlaceholder("Enter cost center number").fill(code);
    await form.getByPlaceholder("Enter cost center name").fill("Dialog Unit");
    await form.getByRole("button", { name: "Add Cost Center" }).click();
    const row = page.getByTestId("added-cost-center").filter({ hasText: code });
    await row.getByRole("button", { name: `Upload staff file for ${code}` }).click();

    const dialog = page.getByTestId("upload-dialog");
    await expect(dialog.getByRole("heading", { name: "Upload file" })).toBeVisible();
    await expect(dialog.getByText("Download the attached staff data template below")).toBeVisible();
    await expect(dialog.getByText(/Max file size: 100mb/)).toBeVisible();
    await expect(dialog.getByRole("button", { name: "UPLOAD" })).toBeDisabled();
    await expect(dialog.getByRole("checkbox", { name: /Update staff/ })).toBeVisible();
    await expect(dialog.getByRole("checkbox", { name: /Remove staff/ })).toBeVisible();

    const content = await fillDownloadedTemplate(page, [
      [`DLG-${stamp}`, "Sasha", null, "Ferreira", null, "05/02/2020", 0.8, "Regular", null, null, null, null, 0.8],
    ]);
    await attach(page, "dialog-staff.xlsx", content);
    await expect(dialog.getByRole("button", { name: "UPLOAD" })).toBeEnabled();
    await page.screenshot({ path: "test-results/screens/upload-dialog-attached.png", animations: "disabled" });
    await dialog.getByRole("button", { name: "UPLOAD" }).click();
    await expect(dialog.getByRole("button", { name: "CONTINUE" })).toBeVisible();
    await expect(dialog.getByTestId("upload-done")).toBeVisible();
    await dialog.getByRole("button", { name: "CONTINUE" }).click();
    await expect(dialog).toHaveCount(0);
    await expect(row.getByTestId("uploaded-badge")).toHaveText("UPLOADED");
  });

  test("a failed upload shows the error and clears the file; CANCEL closes", async ({ page }) => {
    await signIn(page, "admin", "/admin/cost-center-maintenance");
    await page.getByTestId("pick-your-option").selectOption({ label: "Update Cost Center" });
    await page.getByLabel("Cost center number", { exact: true }).selectOption({ label: "6010" });
    await page.getByRole("button", { name: "Upload staff file for 6010" }).click();
    const dialog = page.getByTestId("upload-dialog");
    const content = await fillDownloadedTemplate(page, [
      [`DLG-BAD-${stamp}`, "Sasha", null, "Ferreira", null, "not a date", 0.8, "Regular", null, null, null, null, 0.8],
    ]);
    await attach(page, "bad.xlsx", content);
    await dialog.getByRole("button", { name: "UPLOAD" }).click();
    await expect(dialog.getByTestId("upload-error")).toContainText(/Attachment failed, .* at row 2, column 6/);
    await expect(dialog.getByTestId("attached-file")).toHaveCount(0);
    await expect(dialog.getByRole("button", { name: "UPLOAD" })).toBeDisabled();
    await dialog.getByRole("button", { name: "CANCEL" }).click();
    await expect(dialog).toHaveCount(0);
  });
});
