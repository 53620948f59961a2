import { describe, expect, it } from "vitest";
import { checkModelInputs, MODELLING_MESSAGES, type ModelBasis, type ModelInputs, modelFigures } from "./modelling";
import { STAFFING_MESSAGES } from "./rules";

const RN_ID = "11111111-1111-4111-8111-111111111111";
const NM_ID = "22222222-2222-4222-8222-222222222222";
const eightHours = (shift: "Days" | "Evenings" | "Nights", startTime: string, staffPerShift: number) => ({
  shift,
  startTime,
  durationHours: 8,
  staffPerShift,
});

/** The saved plan of the hand-worked example: 10 patients at 8 HPPD, RN on three 8-hour shifts (no break), a manager. */
const saved: ModelInputs = {
  census: 10,
  careTeamTarget: 8,
  nonProductiveGoalPercentage: 10,
  targetOvertimePercentage: 0,
  productiveFteBudget: null,
  totalPaidFteBudget: null,
  roles: [
    {
      unitRoleId: RN_ID,
      jobId: null,
      name: "RN",
      isExempt: false,
      fte: null,
      replacement: "Variable",
      unpaidBreakMinutes: 0,
      shifts: [eightHours("Days", "0700", 4), eightHours("Evenings", "1500", 3), eightHours("Nights", "2300", 3)],
    },
    {
      unitRoleId: NM_ID,
      jobId: null,
      name: "Nurse Manager",
      isExempt: true,
      fte: 1,
      replacement: "Fixed",
      unpaidBreakMinutes: null,
      shifts: [],
    },
  ],
};
/** One regular RN on Days at 1.0 FTE; the facility pays $50 an hour on average. */
const basis: ModelBasis = {
  annualHoursPerFte: 2080,
  averageHourlyRate: 50,
  directCareOfJob: new Map(),
  held: [{ roleKey: RN_ID, shift: "Days", fte: 1, staffType: "Regular", isExempt: false, coverage: 1 }],
  requested: [],
};
const model: ModelInputs = {
  ...saved,
  census: 12,
  roles: saved.roles.map((role) =>
    role.unitRoleId === RN_ID
      ? { ...role, shifts: role.shifts.map((s) => (s.shift === "Days" ? { ...s, staffPerShift: 5 } : s)) }
      : role,
  ),
};

describe("modelFigures, worked by hand", () => {
  it("the saved plan: 80 care hours, HPPD 8, 16.60 paid FTE, 34,524.44 paid hours, $1,726,222.22", () => {
    const f = modelFigures(saved, basis);
    // 10 × 8 = 80 h needed; RN 4×8 + 3×8 + 3×8 = 80 h scheduled, all direct care: HPPD 80 ÷ 10 = 8.
    expect(f.summary.dailyPlannedCare).toBe(80);
    expect(f.summary.dailyPlannedHours).toBe(80);
    expect(f.summary.careTeamHours).toBe(8);
    // Census-driven need 10 × 8 × 365 ÷ 2080 = 29,200 ÷ 2080 = 14.0385.
    expect(f.summary.censusDrivenFte).toBeCloseTo(14.0385, 4);
    // RN productive 80 × 365 ÷ 2080 = 14.0385, paid ÷ 0.9 = 15.5983; manager paid 1, productive 0.9.
    expect(f.summary.productiveFte).toBeCloseTo(14.9385, 4);
    expect(f.summary.totalPaidFte).toBeCloseTo(16.5983, 4);
    // Paid hours 16.5983 × 2080 = 32,444.44 + 2,080 = 34,524.44; × $50 = $1,726,222.22.
    expect(f.annualPaidHours).toBeCloseTo(34524.44, 2);
    expect(f.annualCost).toBeCloseTo(1726222.22, 2);
    const [rn, nm] = f.roles;
    // RN gap per shift, paid: Days 32 × 365 ÷ 1872 = 6.24 less 1.00 hired = 5.24; Evenings and Nights
    // 24 × 365 ÷ 1872 = 4.68 each: 14.60.
    expect(rn).toMatchObject({ name: "RN", hiredFte: 1, gapFte: 14.6 });
    expect(rn?.paidFte).toBeCloseTo(15.5983, 4);
    expect(nm).toMatchObject({ name: "Nurse Manager", paidFte: 1, hiredFte: 0, gapFte: 1 });
    expect(f.totals.totalGap).toBe(15.6);
    expect(f.summary.position24HDistribution).toEqual([
      3, 3, 3, 3, 3, 3, 3, 4, 4, 4, 4, 4, 4, 4, 4, 3, 3, 3, 3, 3, 3, 3, 3, 3,
    ]);
  });

  it("census 12 and five on Days: 88 hours, HPPD 7.33, 18.16 paid FTE, $1,888,444.44", () => {
    const f = modelFigures(model, basis);
    // 12 × 8 = 96 h needed; 5×8 + 3×8 + 3×8 = 88 h scheduled; 88 ÷ 12 = 7.333.
    expect(f.summary.dailyPlannedCare).toBe(96);
    expect(f.summary.dailyPlannedHours).toBe(88);
    expect(f.summary.careTeamHours).toBeCloseTo(7.3333, 4);
    // 12 × 8 × 365 ÷ 2080 = 16.8462.
    expect(f.summary.censusDrivenFte).toBeCloseTo(16.8462, 4);
    // RN 88 × 365 ÷ 2080 = 15.4423 productive, ÷ 0.9 = 17.1581 paid; + the manager's 1.
    expect(f.summary.totalPaidFte).toBeCloseTo(18.1581, 4);
    // 88 × 365 ÷ 0.9 = 35,688.89 + 2,080 = 37,768.89 h; × $50 = $1,888,444.44.
    expect(f.annualPaidHours).toBeCloseTo(37768.89, 2);
    expect(f.annualCost).toBeCloseTo(1888444.44, 2);
    // Days 40 × 365 ÷ 1872 = 7.80 less 1.00 = 6.80; + 4.68 + 4.68 = 16.16.
    expect(f.roles[0]).toMatchObject({ hiredFte: 1, gapFte: 16.16 });
    expect(f.summary.position24HDistribution.slice(7, 15)).toEqual([5, 5, 5, 5, 5, 5, 5, 5]);
  });

  it("a new role has nothing hired; no rate, no cost", () => {
    const withAide = {
      ...model,
      roles: [
        ...model.roles,
        {
          unitRoleId: null,
          jobId: null,
          name: "Aide",
          isExempt: false,
          fte: null,
          replacement: "Variable" as const,
          unpaidBreakMinutes: 0,
          shifts: [eightHours("Days", "0700", 1)],
        },
      ],
    };
    const f = modelFigures(withAide, { ...basis, averageHourlyRate: null });
    // Aide 8 × 365 ÷ 1872 = 1.5598 paid, all of it a gap (1.56 as shown).
    expect(f.roles[2]).toMatchObject({ roleKey: "new-2", name: "Aide", hiredFte: 0, gapFte: 1.56 });
    expect(f.annualCost).toBeNull();
  });
});

describe("checkModelInputs", () => {
  it("accepts a model without the budgets step 1 treats as optional", () => {
    const { productiveFteBudget: _p, totalPaidFteBudget: _t, ...withoutBudgets } = saved;
    const check = checkModelInputs(withoutBudgets);
    expect(check).toMatchObject({ ok: true, inputs: { productiveFteBudget: null, totalPaidFteBudget: null } });
    if (check.ok) expect(check.inputs.roles.map((r) => r.unitRoleId)).toEqual([RN_ID, NM_ID]);
  });

  it("names every problem by its path, with the wizard's words", () => {
    const check = checkModelInputs({
      ...saved,
      census: 0,
      nonProductiveGoalPercentage: 60,
      roles: [
        { ...saved.roles[0], shifts: [eightHours("Days", "0700", 30)] },
        { ...saved.roles[1], fte: 2 },
      ],
    });
    expect(check).toEqual({
      ok: false,
      problems: {
        census: "Average daily census must be from 1 to 1000",
        nonProductiveGoalPercentage: "Non-productive goal % must be from 0 to 50",
        "roles.0.shifts.0.staffPerShift": STAFFING_MESSAGES.staffPerShift,
        "roles.1.fte": STAFFING_MESSAGES.exemptFte,
      },
    });
  });

  it("refuses a model without a role list", () => {
    expect(checkModelInputs({ ...saved, roles: "RN" })).toMatchObject({
      ok: false,
      problems: { roles: MODELLING_MESSAGES.rolesList },
    });
  });
});
