import type { Locator, Page } from "@playwright/test";
import { JOB_MESSAGES } from "../../schema/jobs";
import { DEMO_JOB_NAMES } from "../support/demoJobs";
import { answerOperation, recordOperation, screen } from "./support/graphqlRoute";
import { expect, gql, type Json, mutate, test } from "./support/ownData";
import { signInAndExpectHeading } from "./support/signIn";

/**
 * /admin/job-categorization (spec §2, §3 'Job category', §7 'Job'): every job of the demo facility
 * gets a category from the list without 0 'None'; a choice saves at once. Every job whose category
 * a test changes is one it added, with a name unique to the try, so the seed's jobs stay as other
 * specs expect; jobs cannot be deleted, so the list is compared with the server's, not with a
 * fixed count. The onboarding task's state is put back in teardown (facilitySettings fixture).
 */

const CATEGORIES = [
  "Registered Nurse",
  "Licensed Practical Nurse",
  "Nursing Assistant",
  "Unit Support",
  "Leadership",
  "Allied Health",
];
const SET_OPERATION = "JobCategorization_SetJobCategoryMutation";
const footer = (page: Page) => page.locator("footer");
const categoryOf = (page: Page, job: string): Locator => page.getByLabel(`Category for ${job}`, { exact: true });
const rowOf = (page: Page, job: string): Locator =>
  page.getByTestId("job-row").filter({ has: page.getByText(job, { exact: true }) });
/** The label of the chosen option of a select. */
const chosen = (select: Locator) => select.evaluate((el: HTMLSelectElement) => el.selectedOptions[0]?.text ?? "");

async function openPage(page: Page): Promise<void> {
  await signInAndExpectHeading(page, "admin", "/admin/job-categorization", "JOB CATEGORIZATION");
  await expect(page.getByTestId("job-row").first()).toBeVisible();
}

async function choose(page: Page, job: string, category: string): Promise<void> {
  await categoryOf(page, job).selectOption({ label: category });
  await expect(rowOf(page, job).getByText("Saved")).toBeVisible();
}

/** The row refuses the choice with its message and shows the saved category again. */
async function expectChoiceRefused(page: Page, job: string, message: string, saved: string): Promise<void> {
  await expect(rowOf(page, job).getByRole("alert")).toHaveText(message);
  await expect.poll(() => chosen(categoryOf(page, job))).toBe(saved);
}

/** After a reload the job still shows the category the server holds. */
async function expectCategoryAfterReload(page: Page, job: string, saved: string): Promise<void> {
  await page.reload();
  await expect(page.getByTestId("job-row").first()).toBeVisible();
  expect(await chosen(categoryOf(page, job))).toBe(saved);
}

test.describe("job categorization", () => {
  test("lists every job with its category; None is never offered; CONTINUE and BACK go to the landing page", async ({
    page,
  }) => {
    await openPage(page);
    // The seed's ten jobs, and any that tests added since (jobs are never deleted).
    const serverJobs = ((await gql(page, "{ jobs { name } }")).jobs as { name: string }[]).map((j) => j.name);
    expect(serverJobs).toEqual(expect.arrayContaining(DEMO_JOB_NAMES));
    await expect(page.getByTestId("job-row")).toHaveCount(serverJobs.length);
    const names = await page.getByTestId("job-row").locator("td:first-child p").allTextContents();
    expect(names).toEqual(expect.arrayContaining(DEMO_JOB_NAMES));
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, "en", { sensitivity: "base" })));
    expect(await chosen(categoryOf(page, "Registered Nurse"))).toBe("Registered Nurse");
    expect(await chosen(categoryOf(page, "Nurse Manager"))).toBe("Leadership");
    await expect(rowOf(page, "Nurse Manager").getByText("Exempt")).toBeVisible();
    const options = await categoryOf(page, "Registered Nurse").locator("option").allTextContents();
    expect(options).toEqual(CATEGORIES);
    await expect(page.getByTestId("job-progress")).toHaveText(/^(\d+) of \1 jobs categorized$/);
    await expect(footer(page).getByTestId("footer-message")).toHaveText("All changes are saved automatically.");
    await screen(page, "job-categorization");

    // The filter narrows the list by name or category.
    const withCategory = (await gql(page, "{ jobs { name categoryName } }")).jobs as Json[];
    await page.getByLabel("Filter jobs").fill("nurse");
    // Five of the seed's jobs hold 'nurse' in their name; more in their category.
    expect(DEMO_JOB_NAMES.filter((n) => n.toLowerCase().includes("nurse"))).toHaveLength(5);
    await expect(page.getByTestId("job-row")).toHaveCount(
      withCategory.filter((j) => `${j.name} ${j.categoryName}`.toLowerCase().includes("nurse")).length,
    );
    await page.getByLabel("Filter jobs").fill("zzz");
    await expect(page.getByText("No jobs match “zzz”.")).toBeVisible();
    await page.getByLabel("Filter jobs").fill("");

    await footer(page).getByRole("button", { name: "BACK" }).click();
    await expect(page).toHaveURL(/\/admin\/landing$/);
    await page.goto("/admin/job-categorization");
    await footer(page).getByRole("button", { name: "CONTINUE" }).click();
    await expect(page).toHaveURL(/\/admin\/landing$/);
  });

  test("saves a category as soon as it is chosen, keeps it after a reload, and completes the task", async ({
    page,
    admin,
    facilitySettings: _taskStateBackInTeardown,
  }) => {
    // A unit-support job of the test's own, like the seed's Unit Secretary.
    const job = `Unit Clerk ${Date.now().toString(36)}`;
    await mutate(
      admin,
      "createJob",
      `mutation ($name: String!, $categoryId: Int!) { createJob(name: $name, categoryId: $categoryId) {
        __typename ... on MutationCreateJobSuccess { data { id } } ... on DomainError { message } } }`,
      { name: job, categoryId: 4 },
    );
    await openPage(page);
    expect(await chosen(categoryOf(page, job))).toBe("Unit Support");
    const saves = recordOperation(page, SET_OPERATION);
    await choose(page, job, "Allied Health");
    expect(saves).toHaveLength(1);
    await screen(page, "job-categorization-saved");

    await expectCategoryAfterReload(page, job, "Allied Health");

    // The landing page shows the onboarding step completed.
    await footer(page).getByRole("button", { name: "BACK" }).click();
    const step = page.getByTestId("setup-step").filter({ hasText: "JOB CATEGORIZATION" });
    await expect(step.getByText("Completed")).toBeVisible();

    // Back again: the category changes as often as it is chosen.
    await page.goto("/admin/job-categorization");
    await choose(page, job, "Unit Support");
    await expectCategoryAfterReload(page, job, "Unit Support");
  });

  test("a refused save shows the server's message and puts the saved category back", async ({ page }) => {
    await openPage(page);
    await answerOperation(page, SET_OPERATION, {
      setJobCategory: { __typename: "DomainError", message: "Job category 6 does not exist" },
    });
    await categoryOf(page, "Charge Nurse").selectOption({ label: "Allied Health" });
    await expectChoiceRefused(page, "Charge Nurse", "Job category 6 does not exist", "Registered Nurse");
    await screen(page, "job-categorization-refused");

    await expectCategoryAfterReload(page, "Charge Nurse", "Registered Nurse");
  });

  test("a category the row's rule refuses (None, put into the list by hand) shows the rule's message and sends nothing", async ({
    page,
  }) => {
    await openPage(page);
    const saves = recordOperation(page, SET_OPERATION);
    const select = categoryOf(page, "Charge Nurse");
    // The list never offers None: it is added to the page as a tampered page would.
    await select.evaluate((el: HTMLSelectElement) => el.add(new Option("None", "0")));
    await select.selectOption("0");
    await expectChoiceRefused(page, "Charge Nurse", JOB_MESSAGES.categoryNotNone, "Registered Nurse");
    await expect(rowOf(page, "Charge Nurse").getByText("Saved")).toBeHidden();
    await screen(page, "job-categorization-none-refused");
    expect(saves).toHaveLength(0);

    await expectCategoryAfterReload(page, "Charge Nurse", "Registered Nurse");
  });

  test("adds a job: enabled once name and category are given; a duplicate shows the server's message", async ({
    page,
  }) => {
    await openPage(page);
    const form = page.getByRole("form", { name: "Add a job" });
    const add = form.getByRole("button", { name: "Add job" });
    const name = `Float Pool Nurse ${Date.now().toString(36)}`;

    await expect(add).toBeDisabled();
    const categoryOptions = await form.getByLabel("Category").locator("option").allTextContents();
    expect(categoryOptions).toEqual(["Choose a category", ...CATEGORIES]);
    await form.getByLabel("Job name").fill(name);
    await expect(add).toBeDisabled();
    await form.getByLabel("Category").selectOption({ label: "Registered Nurse" });
    await expect(add).toBeEnabled();
    await add.click();
    await expect(form.getByTestId("job-added")).toHaveText(`Job added. ${name} is in the list.`);
    await expect(form.getByLabel("Job name")).toHaveValue("");
    await expect(add).toBeDisabled();
    await expect(rowOf(page, name)).toBeVisible();

    // Names are unique regardless of case: the server's message shows under the name.
    await form.getByLabel("Job name").fill(name.toUpperCase());
    await form.getByLabel("Category").selectOption({ label: "Leadership" });
    await add.click();
    await expect(form.getByText(`A job named ${name.toUpperCase()} already exists in this facility.`)).toBeVisible();
    await screen(page, "job-categorization-duplicate");

    await page.reload();
    await expect(rowOf(page, name)).toBeVisible();
    expect(await chosen(categoryOf(page, name))).toBe("Registered Nurse");
  });

  test("direct care: a new job takes its category's default; the flag saves at once, follows a new category, and stays after a reload", async ({
    page,
  }) => {
    await openPage(page);
    const form = page.getByRole("form", { name: "Add a job" });
    const name = `Ward Clerk ${Date.now().toString(36)}`;
    await form.getByLabel("Job name").fill(name);
    await form.getByLabel("Category").selectOption({ label: "Unit Support" });
    await form.getByRole("button", { name: "Add job" }).click();
    await expect(form.getByTestId("job-added")).toBeVisible();
    const directCare = page.getByRole("checkbox", { name: `Direct care for ${name}` });
    // Unit support does not count toward HPPD by default.
    await expect(directCare).not.toBeChecked();

    await rowOf(page, name).getByText("Direct care").click();
    await expect(rowOf(page, name).getByText("Saved")).toBeVisible();
    await expect(directCare).toBeChecked();
    await page.reload();
    await expect(page.getByRole("checkbox", { name: `Direct care for ${name}` })).toBeChecked();

    // A new category brings its default: Leadership is not direct care.
    await choose(page, name, "Leadership");
    await expect(page.getByRole("checkbox", { name: `Direct care for ${name}` })).not.toBeChecked();
    await screen(page, "job-categorization-direct-care");
  });

  test("the list sorts by each column (aria-sort says how), filters by name or category, and says what it shows", async ({
    page,
    admin,
  }) => {
    // Three jobs of the test's own, found by a word unique to the try.
    const word = `Tbl${Date.now().toString(36)}`;
    for (const [name, categoryId] of [
      [`${word} Beta`, 5], // Leadership
      [`${word} alpha`, 4], // Unit Support
      [`${word} Gamma`, 1], // Registered Nurse
    ] as const) {
      await mutate(
        admin,
        "createJob",
        `mutation ($name: String!, $categoryId: Int!) { createJob(name: $name, categoryId: $categoryId) {
          __typename ... on MutationCreateJobSuccess { data { id } } ... on DomainError { message } } }`,
        { name, categoryId },
      );
    }
    await openPage(page);
    const total = ((await gql(page, "{ jobs { id } }")).jobs as Json[]).length;
    const table = page.getByRole("table", { name: "Jobs and their categories" });
    const header = (name: string) => table.getByRole("columnheader", { name, exact: true });
    const names = () => page.getByTestId("job-row").locator("td:first-child p").allTextContents();

    // The list's own order: by name, case-insensitively.
    await expect(header("Job")).toHaveAttribute("aria-sort", "ascending");
    await expect(header("Category")).toHaveAttribute("aria-sort", "none");
    await page.getByLabel("Filter jobs").fill(word.toUpperCase());
    await expect(page.getByTestId("job-row")).toHaveCount(3);
    expect(await names()).toEqual([`${word} alpha`, `${word} Beta`, `${word} Gamma`]);
    await expect(page.getByTestId("table-range")).toHaveText(`Showing 1–3 of 3 (filtered from ${total})`);

    // Job again: descending.
    await header("Job").getByRole("button").click();
    await expect(header("Job")).toHaveAttribute("aria-sort", "descending");
    expect(await names()).toEqual([`${word} Gamma`, `${word} Beta`, `${word} alpha`]);

    // Category: Leadership, Registered Nurse, Unit Support; the keyboard sorts as well as the mouse.
    await header("Category").getByRole("button").focus();
    await page.keyboard.press("Enter");
    await expect(header("Category")).toHaveAttribute("aria-sort", "ascending");
    await expect(header("Job")).toHaveAttribute("aria-sort", "none");
    expect(await names()).toEqual([`${word} Beta`, `${word} Gamma`, `${word} alpha`]);
    await page.keyboard.press("Enter");
    await expect(header("Category")).toHaveAttribute("aria-sort", "descending");
    expect(await names()).toEqual([`${word} alpha`, `${word} Gamma`, `${word} Beta`]);
    await screen(page, "job-categorization-sorted");

    // The filter reads the category too: one of the three is Unit Support.
    await page.getByLabel("Filter jobs").fill(`${word} alpha unit support`);
    await expect(page.getByTestId("job-row")).toHaveCount(1);
    await page.getByLabel("Filter jobs").fill("unit support");
    await expect(page.getByTestId("job-row").filter({ hasText: word })).toHaveCount(1);
    await expect(rowOf(page, `${word} alpha`)).toBeVisible();

    // Nothing left: the empty state names the filter; clearing it brings every job back.
    await page.getByLabel("Filter jobs").fill(`${word}-none`);
    await expect(page.getByText(`No jobs match “${word}-none”.`)).toBeVisible();
    await expect(table).toHaveCount(0);
    await page.getByLabel("Filter jobs").fill("");
    await expect(page.getByTestId("job-row")).toHaveCount(total);
    await expect(page.getByTestId("table-range")).toHaveText(`Showing 1–${total} of ${total}`);
  });
});
