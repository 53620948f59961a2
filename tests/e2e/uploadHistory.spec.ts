import type { Page } from "@playwright/test";
import { UPLOAD_COLUMNS, UPLOAD_MESSAGES } from "../../schema/uploads";
import { expectNoSeriousAxeFindings } from "./support/accessibility";
import { answerOperation, screen } from "./support/graphqlRoute";
import { expect, mutate, test } from "./support/ownData";
import { signIn } from "./support/signIn";

/**
 * The upload history on the admin upload screen (issue #15 item 4): each file sent is listed with
 * its result, through the app's one table (sort, filter, pages). The good file only re-states a
 * cost center of the test's own (an existing number updates it), so nothing else changes.
 */

const stamp = `${Date.now().toString(36)}${Math.floor(Math.random() * 1296).toString(36)}`;
const footer = (page: Page) => page.locator("footer");
const history = (page: Page) => page.getByRole("region", { name: "Upload history" });
const rows = (page: Page) => history(page).getByTestId("upload-history-row");
const rowOf = (page: Page, fileName: string) => rows(page).filter({ hasText: fileName });

/** A cost centers .csv: the template's header row and the rows given. */
function costCenterCsv(rowsOfFile: string[][]): Buffer {
  const header = UPLOAD_COLUMNS.CostCenter.map((column) => column.header);
  return Buffer.from(`${[header, ...rowsOfFile].map((row) => row.join(",")).join("\r\n")}\r\n`);
}

async function attach(page: Page, name: string, buffer: Buffer) {
  await page.getByTestId("file-input").setInputFiles({ name, mimeType: "text/csv", buffer });
}

test.describe("upload history", () => {
  test("lists a good and a bad file with their results; sorts, filters and passes axe", async ({ page, ownUnits }) => {
    const unit = await ownUnits.create("History Unit", { grant: false });
    const goodName = `history-good-${stamp}.csv`;
    const badName = `history-bad-${stamp}.csv`;
    await signIn(page, "admin", "/admin/upload/cost-center");
    await expect(history(page).getByRole("heading", { level: 2, name: "Upload history" })).toBeVisible();

    // A good file: imported, and listed as Succeeded (the screen goes to the landing page after 3 s).
    await attach(page, goodName, costCenterCsv([[unit.code, unit.name, ""]]));
    await footer(page).getByRole("button", { name: "SUBMIT" }).click();
    await expect(page.getByTestId("top-banner")).toContainText(UPLOAD_MESSAGES.uploaded);
    await expect(page).toHaveURL(/\/admin\/landing$/, { timeout: 10_000 });

    // A bad file: refused as a whole; the history shows it at once, beside the error box.
    await page.goto("/admin/upload/cost-center");
    await expect(rowOf(page, goodName)).toBeVisible();
    await attach(
      page,
      badName,
      costCenterCsv([
        ["12-34", "Bad Number", ""],
        [unit.code, "", ""],
      ]),
    );
    await footer(page).getByRole("button", { name: "SUBMIT" }).click();
    await expect(page.getByTestId("upload-error")).toContainText(UPLOAD_MESSAGES.attachmentFailedPrefix);
    await expect(rowOf(page, badName).getByTestId("upload-status")).toHaveText("Failed");
    await expect(rowOf(page, badName)).toContainText("2 problems; nothing imported");
    await expect(rowOf(page, badName)).toContainText(/at row 2, column 1/);
    await expect(rowOf(page, badName)).toContainText("Alex Morgan");
    await expect(rowOf(page, goodName).getByTestId("upload-status")).toHaveText("Succeeded");
    await expect(rowOf(page, goodName)).toContainText("1 row imported");
    // When, in the facility's time zone with its label (the demo facility is US/Eastern).
    await expect(rowOf(page, goodName).locator("td").first()).toHaveText(/\d{4}, \d{1,2}:\d{2} [AP]M E[SD]T$/);

    // Newest first by default.
    const uploaded = history(page).getByRole("columnheader", { name: "Uploaded", exact: true });
    await expect(uploaded).toHaveAttribute("aria-sort", "descending");
    const filter = history(page).getByLabel("Filter uploads");
    await filter.fill(stamp);
    await expect(rows(page)).toHaveCount(2);
    await expect(rows(page).nth(0)).toContainText(badName);
    await expect(rows(page).nth(1)).toContainText(goodName);
    await expect(history(page).getByTestId("table-range")).toContainText("Showing 1–2 of 2");

    // Sorted by file name: ascending, then descending.
    const fileHeader = history(page).getByRole("columnheader", { name: "File", exact: true });
    await fileHeader.getByRole("button").click();
    await expect(fileHeader).toHaveAttribute("aria-sort", "ascending");
    await expect(uploaded).toHaveAttribute("aria-sort", "none");
    await expect(rows(page).nth(0)).toContainText(badName);
    await fileHeader.getByRole("button").click();
    await expect(fileHeader).toHaveAttribute("aria-sort", "descending");
    await expect(rows(page).nth(0)).toContainText(goodName);

    // Sorted by status: Failed before Succeeded.
    const statusHeader = history(page).getByRole("columnheader", { name: "Status", exact: true });
    await statusHeader.getByRole("button").click();
    await expect(statusHeader).toHaveAttribute("aria-sort", "ascending");
    await expect(rows(page).nth(0).getByTestId("upload-status")).toHaveText("Failed");
    await screen(page, "upload-history");
    await expectNoSeriousAxeFindings(page, "the upload screen with its history");

    // Filtered by the good file's name only, then by something no upload has.
    await filter.fill(goodName);
    await expect(rows(page)).toHaveCount(1);
    await expect(rows(page).first()).toContainText(goodName);
    await filter.fill(`nothing-${stamp}`);
    await expect(rows(page)).toHaveCount(0);
    await expect(history(page).getByTestId("table-no-match")).toHaveText(`No uploads match “nothing-${stamp}”.`);
    await filter.fill("");
    await expect(rowOf(page, goodName)).toBeVisible();
  });

  test("the staff screen lists a cost center's staff file with its cost center, in progress until it is sent", async ({
    page,
    ownUnit,
  }) => {
    const fileName = `history-staff-${stamp}.xlsx`;
    await signIn(page, "admin", null);
    // A cost center's staff upload asked for and not sent yet (as the Upload dialog starts one).
    await mutate(
      page,
      "requestUploadSlot",
      `mutation ($input: UploadSlotInput!) { requestUploadSlot(input: $input) {
        __typename ... on MutationRequestUploadSlotSuccess { data { uploadId } } ... on DomainError { message } } }`,
      { input: { kind: "CostCenterStaff", costCenterId: ownUnit.id, originalFileName: fileName, fileSize: 2048 } },
    );
    await page.goto("/admin/upload/staff");
    await history(page).getByLabel("Filter uploads").fill(ownUnit.code);
    const row = rowOf(page, fileName);
    await expect(row.getByTestId("upload-status")).toHaveText("In progress");
    await expect(row).toContainText(ownUnit.label);
    await expect(row).toContainText("2.0 KB");
    await expect(row).toContainText("Waiting for the file");
    await expect(history(page).getByRole("columnheader", { name: "Cost center", exact: true })).toBeVisible();
    await screen(page, "upload-history-staff");
  });

  test("says so when there are no uploads yet, and when the history cannot be loaded", async ({ page }) => {
    await signIn(page, "admin", null);
    await answerOperation(page, "UploadHistory_Query", { uploadHistory: [] });
    await page.goto("/admin/upload/users");
    await expect(history(page).getByTestId("upload-history-empty")).toContainText("No uploads yet.");
    await expectNoSeriousAxeFindings(page, "the upload screen with an empty history");

    await page.route("**/graphql", async (route) => {
      const body = route.request().postDataJSON() as { operationName?: string } | null;
      if (body?.operationName !== "UploadHistory_Query") return route.fallback();
      return route.fulfill({ status: 500, body: "down" });
    });
    await page.goto("/admin/upload/staff");
    await expect(history(page).getByText("The upload history could not be loaded")).toBeVisible();
    await expect(history(page).getByRole("button", { name: "Try again" })).toBeVisible();
  });
});
