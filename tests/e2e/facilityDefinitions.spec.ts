import type { Locator, Page } from "@playwright/test";
import { answerOperation, screen } from "./support/graphqlRoute";
import { expect, test } from "./support/ownData";
import { signIn } from "./support/signIn";

/**
 * The facility definitions (spec §2 'System-relationship form', §4, §5 'Facility form and schemas',
 * §8): system relationships, Basic Financial Information and HR guidelines, against the demo seed.
 * Every test that saves puts the seed back (other specs read the facility's name, PRN value and
 * education list) through the same screens, and the facilitySettings fixture puts back in teardown
 * whatever a failed or timed-out try left changed, with the onboarding tasks' states.
 */

const footer = (page: Page) => page.locator("footer");
const saveButton = (page: Page) => footer(page).getByRole("button", { name: "SAVE AND CONTINUE" });
/** A field by its label, exactly; a required field's label ends with the required marker. */
const field = (page: Page, label: string): Locator =>
  page.getByLabel(new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}\\s*\\*?$`));
const chosen = (select: Locator) => select.evaluate((el: HTMLSelectElement) => el.selectedOptions[0]?.text ?? "");

async function openAs(page: Page, path: string, heading: string): Promise<void> {
  await page.goto(path);
  await expect(page.getByRole("heading", { level: 1, name: heading, exact: true })).toBeVisible();
  await expect(page.locator("form")).toBeVisible();
}

async function saveAndExpectLanding(page: Page): Promise<void> {
  await expect(saveButton(page)).toBeEnabled();
  await saveButton(page).click();
  await expect(page).toHaveURL(/\/admin\/landing$/);
}

/** BACK with unsaved edits: the unsaved-changes dialog, then the landing page without saving. */
async function leaveWithoutSaving(page: Page): Promise<void> {
  await footer(page).getByRole("button", { name: "BACK" }).click();
  const dialog = page.getByRole("alertdialog", { name: "You have unsaved changes" });
  await dialog.getByRole("button", { name: "Leave without saving" }).click();
  await expect(page).toHaveURL(/\/admin\/landing$/);
}

/** Each group's tests begin signed in as the admin, on the group's screen. */
function signInAndOpen(path: string, heading: string) {
  return async ({ page }: { page: Page }) => {
    await signIn(page, "admin");
    await openAs(page, path, heading);
  };
}

/**
 * The server refuses the save (the answer stands in for the server's): its message shows in the
 * form's alert, titled as given, and saving stays disabled until the form changes.
 */
async function expectSaveRefused(
  page: Page,
  refusal: {
    operation: string;
    field: string;
    alertTitle: string;
    message: string;
    fieldErrors?: { field: string; message: string }[];
  },
): Promise<void> {
  const { operation, field, alertTitle, message, fieldErrors = [] } = refusal;
  await answerOperation(page, operation, { [field]: { __typename: "DomainError", message, fieldErrors } });
  await saveButton(page).click();
  await expect(page.getByRole("alert").filter({ hasText: alertTitle })).toContainText(message);
  await expect(saveButton(page)).toBeDisabled();
}

async function stepState(page: Page, title: string): Promise<Locator> {
  return page
    .getByTestId("setup-step")
    .filter({ hasText: title })
    .getByText(/^(Completed|Pending)$/);
}

// ---------------------------------------------------------------------------------------------
// System relationships
// ---------------------------------------------------------------------------------------------

const RELATIONS_PATH = "/admin/facility-definitions/define-system-relationships";
const RELATIONS_HEADING = "DEFINE SYSTEM RELATIONSHIPS";
const SEED_RELATIONS = {
  "Full name of the facility": "St. Catherine Medical Center",
  Owner: "Riverside Health System",
  "System the facility belongs to": "Riverside Health System",
  "Region or division within the system": "Northeast Region",
} as const;

async function fillRelations(page: Page, values: Partial<Record<keyof typeof SEED_RELATIONS, string>>) {
  for (const [label, value] of Object.entries(values)) await field(page, label).fill(value);
}

test.describe("define system relationships", () => {
  test.beforeEach(signInAndOpen(RELATIONS_PATH, RELATIONS_HEADING));

  test("shows the four fields prefilled, N/A helper, and SAVE AND CONTINUE only for a valid change", async ({
    page,
  }) => {
    for (const [label, value] of Object.entries(SEED_RELATIONS)) await expect(field(page, label)).toHaveValue(value);
    await expect(page.getByText("type N/A if none", { exact: true })).toBeVisible();
    await expect(footer(page).getByRole("button", { name: "BACK" })).toBeVisible();
    // Unchanged: nothing to save.
    await expect(saveButton(page)).toBeDisabled();
    await screen(page, "system-relationships");

    // Every field is required, with its message once the field was changed.
    for (const [label, message] of [
      ["Full name of the facility", "Full name of the facility is required"],
      ["Owner", "Owner is required"],
      ["System the facility belongs to", "System is required"],
      ["Region or division within the system", "Region or division is required"],
    ] as const) {
      await field(page, label).fill("   ");
      await expect(page.getByText(message, { exact: true })).toBeVisible();
      await expect(saveButton(page)).toBeDisabled();
      await field(page, label).fill(SEED_RELATIONS[label]);
      await expect(page.getByText(message, { exact: true })).toHaveCount(0);
    }
    // Back to the saved values: unchanged again.
    await expect(saveButton(page)).toBeDisabled();
    await field(page, "Region or division within the system").fill("N/A");
    await expect(saveButton(page)).toBeEnabled();
    await screen(page, "system-relationships-changed");

    // BACK with an unsaved change asks first (issue #15 item 1); leaving drops it.
    await leaveWithoutSaving(page);
  });

  test("saves, goes to the landing page with the step completed, and the values read back", async ({
    page,
    facilitySettings: _seedBackInTeardown,
  }) => {
    await fillRelations(page, {
      "Full name of the facility": "St. Catherine Medical Center - Main Campus",
      "Region or division within the system": "N/A",
    });
    await saveAndExpectLanding(page);
    await expect(await stepState(page, "DEFINE SYSTEM RELATIONSHIPS")).toHaveText("Completed");
    // The header shows the new name.
    await expect(page.locator("header").getByTestId("facility-badge")).toHaveText(
      "St. Catherine Medical Center - Main Campus",
    );

    await openAs(page, RELATIONS_PATH, RELATIONS_HEADING);
    await page.reload();
    await expect(field(page, "Full name of the facility")).toHaveValue("St. Catherine Medical Center - Main Campus");
    await expect(field(page, "Region or division within the system")).toHaveValue("N/A");
    await expect(saveButton(page)).toBeDisabled();

    // Put the seed back; Enter in a field saves as the footer's button does.
    await fillRelations(page, SEED_RELATIONS);
    await field(page, "Owner").press("Enter");
    await expect(page).toHaveURL(/\/admin\/landing$/);
    await expect(page.locator("header").getByTestId("facility-badge")).toHaveText("St. Catherine Medical Center");
    await openAs(page, RELATIONS_PATH, RELATIONS_HEADING);
    for (const [label, value] of Object.entries(SEED_RELATIONS)) await expect(field(page, label)).toHaveValue(value);
  });

  test("a save error shows its message and disables saving until the form changes", async ({ page }) => {
    const refusal = "The system relationships could not be saved right now";
    await answerOperation(page, "SystemRelationships_DefineMutation", {
      defineSystemRelationships: { __typename: "DomainError", message: refusal, fieldErrors: [] },
    });
    await fillRelations(page, { Owner: "Riverside Health" });
    await saveButton(page).click();
    await expect(page.getByText(refusal)).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`${RELATIONS_PATH}$`));
    await expect(saveButton(page)).toBeDisabled();
    await screen(page, "system-relationships-error");

    // A change clears the error and allows saving again; the real server then accepts it.
    await fillRelations(page, { Owner: "Riverside Health Partners" });
    await expect(page.getByText(refusal)).toHaveCount(0);
    await saveAndExpectLanding(page);
    await openAs(page, RELATIONS_PATH, RELATIONS_HEADING);
    await expect(field(page, "Owner")).toHaveValue("Riverside Health Partners");
    await fillRelations(page, { Owner: SEED_RELATIONS.Owner });
    await saveAndExpectLanding(page);
  });

  test("the shared length rule shows under the field and keeps saving disabled", async ({ page }) => {
    await fillRelations(page, { Owner: "x".repeat(121) });
    await expect(page.getByText("Owner must be at most 120 characters")).toBeVisible();
    await expect(saveButton(page)).toBeDisabled();
  });
});

// ---------------------------------------------------------------------------------------------
// Basic Financial Information
// ---------------------------------------------------------------------------------------------

const FINANCIAL_PATH = "/admin/facility-definitions/financial-information";
const FINANCIAL_HEADING = "Basic Financial Information";
/** The twelve months by their English names, January to December. */
const MONTHS = Array.from({ length: 12 }, (_, month) =>
  new Date(Date.UTC(2000, month, 1)).toLocaleString("en-US", { month: "long", timeZone: "UTC" }),
);
type FinancialValues = {
  prn: string;
  fiscalMonth: string;
  fiscalDay: string;
  seasonBeginMonth: string;
  seasonBeginDay: string;
  seasonEndMonth: string;
  seasonEndDay: string;
  payBegin: string;
  payEnd: string;
  hours: string;
  rate: string;
};
const SEED_FINANCIAL: FinancialValues = {
  prn: "0.2",
  fiscalMonth: "July",
  fiscalDay: "1",
  seasonBeginMonth: "March",
  seasonBeginDay: "1",
  seasonEndMonth: "May",
  seasonEndDay: "31",
  payBegin: "1",
  payEnd: "14",
  hours: "2080",
  rate: "",
};
const NUMBER_LABELS = {
  prn: "PRN staff value (FTE)",
  fiscalDay: "Fiscal year begin day",
  seasonBeginDay: "Budget season begin day",
  seasonEndDay: "Budget season end day",
  payBegin: "Next pay period begin",
  payEnd: "Next pay period end",
  hours: "Annual hours per FTE",
  rate: "Average hourly rate ($)",
} as const;
const MONTH_LABELS = {
  fiscalMonth: "Fiscal year begin month",
  seasonBeginMonth: "Budget season begin month",
  seasonEndMonth: "Budget season end month",
} as const;

async function expectFinancial(page: Page, values: FinancialValues) {
  for (const [key, label] of Object.entries(NUMBER_LABELS)) {
    await expect(field(page, label)).toHaveValue(values[key as keyof typeof NUMBER_LABELS]);
  }
  for (const [key, label] of Object.entries(MONTH_LABELS)) {
    expect(await chosen(field(page, label))).toBe(values[key as keyof typeof MONTH_LABELS]);
  }
}

async function fillFinancial(page: Page, values: Partial<FinancialValues>) {
  for (const [key, value] of Object.entries(values)) {
    if (key in MONTH_LABELS) {
      await field(page, MONTH_LABELS[key as keyof typeof MONTH_LABELS]).selectOption({ label: value });
    } else {
      const input = field(page, NUMBER_LABELS[key as keyof typeof NUMBER_LABELS]);
      await input.fill(value);
      await input.blur();
    }
  }
}

test.describe("Basic Financial Information", () => {
  test.beforeEach(signInAndOpen(FINANCIAL_PATH, FINANCIAL_HEADING));

  test("shows the budget settings prefilled, months from the twelve-month list, and checks the rules", async ({
    page,
  }) => {
    await expect(page).toHaveTitle(/^Basic Financial Information/);
    await expectFinancial(page, SEED_FINANCIAL);
    const options = await field(page, MONTH_LABELS.fiscalMonth).locator("option").allTextContents();
    expect(options).toEqual(["Choose a month", ...MONTHS]);
    // Valid settings may be confirmed as they are.
    await expect(saveButton(page)).toBeEnabled();
    await screen(page, "financial-information");

    await fillFinancial(page, { seasonBeginMonth: "February", seasonBeginDay: "30" });
    await expect(page.getByText("Budget season begin day must be at most 28 in February")).toBeVisible();
    await expect(saveButton(page)).toBeDisabled();
    await fillFinancial(page, { seasonBeginDay: "15" });
    await expect(saveButton(page)).toBeEnabled();

    await field(page, NUMBER_LABELS.payEnd).fill("");
    await field(page, NUMBER_LABELS.payEnd).blur();
    await expect(page.getByText("Next pay period end is required")).toBeVisible();
    await expect(saveButton(page)).toBeDisabled();
    await screen(page, "financial-information-invalid");
  });

  test("a value out of range is kept as typed and refused with its rule, never changed silently (issue #15 item 7)", async ({
    page,
  }) => {
    await fillFinancial(page, { prn: "3", hours: "900", fiscalDay: "40" });
    // What the admin typed stays; the rule says why it cannot be saved.
    await expect(field(page, NUMBER_LABELS.prn)).toHaveValue("3");
    await expect(page.getByText("PRN staff value must be at most 1.5")).toBeVisible();
    await expect(field(page, NUMBER_LABELS.hours)).toHaveValue("900");
    await expect(page.getByText("Annual hours per FTE must be at least 1000")).toBeVisible();
    await expect(field(page, NUMBER_LABELS.fiscalDay)).toHaveValue("40");
    await expect(page.getByText("Fiscal year begin day must be at most 31")).toBeVisible();
    await expect(saveButton(page)).toBeDisabled();
    await screen(page, "financial-information-out-of-range");
    // Back inside the range, the form may be saved again.
    await fillFinancial(page, { prn: "1.5", hours: "2080", fiscalDay: "1" });
    await expect(page.getByText("PRN staff value must be at most 1.5")).toHaveCount(0);
    await expect(saveButton(page)).toBeEnabled();
  });

  test("saves, completes the step, and the values read back after a reload", async ({
    page,
    facilitySettings: _seedBackInTeardown,
  }) => {
    const changed: FinancialValues = {
      prn: "0.25",
      fiscalMonth: "October",
      fiscalDay: "1",
      seasonBeginMonth: "February",
      seasonBeginDay: "15",
      seasonEndMonth: "April",
      seasonEndDay: "30",
      payBegin: "8",
      payEnd: "21",
      hours: "2088",
      // Optional: kept here, and emptied again when the seed is put back.
      rate: "52.75",
    };
    await fillFinancial(page, changed);
    await saveAndExpectLanding(page);
    await expect(await stepState(page, "ADD BASIC FINANCIAL INFORMATION")).toHaveText("Completed");

    await openAs(page, FINANCIAL_PATH, FINANCIAL_HEADING);
    await page.reload();
    await expect(field(page, NUMBER_LABELS.prn)).toHaveValue("0.25");
    await expectFinancial(page, changed);

    // Put the seed back.
    await fillFinancial(page, SEED_FINANCIAL);
    await saveAndExpectLanding(page);
    await openAs(page, FINANCIAL_PATH, FINANCIAL_HEADING);
    await expect(field(page, NUMBER_LABELS.prn)).toHaveValue("0.2");
    await expectFinancial(page, SEED_FINANCIAL);
  });

  test("a save error shows the server's message until the form changes; BACK goes to the landing page", async ({
    page,
  }) => {
    await expectSaveRefused(page, {
      operation: "FinancialInformation_UpdateMutation",
      field: "updateFinancialInformation",
      alertTitle: "The financial information was not saved",
      message: "Budget season end day must be at most 30 in April",
      fieldErrors: [{ field: "budgetSeasonEndDay", message: "Budget season end day must be at most 30 in April" }],
    });
    await fillFinancial(page, { payEnd: "15" });
    await expect(page.getByText("The financial information was not saved")).toHaveCount(0);
    await expect(saveButton(page)).toBeEnabled();
    await fillFinancial(page, { payEnd: SEED_FINANCIAL.payEnd });

    await footer(page).getByRole("button", { name: "BACK" }).click();
    await expect(page).toHaveURL(/\/admin\/landing$/);
    await openAs(page, FINANCIAL_PATH, FINANCIAL_HEADING);
    await expectFinancial(page, SEED_FINANCIAL);
  });
});

// ---------------------------------------------------------------------------------------------
// HR guidelines
// ---------------------------------------------------------------------------------------------

const HR_PATH = "/admin/facility-definitions/hr-guidelines";
const HR_HEADING = "Basic HR Guidelines";
const SEED_EDUCATION = ["ADN", "BSN", "CNA Certificate", "DNP", "High School Diploma", "LPN Diploma", "MSN"];
const SEED_TIMES = {
  "Day shift start": "0700",
  "Day shift end": "1930",
  "Evening shift start": "1500",
  "Evening shift end": "2330",
  "Night shift start": "1900",
  "Night shift end": "0730",
  "Other shift start": "",
  "Other shift end": "",
  "Dropdown start time": "0000",
  "Dropdown end time": "2400",
} as const;
const TIME_ZONES = [
  "US/Hawaii (GMT-10)",
  "US/Alaska (GMT-9)",
  "US/Pacific (GMT-8)",
  "US/Arizona (GMT-7)",
  "US/Mountain (GMT-7)",
  "US/Central (GMT-6)",
  "US/Eastern (GMT-5)",
  "US/East-Indiana (GMT-5)",
];

const educationItems = (page: Page) => page.getByTestId("education-name");

async function addEducation(page: Page, name: string) {
  await field(page, "Add an education level").fill(name);
  await field(page, "Add an education level").press("Enter");
}

test.describe("HR guidelines", () => {
  test.beforeEach(signInAndOpen(HR_PATH, HR_HEADING));

  test("shows the shift settings, week, time zone and education prefilled, and checks the rules", async ({ page }) => {
    for (const [label, value] of Object.entries(SEED_TIMES)) await expect(field(page, label)).toHaveValue(value);
    expect(await chosen(field(page, "Start day"))).toBe("Monday");
    expect(await chosen(field(page, "End day"))).toBe("Sunday");
    expect(await field(page, "End day").locator("option").allTextContents()).toEqual([
      "Choose a day",
      "Monday",
      "Tuesday",
      "Wednesday",
      "Thursday",
      "Friday",
      "Saturday",
      "Sunday",
    ]);
    await expect(field(page, "Contact e-mail")).toHaveValue("staffing@stcatherine.example");
    expect(await chosen(field(page, "Time zone"))).toBe("US/Eastern (GMT-5)");
    expect(await field(page, "Time zone").locator("option").allTextContents()).toEqual([
      "Choose a time zone",
      ...TIME_ZONES,
    ]);
    await expect(educationItems(page)).toHaveText(SEED_EDUCATION);
    await expect(saveButton(page)).toBeEnabled();
    await screen(page, "hr-guidelines");

    await field(page, "Day shift start").fill("2460");
    await expect(page.getByText("Day shift start must be 4-digit military time from 0000 to 2400")).toBeVisible();
    await expect(saveButton(page)).toBeDisabled();
    await field(page, "Day shift start").fill("0700");
    await field(page, "Night shift end").fill("");
    await expect(page.getByText("Night shift end is required")).toBeVisible();
    await field(page, "Night shift end").fill("0730");
    await field(page, "Contact e-mail").fill("staffing");
    await expect(page.getByText("Contact e-mail must be a valid e-mail address")).toBeVisible();
    await expect(saveButton(page)).toBeDisabled();
    await screen(page, "hr-guidelines-invalid");
    await field(page, "Contact e-mail").fill("staffing@stcatherine.example");
    await expect(saveButton(page)).toBeEnabled();

    // The education list refuses a name already there, in any case.
    await addEducation(page, "bsn");
    await expect(page.getByText("bsn is already in the list")).toBeVisible();
    await expect(educationItems(page)).toHaveCount(SEED_EDUCATION.length);
  });

  test("saves shifts, time zone and education; the values read back after a reload", async ({
    page,
    facilitySettings: _seedBackInTeardown,
  }) => {
    await field(page, "Other shift start").fill("1100");
    await field(page, "Other shift end").fill("2330");
    await field(page, "Start day").selectOption({ label: "Sunday" });
    await field(page, "End day").selectOption({ label: "Saturday" });
    await field(page, "Time zone").selectOption({ label: "US/Central (GMT-6)" });
    await addEducation(page, "RN Residency");
    await page.getByRole("button", { name: "Remove High School Diploma" }).click();
    const changedEducation = ["ADN", "BSN", "CNA Certificate", "DNP", "LPN Diploma", "MSN", "RN Residency"];
    await expect(educationItems(page)).toHaveText(changedEducation);
    await screen(page, "hr-guidelines-changed");
    await saveAndExpectLanding(page);
    await expect(await stepState(page, "PROVIDE BASIC HR GUIDELINES")).toHaveText("Completed");

    await openAs(page, HR_PATH, HR_HEADING);
    await page.reload();
    await expect(field(page, "Other shift start")).toHaveValue("1100");
    await expect(field(page, "Other shift end")).toHaveValue("2330");
    expect(await chosen(field(page, "Start day"))).toBe("Sunday");
    expect(await chosen(field(page, "End day"))).toBe("Saturday");
    expect(await chosen(field(page, "Time zone"))).toBe("US/Central (GMT-6)");
    // The server keeps the list sorted by name.
    await expect(educationItems(page)).toHaveText(changedEducation);

    // Put the seed back.
    await field(page, "Other shift start").fill("");
    await field(page, "Other shift end").fill("");
    await field(page, "Start day").selectOption({ label: "Monday" });
    await field(page, "End day").selectOption({ label: "Sunday" });
    await field(page, "Time zone").selectOption({ label: "US/Eastern (GMT-5)" });
    await page.getByRole("button", { name: "Remove RN Residency" }).click();
    await addEducation(page, "High School Diploma");
    await saveAndExpectLanding(page);
    await openAs(page, HR_PATH, HR_HEADING);
    for (const [label, value] of Object.entries(SEED_TIMES)) await expect(field(page, label)).toHaveValue(value);
    expect(await chosen(field(page, "Time zone"))).toBe("US/Eastern (GMT-5)");
    await expect(educationItems(page)).toHaveText(SEED_EDUCATION);
  });

  test("a save error shows the server's message until the form changes", async ({ page }) => {
    await expectSaveRefused(page, {
      operation: "HrGuidelines_UpdateMutation",
      field: "updateHrGuidelines",
      alertTitle: "The HR guidelines were not saved",
      message: "Education levels must be unique",
    });
    await field(page, "Dropdown end time").fill("2300");
    await expect(saveButton(page)).toBeEnabled();
    await leaveWithoutSaving(page);
  });
});
