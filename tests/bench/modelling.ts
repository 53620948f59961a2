/**
 * Modelling recompute benchmark (issue #14: under 16 ms per keystroke for a 40-role plan).
 *
 * 1. The math alone (node): a 40-role model (30 variable roles on three shifts, 10 exempt) against
 *    360 held positions: `checkModelInputs` + `modelFigures`, as the screen runs them per keystroke.
 * 2. In Chromium (with a built client; skip with --no-browser): the demo manager's cost center with
 *    the same 40-role plan on /user/modelling; each keystroke in "Average daily census", from the
 *    key going down to the figures table showing the new model, and to the next frame after it.
 *
 *   npx tsx tests/bench/modelling.ts [--runs 2000] [--keystrokes 40] [--no-browser]
 */
import { performance } from "node:perf_hooks";
import { costCenterPermissions, costCenters } from "../../db/schema";
import { DEMO_FACILITY_ID, DEMO_USER_IDS } from "../../db/seed/demo";
import {
  checkModelInputs,
  type HeldPosition,
  type ModelBasis,
  type ModelInputs,
  modelFigures,
  SHIFT_NAMES,
} from "../../schema/staffing";
import { createTestDatabase } from "../support/database";
import { hasBuiltClient, signedInChromium, startBenchApp } from "./browser";
import { numberOption } from "./options";
import { median, quantile } from "./statistics";

const args = process.argv.slice(2);
const RUNS = numberOption(args, "--runs", 2000);
const KEYSTROKES = numberOption(args, "--keystrokes", 40);
const START_TIMES = { Days: "0700", Evenings: "1500", Nights: "2300" } as const;

const percentile = (values: readonly number[], p: number) =>
  quantile(
    [...values].sort((a, b) => a - b),
    p,
  );

/** 30 variable roles on three 8-hour shifts and 10 exempt roles. */
function fortyRoles(): ModelInputs["roles"] {
  return Array.from({ length: 40 }, (_, i) =>
    i < 30
      ? {
          unitRoleId: `role-${i}`,
          jobId: null,
          name: `Variable role ${i + 1}`,
          isExempt: false,
          fte: null,
          replacement: "Variable" as const,
          unpaidBreakMinutes: null,
          shifts: SHIFT_NAMES.map((shift) => ({
            shift,
            startTime: START_TIMES[shift],
            durationHours: 8,
            staffPerShift: 1 + (i % 4),
          })),
        }
      : {
          unitRoleId: `role-${i}`,
          jobId: null,
          name: `Exempt role ${i + 1}`,
          isExempt: true,
          fte: 1,
          replacement: "Fixed" as const,
          unpaidBreakMinutes: null,
          shifts: [],
        },
  );
}

function mathAlone() {
  const roles = fortyRoles();
  const held: HeldPosition[] = roles.flatMap((role): HeldPosition[] =>
    role.isExempt
      ? [
          {
            roleKey: role.unitRoleId as string,
            shift: null,
            fte: 1,
            staffType: "Regular" as const,
            isExempt: true,
            coverage: 1,
          },
        ]
      : SHIFT_NAMES.flatMap((shift) =>
          Array.from({ length: 4 }, () => ({
            roleKey: role.unitRoleId as string,
            shift,
            fte: 0.9,
            staffType: "Regular" as const,
            isExempt: false,
            coverage: 1,
          })),
        ),
  );
  const basis: ModelBasis = {
    annualHoursPerFte: 2080,
    averageHourlyRate: 52.5,
    directCareOfJob: new Map(),
    held,
    requested: [],
  };
  const timings: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    const draft = {
      census: 10 + (run % 20),
      careTeamTarget: 8,
      nonProductiveGoalPercentage: 10,
      targetOvertimePercentage: 2,
      roles,
    };
    const start = performance.now();
    const check = checkModelInputs(draft);
    if (!check.ok) throw new Error(JSON.stringify(check.problems));
    modelFigures(check.inputs, basis);
    timings.push(performance.now() - start);
  }
  console.log(
    `math alone, 40 roles, ${held.length} held positions: median ${median(timings).toFixed(3)} ms, p95 ${percentile(timings, 0.95).toFixed(3)} ms (${RUNS} runs)`,
  );
}

async function inChromium() {
  const database = await createTestDatabase();
  const app = await startBenchApp(database);
  const db = database.db;
  const [costCenter] = await db
    .insert(costCenters)
    .values({ facilityId: DEMO_FACILITY_ID, code: "990040", name: "Forty Roles" })
    .returning({ id: costCenters.id });
  const costCenterId = costCenter?.id as string;
  await db.insert(costCenterPermissions).values({
    userId: DEMO_USER_IDS.user,
    costCenterId,
    completeWizard: true,
    readOnly: false,
    fte: 0,
  });
  const { browser, page } = await signedInChromium(app.baseUrl, "user");
  try {
    // The plan through the wizard's own GraphQL calls, with the manager's token, as the screens build it.
    const token = await page.evaluate(() => sessionStorage.getItem("accessToken"));
    const call = async (query: string, variables: Record<string, unknown>) => {
      const response = await fetch(`${app.baseUrl}/graphql`, {
        method: "POST",
        headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
        body: JSON.stringify({ query, variables }),
      });
      // biome-ignore lint/suspicious/noExplicitAny: the answer is read field by field.
      return (await response.json()) as any;
    };
    const started = await call(
      `mutation ($id: ID!) { startStaffingPlan(costCenterId: $id) { ... on MutationStartStaffingPlanSuccess { data { plan { id } } } } }`,
      { id: costCenterId },
    );
    const planId = started.data.startStaffingPlan.data.plan.id as string;
    for (const { unitRoleId: _id, ...role } of fortyRoles())
      await call(
        `mutation ($planId: ID!, $input: UnitRoleInput!) { createUnitRole(planId: $planId, input: $input) { __typename } }`,
        { planId, input: role },
      );
    await page.goto("/user/modelling");
    await page.getByLabel("Cost center").selectOption(costCenterId);
    const census = page.getByRole("spinbutton", { name: "Average daily census", exact: true });
    await census.waitFor();
    await page.getByTestId("model-figures").waitFor();
    await page.evaluate(() => {
      const w = window as unknown as { keyDownAt: number; timings: { dom: number; frame: number }[] };
      w.timings = [];
      document.addEventListener("keydown", () => (w.keyDownAt = performance.now()), { capture: true });
      const table = document.querySelector('[data-testid="model-figures"]') as Element;
      new MutationObserver(() => {
        const start = w.keyDownAt;
        if (!start) return;
        w.keyDownAt = 0;
        const dom = performance.now() - start;
        requestAnimationFrame(() => w.timings.push({ dom, frame: performance.now() - start }));
      }).observe(table, { subtree: true, characterData: true, childList: true });
    });
    // fill leaves the caret at the end (End would set the field to its maximum, as a spin button does).
    await census.fill("22");
    await page.waitForTimeout(500);
    // "22" → "2" → "23" → "2" → "24" …: every keystroke a new, valid census.
    for (let i = 0; i < KEYSTROKES; i++) {
      if (i % 2 === 0) await census.press("Backspace");
      else await census.press(String(2 + (i % 8)));
      await page.waitForTimeout(150);
    }
    const timings = (await page.evaluate(
      () => (window as unknown as { timings: { dom: number; frame: number }[] }).timings,
    )) as { dom: number; frame: number }[];
    const dom = timings.map((t) => t.dom);
    const frame = timings.map((t) => t.frame);
    console.log(
      `Chromium, 40-role plan, ${timings.length} keystrokes: key down → figures updated median ${median(dom).toFixed(1)} ms (p95 ${percentile(dom, 0.95).toFixed(1)}); → next frame median ${median(frame).toFixed(1)} ms (p95 ${percentile(frame, 0.95).toFixed(1)})`,
    );
  } finally {
    await browser.close();
    await app.close();
    await database.close();
  }
}

mathAlone();
if (!args.includes("--no-browser")) {
  if (hasBuiltClient()) await inChromium();
  else console.log("No built client (npm run build): the Chromium part is skipped.");
}
