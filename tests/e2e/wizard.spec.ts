import { expect, type Locator, type Page, test } from "@playwright/test";
import { demoId } from "../../db/seed/demo";
import { formatFte, STAFFING_MESSAGES, WIZARD_NOTICES } from "../../schema/staffing";
import { signIn } from "./support/signIn";

/**
 * The planning wizard (spec §2 footer notices, §4 planning wizard, §5 wizard completeness, §9 limits)
 * driven as the demo nurse manager: Complete Wizard on 6010, Read Only on 6030, nothing on 6040.
 */

const SCREENS = "test-results/screens";
const footer = (page: Page) => page.locator("footer");
const main = (page: Page, name: string | RegExp = "SAVE AND CONTINUE") => footer(page).getByRole("button", { name });
const notices = (page: Page) => footer(page).getByTestId("footer-message");
const stepStatus = (page: Page, step: string) => page.getByTestId(`step-${step}`).getByTestId("step-status");
/**
 * The share of the budget year (July to June, the demo facility's fiscal year) a traveller's
 * contract ending `end` covers, counted in whole days: a second computation beside the app's.
 */
function travellerShare(end: string, now = new Date()): number {
  const day = 86_400_000;
  const startYear = now.getUTCMonth() >= 6 ? now.getUTCFullYear() : now.getUTCFullYear() - 1;
  const start = Date.UTC(startYear, 6, 1);
  const yearEnd = Date.UTC(startYear + 1, 5, 30);
  const last = Math.min(Date.parse(`${end}T00:00:00Z`), yearEnd);
  return last < start ? 0 : ((last - start) / day + 1) / ((yearEnd - start) / day + 1);
}

const UNIT = {
  census: 22,
  careTeamTarget: 9.6,
  nonProductiveGoalPercentage: 10,
  targetOvertimePercentage: 5,
  productiveFteBudget: 30,
  totalPaidFteBudget: 33,
};

type ShiftSpec = {
  shift: "Days" | "Evenings" | "Nights";
  startTime: string;
  durationHours: number;
  staffPerShift: number;
};
const ROLES: { job: string; exempt: boolean; fte?: number; shifts: ShiftSpec[] }[] = [
  { job: "Nurse Manager", exempt: true, fte: 0.5, shifts: [] },
  {
    job: "Registered Nurse",
    exempt: false,
    shifts: [
      { shift: "Days", startTime: "0700", durationHours: 12.5, staffPerShift: 5 },
      { shift: "Nights", startTime: "1900", durationHours: 12.5, staffPerShift: 4 },
    ],
  },
  {
    job: "Certified Nursing Assistant",
    exempt: false,
    shifts: [
      { shift: "Days", startTime: "0700", durationHours: 8, staffPerShift: 2 },
      { shift: "Evenings", startTime: "1500", durationHours: 8, staffPerShift: 2 },
      { shift: "Nights", startTime: "2300", durationHours: 8, staffPerShift: 1 },
    ],
  },
];

async function fillAndLeave(field: Locator, value: string) {
  await field.fill(value);
  await field.blur();
}

async function addRole(page: Page, role: (typeof ROLES)[number]) {
  await page.getByRole("button", { name: "Add role" }).click();
  const editor = page.getByTestId("role-editor");
  await editor.getByRole("combobox", { name: /^Role/ }).selectOption({ label: role.job });
  if (role.exempt) {
    await editor.getByRole("textbox", { name: "FTE" }).fill(String(role.fte));
  } else {
    for (const s of role.shifts) {
      const row = editor.getByTestId(`shift-${s.shift}`);
      await row.getByText(s.shift, { exact: true }).click();
      await row.getByLabel(`${s.shift} start time`).fill(s.startTime);
      await row.getByLabel(`${s.shift} duration (hours)`).fill(String(s.durationHours));
      await row.getByLabel(`${s.shift} staff per shift`).fill(String(s.staffPerShift));
    }
  }
  await editor.getByRole("button", { name: "Save role" }).click();
  await expect(editor).toBeHidden();
  await expect(page.getByTestId("role-row").filter({ hasText: role.job })).toBeVisible();
}

/** Picks a native select's option by the start of its label (labels carry live figures). */
async function chooseOption(select: Locator, labelStart: string) {
  const option = select.locator("option").filter({ hasText: labelStart }).first();
  const value = await option.getAttribute("value");
  await select.selectOption(value ?? "");
}

/**
 * Fills the plan's positions as a manager would: the first variable position whose unfilled FTE
 * still takes the person, else the one with the most unfilled FTE (option labels end '(unfilled 9.75)').
 */
async function roomiest(form: Locator, fte: number): Promise<string> {
  const labels = await form.getByLabel("Position").locator("option").allTextContents();
  const options = labels
    .map((label) => ({ label, unfilled: Number(/\(unfilled ([\d.]+)\)$/.exec(label)?.[1] ?? Number.NaN) }))
    .filter((o) => !Number.isNaN(o.unfilled) && !o.label.startsWith("Nurse Manager"));
  const fits = options.find((o) => o.unfilled >= fte);
  const best = fits ?? [...options].sort((a, b) => b.unfilled - a.unfilled)[0];
  return (best?.label ?? "Registered Nurse · Days").replace(/ \(unfilled [\d.]+\)$/, "");
}

test.describe("planning wizard", () => {
  test("a whole run on 6010: six steps, bad input refused, going back reopens later steps, attested and locked with the hand-worked totals", async ({
    page,
  }) => {
    test.setTimeout(300_000);
    await signIn(page, "user");
    await page.goto("/user/landing");
    await page.getByRole("button", { name: "Open wizard for 6010 Medical Surgical 3 West" }).click();
    await expect(page).toHaveURL(/\/user\/wizard\/unitdef$/);
    await expect(page.getByRole("heading", { level: 1, name: "UNIT DEFINITION" })).toBeVisible();

    await test.step("step 1: begin with the sample model, refuse bad input, save", async () => {
      await expect(main(page)).toBeDisabled();
      await page.getByRole("button", { name: "Begin the staffing plan" }).click();
      const census = page.getByLabel("Average daily census");
      await expect(census).toHaveValue("22");
      await expect(page.getByLabel("Care team hours per patient day (HPPD)")).toHaveValue("9.6");
      await expect(page.getByLabel("Non-productive goal %")).toHaveValue("10");
      await expect(stepStatus(page, "UnitDefinition")).toHaveText("In progress");

      await fillAndLeave(census, "0");
      await expect(page.getByText("Average daily census must be from 1 to 1000")).toBeVisible();
      await expect(main(page)).toBeDisabled();
      await fillAndLeave(page.getByLabel("Non-productive goal %"), "51");
      await expect(page.getByText("Non-productive goal % must be from 0 to 50")).toBeVisible();
      await fillAndLeave(page.getByLabel("Non-productive goal %"), "15%");
      await expect(page.getByText("Non-productive goal % must be a number")).toBeVisible();
      await fillAndLeave(page.getByLabel("Target overtime %"), "26");
      await expect(page.getByText("Target overtime % must be from 0 to 25")).toBeVisible();
      await page.reload();
      // Nothing bad was saved: the server still has the sample values.
      await expect(page.getByLabel("Average daily census")).toHaveValue("22");
      await expect(page.getByLabel("Non-productive goal %")).toHaveValue("10");

      await fillAndLeave(page.getByLabel("Target overtime %"), String(UNIT.targetOvertimePercentage));
      await fillAndLeave(page.getByLabel("Productive FTE budget (finance)"), String(UNIT.productiveFteBudget));
      await fillAndLeave(page.getByLabel("Total paid FTE budget (finance)"), "20");
      await expect(page.getByText(STAFFING_MESSAGES.paidBelowProductive)).toBeVisible();
      await fillAndLeave(page.getByLabel("Total paid FTE budget (finance)"), String(UNIT.totalPaidFteBudget));
      await expect(page.getByTestId("fig-care")).toHaveText("211.2");
      await expect(page.getByTestId("save-state")).toHaveText("Every change is saved on the server.");
      await page.screenshot({ path: `${SCREENS}/wizard-1-unitdef.png`, fullPage: true });
      await main(page).click();
      await expect(page).toHaveURL(/\/user\/wizard\/defineRoles$/);
      await expect(stepStatus(page, "UnitDefinition")).toHaveText("Completed");
    });

    await test.step("step 2: roles; out-of-range values show the rule and save nothing", async () => {
      await expect(page.getByText("No roles yet")).toBeVisible();
      await page.getByRole("button", { name: "Add role" }).click();
      const editor = page.getByTestId("role-editor");
      await editor.getByRole("combobox", { name: /^Role/ }).selectOption({ label: "Registered Nurse" });
      const days = editor.getByTestId("shift-Days");
      await days.getByText("Days", { exact: true }).click();
      // The clock span and the paid hours are apart: 0700 + 12.5 h on the clock, less the default 30-minute break.
      await expect(days).toContainText("ends 1930 · 12 paid h");
      await editor.getByLabel("Unpaid break per shift (minutes)").fill("45");
      await expect(days).toContainText("ends 1930 · 11.75 paid h");
      await editor.getByLabel("Unpaid break per shift (minutes)").fill("half an hour");
      await days.getByLabel("Days start time").fill("2430");
      await days.getByLabel("Days staff per shift").fill("25");
      await editor.getByRole("button", { name: "Save role" }).click();
      await expect(editor.getByText(STAFFING_MESSAGES.militaryTime)).toBeVisible();
      await expect(editor.getByText(STAFFING_MESSAGES.staffPerShift)).toBeVisible();
      await expect(editor.getByText(STAFFING_MESSAGES.unpaidBreak)).toBeVisible();
      await editor.getByRole("button", { name: "Cancel" }).click();
      await expect(page.getByTestId("role-row")).toHaveCount(0);

      await page.getByRole("button", { name: "Add role" }).click();
      await page
        .getByTestId("role-editor")
        .getByRole("combobox", { name: /^Role/ })
        .selectOption({ label: "Nurse Manager" });
      await page.getByTestId("role-editor").getByRole("textbox", { name: "FTE" }).fill("1.6");
      await page.getByTestId("role-editor").getByRole("button", { name: "Save role" }).click();
      await expect(page.getByText(STAFFING_MESSAGES.exemptFte)).toBeVisible();
      await page.getByTestId("role-editor").getByRole("button", { name: "Cancel" }).click();

      for (const role of ROLES) await addRole(page, role);
      await expect(page.getByTestId("role-row").filter({ hasText: "Registered Nurse" })).toContainText(
        "Days 0700-1930 · 12.5 h (12 paid) · 5 staff",
      );
      await expect(page.getByTestId("role-row").filter({ hasText: "Registered Nurse" })).toContainText(
        "Nights 1900-0730 · 12.5 h (12 paid) · 4 staff",
      );
      await page.screenshot({ path: `${SCREENS}/wizard-2-roles.png`, fullPage: true });
      await main(page).click();
      await expect(page).toHaveURL(/\/user\/wizard\/careschedule$/);
    });

    await test.step("step 3: the 24-hour care schedule, planned against needed", async () => {
      const total = page.getByTestId("schedule-total-row").getByRole("cell");
      await expect(total).toHaveText([
        "Total",
        ...[5, 5, 5, 5, 5, 5, 5, 9, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 8.5, 6, 6, 6, 5].map(String),
      ]);
      await expect(page.getByTestId("care-chart")).toBeVisible();
      // Paid hours: RN 12.5 h − 30 min = 12, CNA 8 h − 30 min = 7.5: 5 × 12 + 4 × 12 + 5 × 7.5 = 145.5
      await expect(page.getByTestId("fig-planned")).toHaveText("145.5");
      await expect(page.getByTestId("fig-balance")).toHaveText("65.7"); // 211.2 − 145.5
      await page.screenshot({ path: `${SCREENS}/wizard-3-careschedule.png`, fullPage: true });
      await main(page).click();
      await expect(page).toHaveURL(/\/user\/wizard\/assignstaff$/);
    });

    const people: { name: string; type: string; fte: number; contractEnd: string | null }[] = [];
    await test.step("step 4: every staff member assigned; red until then; the footer notice", async () => {
      await expect(notices(page)).toContainText(WIZARD_NOTICES.assignOrRemove);
      await expect(main(page)).toBeDisabled();
      const rows = page.getByTestId("staff-row");
      const count = await rows.count();
      expect(count).toBeGreaterThan(10);
      for (let i = 0; i < count; i++) {
        const row = rows.nth(i);
        const name = (await row.getByTestId("staff-name").textContent()) ?? "";
        const cells = row.getByRole("cell");
        const type = ((await cells.nth(1).textContent()) ?? "").includes("Traveller")
          ? "Traveller"
          : ((await cells.nth(1).textContent()) ?? "").includes("PRN")
            ? "PRN"
            : "Regular";
        const fte = Number(await cells.nth(2).textContent());
        const contractEnd =
          type === "Traveller" ? await row.getByLabel(`Contract end date of ${name}`).inputValue() : null;
        people.push({ name, type, fte, contractEnd });
        await expect(row).toHaveAttribute("data-assigned", "false");
        await expect(row.getByTestId("staff-name")).toHaveCSS("color", /rgb\((1[5-9]\d|2\d\d), \d{1,2}, \d{1,2}\)/);
        if (i === count - 1) {
          // PATCH /api/staff-position: split 0.10 of the first person's position off to the last one.
          const first = rows.nth(0);
          const firstPerson = people[0] as (typeof people)[number];
          await first.getByRole("button", { name: `Split ${firstPerson.name}'s position` }).click();
          const split = first.getByTestId("split-form");
          await chooseOption(split.getByLabel("Give part to"), name);
          await split.getByLabel("FTE to split off").fill("0.1");
          await split.getByRole("button", { name: "Split", exact: true }).click();
          await expect(first).toHaveAttribute("data-assigned", "false");
          await expect(first.getByTestId("staff-assigned")).toHaveText(formatFte(firstPerson.fte - 0.1));
          await expect(row.getByTestId("staff-assigned")).toHaveText("0.10");
          await first.getByRole("button", { name: `Assign ${firstPerson.name}` }).click();
          await chooseOption(first.getByTestId("assign-form").getByLabel("Position"), "Registered Nurse · Days");
          await expect(first.getByTestId("assign-form").getByLabel("FTE")).toHaveValue("0.10");
          await first.getByTestId("assign-form").getByRole("button", { name: "Save" }).click();
          await expect(first).toHaveAttribute("data-assigned", "true");
        }
        await row.getByRole("button", { name: `Assign ${name}` }).click();
        const form = row.getByTestId("assign-form");
        const isManager = name === "Jordan Patel";
        await chooseOption(
          form.getByLabel("Position"),
          isManager ? "Nurse Manager" : type === "PRN" ? "Registered Nurse · Days" : await roomiest(form, fte),
        );
        await form.getByRole("button", { name: "Save" }).click();
        await expect(row).toHaveAttribute("data-assigned", "true");
      }
      await expect(page.getByTestId("unassigned-count")).toHaveText(`All ${count} assigned`);
      // A transfer within the cost center: the second person's position moves to CNA evenings and back.
      const second = rows.nth(1);
      const secondName = (people[1] as (typeof people)[number]).name;
      const before = (await second.getByRole("cell").nth(4).textContent()) ?? "";
      await second
        .getByRole("button", { name: `Move ${secondName}'s position` })
        .first()
        .click();
      await chooseOption(
        second.getByTestId("move-form").getByLabel("Move to"),
        "Certified Nursing Assistant · Evenings",
      );
      await second.getByTestId("move-form").getByRole("button", { name: "Move", exact: true }).click();
      await expect(second.getByRole("cell").nth(4)).toContainText("Certified Nursing Assistant · Evenings 1500-2300");
      await expect(second).toHaveAttribute("data-assigned", "true");
      await expect(second.getByTestId("move-form")).toBeHidden();
      const backTo =
        /^(.+?) · (Days|Evenings|Nights) /.exec(before)?.slice(1, 3).join(" · ") ?? "Registered Nurse · Days";
      await second
        .getByRole("button", { name: `Move ${secondName}'s position` })
        .first()
        .click();
      await chooseOption(second.getByTestId("move-form").getByLabel("Move to"), backTo);
      await second.getByTestId("move-form").getByRole("button", { name: "Move", exact: true }).click();
      await expect(second.getByRole("cell").nth(4)).toContainText(backTo);
      await expect(notices(page)).not.toContainText(WIZARD_NOTICES.assignOrRemove);
      await page.screenshot({ path: `${SCREENS}/wizard-4-assignstaff.png`, fullPage: true });
      await main(page).click();
      await expect(page).toHaveURL(/\/user\/wizard\/positioncontrol$/);
    });

    await test.step("step 5: open positions from what stays unfilled; requisition rule", async () => {
      await expect(page.getByText("No open positions")).toBeVisible();
      await page.getByRole("button", { name: "Calculate open positions" }).click();
      await expect(page.getByTestId("open-position").first()).toBeVisible();
      const first = page.getByTestId("open-position").first();
      await first.getByRole("button", { name: "Edit" }).click();
      const editor = page.getByTestId("open-editor");
      await editor.getByLabel("Requisition number").fill("REQ_2026_0001");
      await editor.getByRole("button", { name: "Save open position" }).click();
      await expect(editor.getByText(STAFFING_MESSAGES.requisition)).toBeVisible();
      await editor.getByLabel("Requisition number").fill("REQ-27-0001");
      await editor.getByRole("button", { name: "Save open position" }).click();
      await expect(page.getByTestId("open-position").first()).toContainText("Req. REQ-27-0001");
      await page.screenshot({ path: `${SCREENS}/wizard-5-positioncontrol.png`, fullPage: true });
      await main(page).click();
      await expect(page).toHaveURL(/\/user\/wizard\/review$/);
    });

    await test.step("going back to step 2 and changing a role sends steps 3 to 6 back to In progress", async () => {
      for (const step of ["CreateCareSchedules", "AssignStaff", "FinalizePositionControl"]) {
        await expect(stepStatus(page, step)).toHaveText("Completed");
      }
      await page.getByRole("link", { name: /DEFINE ROLES/ }).click();
      const cna = page.getByTestId("role-row").filter({ hasText: "Certified Nursing Assistant" });
      await cna.getByRole("button", { name: "Edit Certified Nursing Assistant" }).click();
      await page.getByTestId("role-editor").getByLabel("Nights staff per shift").fill("2");
      await page.getByTestId("role-editor").getByRole("button", { name: "Save role" }).click();
      await expect(cna).toContainText("Nights 2300-0700 · 8 h (7.5 paid) · 2 staff");
      await expect(stepStatus(page, "DefineRoles")).toHaveText("In progress");
      for (const step of ["CreateCareSchedules", "AssignStaff", "FinalizePositionControl", "ReviewAttestation"]) {
        await expect(stepStatus(page, step)).toHaveText("In progress");
      }
      await expect(stepStatus(page, "UnitDefinition")).toHaveText("Completed");
      // Forward again: the staff stay assigned; the open positions are calculated anew. Each step's
      // heading is awaited before its main button is pressed, so the press reaches that step's footer.
      const heading = (name: string) => page.getByRole("heading", { level: 1, name });
      await main(page).click();
      await expect(page).toHaveURL(/careschedule$/);
      await expect(heading("CREATE CARE SCHEDULES")).toBeVisible();
      await main(page).click();
      await expect(page).toHaveURL(/assignstaff$/);
      await expect(heading("ASSIGN STAFF")).toBeVisible();
      await main(page).click();
      await expect(page).toHaveURL(/positioncontrol$/);
      await expect(heading("FINALIZE POSITION CONTROL")).toBeVisible();
      await page.getByRole("button", { name: "Calculate open positions" }).click();
      await page.getByRole("alertdialog").getByRole("button", { name: "CALCULATE" }).click();
      await expect(page.getByTestId("open-position").first()).not.toContainText("REQ-27-0001");
      await main(page).click();
      await expect(page).toHaveURL(/review$/);
    });

    await test.step("step 6: the review's figures are the hand-worked ones; attest, then locked", async () => {
      const hired = people.filter((p) => p.type === "Regular").reduce((sum, p) => sum + p.fte, 0);
      const traveller = people
        .filter((p) => p.type === "Traveller")
        .reduce((sum, p) => sum + p.fte * travellerShare(p.contractEnd ?? ""), 0);
      const prn = people.filter((p) => p.type === "PRN").reduce((sum, p) => sum + p.fte, 0);
      const hiredExempt = people.filter((p) => p.name === "Jordan Patel").reduce((sum, p) => sum + p.fte, 0);
      await expect(page.getByRole("heading", { level: 1, name: "REVIEW AND ATTEST" })).toBeVisible();
      await expect(page.getByTestId("review-needs")).toBeVisible();
      const total = (key: string) => page.getByTestId(`total-${key}`);
      // With 2 CNAs on nights: 5 × 12 + 4 × 12 + (2 + 2 + 2) × 7.5 = 153 paid hours a day.
      await expect(page.getByTestId("fig-care")).toHaveText("211.2"); // 22 × 9.6
      await expect(page.getByTestId("fig-planned")).toHaveText("153.0");
      await expect(page.getByTestId("fig-hppd")).toHaveText("6.95"); // 153 ÷ 22
      // 153 × 365 ÷ 2080 = 26.849 variable + the fixed manager 0.5 × 0.9 = 0.45 → 27.30 productive
      await expect(page.getByTestId("fig-productive")).toHaveText("27.30");
      // 26.849 ÷ 0.9 = 29.832 + the manager's 0.5 → 30.33 paid
      await expect(page.getByTestId("fig-paid")).toHaveText("30.33");
      await expect(page.getByTestId("fig-census-need")).toHaveText("37.06"); // 211.2 × 365 ÷ 2080
      await expect(total("totalBudgetedWorked")).toHaveText("27.30");
      await expect(total("totalBudgetedPaid")).toHaveText("30.33");
      await expect(total("hiredFte")).toHaveText(formatFte(hired));
      await expect(total("hiredExemptFte")).toHaveText(formatFte(hiredExempt));
      await expect(total("hiredVariableFte")).toHaveText(formatFte(hired - hiredExempt));
      await expect(total("totalTravellerFte")).toHaveText(formatFte(traveller));
      await expect(total("prnFte")).toHaveText(formatFte(prn));
      await expect(total("overtimeFte")).toHaveText("1.34"); // 26.849 × 5 %, the exempt manager excluded
      await expect(total("totalBudgetedHiredDifference")).toHaveText(formatFte(30.3317 - hired));
      // Every position was requested by the calculation: no shortfall anywhere.
      await expect(total("totalGap")).toHaveText("0.00");

      await expect(main(page, "ATTEST")).toBeDisabled();
      await page.getByText(/I have reviewed this staffing plan/).click();
      await page.screenshot({ path: `${SCREENS}/wizard-6-review.png`, fullPage: true });
      await main(page, "ATTEST").click();
      await expect(page.getByTestId("locked-banner")).toContainText("Attested by Jordan Patel");
      for (const step of [
        "UnitDefinition",
        "DefineRoles",
        "CreateCareSchedules",
        "AssignStaff",
        "FinalizePositionControl",
        "ReviewAttestation",
      ]) {
        await expect(stepStatus(page, step)).toHaveText("Completed");
      }
      await page.screenshot({ path: `${SCREENS}/wizard-6-attested.png`, fullPage: true });
      await page.getByRole("link", { name: /UNIT DEFINITION/ }).click();
      await expect(page.getByLabel("Average daily census")).toBeDisabled();
      await expect(main(page, "NEXT")).toBeEnabled();
      await page.getByRole("link", { name: /DEFINE ROLES/ }).click();
      await expect(page.getByTestId("role-row")).toHaveCount(3);
      await expect(page.getByRole("button", { name: "Add role" })).toHaveCount(0);
      await expect(page.getByRole("button", { name: /^Edit / })).toHaveCount(0);
      const refused = await page.evaluate(async () => {
        const response = await fetch("/graphql", {
          method: "POST",
          headers: {
            "content-type": "application/json",
            authorization: `Bearer ${sessionStorage.getItem("accessToken")}`,
          },
          body: JSON.stringify({
            query: `query($id: ID!) { wizard(costCenterId: $id) { plan { id } } }`,
            variables: { id: sessionStorage.getItem("costCenterId") },
          }),
        });
        const planId = (await response.json()).data.wizard.plan.id;
        const change = await fetch("/graphql", {
          method: "POST",
          headers: {
            "content-type": "application/json",
            authorization: `Bearer ${sessionStorage.getItem("accessToken")}`,
          },
          body: JSON.stringify({
            query: `mutation($id: ID!) { calculateOpenPositions(planId: $id) { __typename ... on DomainError { message } } }`,
            variables: { id: planId },
          }),
        });
        return (await change.json()).data.calculateOpenPositions;
      });
      expect(refused).toEqual({
        __typename: "DomainError",
        message: "This staffing plan is attested and locked. An administrator must unlock it before it can change.",
      });
      await page.goto("/user/landing");
      await expect(page.getByTestId("cost-center-row").filter({ hasText: "6010" })).toContainText("Completed");
    });
  });

  test("a Read Only holder sees the wizard read-only and the server refuses a change; another cost center gives nothing", async ({
    page,
  }) => {
    await signIn(page, "user");
    await page.goto("/user/landing");
    await page.getByRole("button", { name: "View wizard for 6030 Telemetry" }).click();
    await expect(page).toHaveURL(/\/user\/wizard\/unitdef$/);
    await expect(page.getByTestId("read-only-banner")).toContainText(
      "You have read-only access to this cost center's wizard.",
    );
    await expect(page.getByText("The cost center's Complete Wizard holder has not begun the plan yet.")).toBeVisible();
    await expect(page.getByRole("button", { name: "Begin the staffing plan" })).toHaveCount(0);
    await expect(footer(page).getByRole("button").last()).toBeDisabled();
    await page.screenshot({ path: `${SCREENS}/wizard-read-only.png`, fullPage: true });

    const refusal = await page.evaluate(
      async (costCenterId) => {
        const response = await fetch("/graphql", {
          method: "POST",
          headers: {
            "content-type": "application/json",
            authorization: `Bearer ${sessionStorage.getItem("accessToken")}`,
          },
          body: JSON.stringify({
            query: `mutation($id: ID!) { startStaffingPlan(costCenterId: $id) { __typename ... on DomainError { message code } } }`,
            variables: { id: costCenterId },
          }),
        });
        return response.json();
      },
      demoId("costCenter", 3),
    );
    expect(refusal.data.startStaffingPlan).toEqual({
      __typename: "DomainError",
      code: "forbidden",
      message: "Only the cost center's Complete Wizard holder can change its staffing plan.",
    });

    await page.evaluate((id) => sessionStorage.setItem("costCenterId", id), demoId("costCenter", 4));
    await page.goto("/user/wizard/unitdef");
    await expect(page.getByText("We could not load the wizard")).toBeVisible();
    await expect(page.getByText("You have no access to this cost center.")).toBeVisible();
  });
});

test("footer notices on 6020: PRN FTE to the facility standard (value shown); a traveller's contract end date is saved", async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  const setPrnStandard = async (value: string) => {
    const admin = await browser.newPage();
    await signIn(admin, "admin");
    await admin.goto("/admin/facility-definitions/financial-information");
    const input = admin.getByLabel(/^PRN staff value \(FTE\)\s*\*?$/);
    await input.fill(value);
    await input.blur();
    await footer(admin).getByRole("button", { name: "SAVE AND CONTINUE" }).click();
    await expect(admin).toHaveURL(/\/admin\/landing$/);
    await admin.close();
  };
  await setPrnStandard("0.25");
  try {
    await signIn(page, "user");
    await page.goto("/user/landing");
    await page.getByRole("button", { name: "Open wizard for 6020 Medical Surgical 4 East" }).click();
    await page.getByRole("button", { name: "Begin the staffing plan" }).click();
    await expect(page.getByLabel("Average daily census")).toHaveValue("22");
    // Each step's heading is awaited before its main button is pressed, so the press reaches that step's footer.
    const heading = (name: string) => page.getByRole("heading", { level: 1, name });
    await main(page).click();
    await expect(page).toHaveURL(/defineRoles$/);
    await expect(heading("DEFINE ROLES")).toBeVisible();
    await addRole(page, ROLES[1] as (typeof ROLES)[number]);
    await main(page).click();
    await expect(page).toHaveURL(/careschedule$/);
    await expect(heading("CREATE CARE SCHEDULES")).toBeVisible();
    await main(page).click();
    await expect(page).toHaveURL(/assignstaff$/);

    await expect(notices(page)).toContainText("All PRN FTE must be set to the facility standard (0.25).");
    await expect(notices(page)).toContainText(WIZARD_NOTICES.assignOrRemove);
    const standard = page.getByRole("button", { name: "Set to standard (0.25)" });
    const count = await standard.count();
    expect(count).toBeGreaterThan(0);
    for (let left = count; left > 0; left--) {
      await standard.first().click();
      await expect(standard).toHaveCount(left - 1);
    }
    await expect(notices(page)).not.toContainText(WIZARD_NOTICES.prnStandard);
    const prn = page.getByTestId("staff-row").filter({ hasText: "PRN" }).first();
    await expect(prn.getByRole("cell").nth(2)).toHaveText("0.25");

    const traveller = page.getByTestId("staff-row").filter({ hasText: "Traveller" }).first();
    await traveller.getByLabel(/^Contract end date of/).fill("2027-03-31");
    await traveller.getByRole("button", { name: "Save", exact: true }).click();
    await expect(traveller.getByRole("button", { name: "Save", exact: true })).toBeDisabled();
    await page.screenshot({ path: `${SCREENS}/wizard-4-notices.png`, fullPage: true });
    await page.reload();
    await expect(
      page
        .getByTestId("staff-row")
        .filter({ hasText: "Traveller" })
        .first()
        .getByLabel(/^Contract end date of/),
    ).toHaveValue("2027-03-31");
  } finally {
    await setPrnStandard("0.2");
  }
});
