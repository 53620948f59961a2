import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  careSchedule,
  dailyHoursPerFte,
  dailyPlannedCare,
  formatFte,
  fteEquals,
  fteOfDailyHours,
  fteOfWeeklyHours,
  isAssignedStaffComplete,
  isRoleComplete,
  openPositionsFor,
  paidFteOfProductive,
  planSummary,
  positionNeeds,
  positionTotals,
  type RoleInput,
  roundFte,
  shiftDistribution,
  shiftEndTime,
} from "./math";
import { openPositionSchema, roleSchema, STAFFING_MESSAGES, unitDefinitionSchema } from "./rules";

const H = 2080;
const unit = {
  census: 22,
  careTeamTarget: 9.6,
  nonProductiveGoalPercentage: 10,
  targetOvertimePercentage: 5,
  productiveFteBudget: 30,
  totalPaidFteBudget: 33,
};

/** The spec's sample: RN 12-hour shifts 0700-1930 and 1900-0730, assistants on 8-hour shifts, a manager at 0.5. */
const SAMPLE_ROLES: RoleInput[] = [
  { key: "nm", name: "Nurse Manager", isExempt: true, fte: 0.5, replacement: "Fixed", shifts: [] },
  {
    key: "rn",
    name: "Registered Nurse",
    isExempt: false,
    fte: null,
    replacement: "Variable",
    shifts: [
      { shift: "Days", startTime: "0700", durationHours: 12.5, staffPerShift: 5 },
      { shift: "Nights", startTime: "1900", durationHours: 12.5, staffPerShift: 4 },
    ],
  },
  {
    key: "cna",
    name: "Certified Nursing Assistant",
    isExempt: false,
    fte: null,
    replacement: "Variable",
    shifts: [
      { shift: "Days", startTime: "0700", durationHours: 8, staffPerShift: 2 },
      { shift: "Evenings", startTime: "1500", durationHours: 8, staffPerShift: 2 },
      { shift: "Nights", startTime: "2300", durationHours: 8, staffPerShift: 1 },
    ],
  },
];

describe("hand-worked examples", () => {
  it("22 census × 9.6 HPPD = 211.2 care hours a day", () => {
    expect(dailyPlannedCare(22, 9.6)).toBeCloseTo(211.2, 10);
  });

  it("a 3 × 12-hour nurse is 0.9 FTE (72 of 80 hours a pay period)", () => {
    expect(fteOfWeeklyHours(3 * 12, H)).toBeCloseTo(0.9, 10);
    expect(fteOfWeeklyHours(72 / 2, H)).toBeCloseTo(0.9, 10);
  });

  it("one FTE is 2080 ÷ 365 ≈ 5.70 hours a day, and those hours are 1 FTE back", () => {
    expect(dailyHoursPerFte(H)).toBeCloseTo(5.6986, 4);
    expect(fteOfDailyHours(dailyHoursPerFte(H), H)).toBeCloseTo(1, 10);
  });

  it("25.20 productive at 15 % non-productive is 29.65 paid, not 28.98", () => {
    const paid = paidFteOfProductive(25.2, 15);
    expect(formatFte(paid)).toBe("29.65");
    expect(roundFte(paid)).toBe(29.647);
    expect(formatFte(25.2 * 1.15)).toBe("28.98");
  });

  it("shifts end past midnight", () => {
    expect(shiftEndTime("0700", 12.5)).toBe("1930");
    expect(shiftEndTime("1900", 12.5)).toBe("0730");
    expect(shiftEndTime("2300", 8)).toBe("0700");
    expect(shiftEndTime("2400", 8)).toBe("0800");
  });

  it("0700-1930 counts in hours 7 to 18 and half of hour 19", () => {
    const hours = shiftDistribution({ shift: "Days", startTime: "0700", durationHours: 12.5, staffPerShift: 1 });
    expect(hours).toEqual([0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 0.5, 0, 0, 0, 0]);
  });

  it("1900-0730 wraps past midnight", () => {
    const hours = shiftDistribution({ shift: "Nights", startTime: "1900", durationHours: 12.5, staffPerShift: 2 });
    expect(hours).toEqual([2, 2, 2, 2, 2, 2, 2, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2, 2, 2, 2, 2]);
  });

  it("the sample plan's 24-hour distribution, worked by hand", () => {
    const { total, byRole } = careSchedule(SAMPLE_ROLES);
    // 00-06: 4 RN + 1 CNA; 07: 5 RN days + 2 RN nights (last half hour ×4) + 2 CNA; 08-18: 5 RN + 2 CNA;
    // 19: 2.5 RN days + 4 RN nights + 2 CNA; 20-22: 4 RN + 2 CNA; 23: 4 RN + 1 CNA.
    expect(total).toEqual([5, 5, 5, 5, 5, 5, 5, 9, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 8.5, 6, 6, 6, 5]);
    expect(byRole.nm).toEqual(new Array(24).fill(0));
    expect(total.reduce((a, b) => a + b, 0)).toBe(152.5);
  });

  it("the sample plan's figures", () => {
    const s = planSummary(unit, SAMPLE_ROLES, H);
    expect(s.dailyPlannedCare).toBeCloseTo(211.2, 10);
    expect(s.dailyPlannedHours).toBe(152.5); // 62.5 + 50 + 16 + 16 + 8
    expect(s.careTeamHours).toBeCloseTo(152.5 / 22, 10); // 6.93 HPPD delivered
    expect(s.budgetBalance).toBeCloseTo(58.7, 10); // under-staffed by 58.7 hours a day
    expect(s.fixedDailyHours).toBeCloseTo((0.5 * 2080) / 365, 10);
    // (152.5 + 2.849) × 365 ÷ 2080 = 26.761 + 0.5 = 27.261
    expect(roundFte(s.productiveFte)).toBe(27.261);
    // variable 26.761 ÷ 0.9 = 29.734, plus the manager's fixed 0.5 unreplaced = 30.234
    expect(roundFte(s.totalPaidFte)).toBe(30.234);
    expect(roundFte(s.overtimeFte)).toBe(1.363);
    expect(roundFte(s.productiveFteVariance ?? Number.NaN)).toBe(-2.739);
    expect(s.position24HDistribution).toHaveLength(24);
  });

  it("a fixed role with replacement is divided like the variable ones", () => {
    const roles: RoleInput[] = [
      { key: "ce", name: "Educator", isExempt: true, fte: 0.9, replacement: "FixedWithReplacement", shifts: [] },
    ];
    expect(roundFte(planSummary(unit, roles, H).totalPaidFte)).toBe(1);
  });

  it("open positions: what stays unfilled, one requisition per whole FTE", () => {
    const roles: RoleInput[] = [
      {
        key: "rn",
        name: "RN",
        isExempt: false,
        fte: null,
        replacement: "Variable",
        shifts: [{ shift: "Days", startTime: "0700", durationHours: 12, staffPerShift: 1 }],
      },
    ];
    // 12 h a day = 12 × 365 ÷ 2080 = 2.106 productive; ÷ 0.9 = 2.340 paid.
    const needs = positionNeeds(roles, 10, H);
    expect(roundFte(needs[0]?.paidFte ?? 0)).toBe(2.34);
    const held = [
      { roleKey: "rn", shift: "Days" as const, fte: 0.9, staffType: "Regular" as const, isExempt: false },
      { roleKey: "rn", shift: "Days" as const, fte: 0.2, staffType: "PRN" as const, isExempt: false },
      { roleKey: "rn", shift: "Days" as const, fte: 0.4, staffType: "Traveller" as const, isExempt: false },
    ];
    const open = openPositionsFor(needs, held);
    expect(open.map((p) => p.fte)).toEqual([1, 0.04]);
    expect(open[0]).toMatchObject({ shift: "Days", startTime: "0700", endTime: "1900", isTraveller: false });
    const totals = positionTotals(
      { productiveFte: needs[0]?.productiveFte ?? 0, totalPaidFte: needs[0]?.paidFte ?? 0 },
      held,
      open,
    );
    expect(roundFte(totals.hiredFte)).toBe(0.9);
    expect(totals.prnFte).toBe(0.2);
    expect(totals.totalTravellerFte).toBe(0.4);
    expect(roundFte(totals.totalRequestedFte)).toBe(1.04);
    expect(roundFte(totals.totalBudgetedHiredDifference)).toBe(1.44);
    expect(fteEquals(totals.totalGap, 0)).toBe(true);
  });
});

describe("completeness (spec section 5)", () => {
  it("a role needs its name, start time and staff per shift; an exempt role its FTE", () => {
    expect(
      isRoleComplete({ name: "RN", isExempt: false, fte: null, shifts: [{ startTime: "0700", staffPerShift: 3 }] }),
    ).toBe(true);
    expect(
      isRoleComplete({ name: "RN", isExempt: false, fte: null, shifts: [{ startTime: "", staffPerShift: 3 }] }),
    ).toBe(false);
    expect(
      isRoleComplete({ name: "RN", isExempt: false, fte: null, shifts: [{ startTime: "0700", staffPerShift: null }] }),
    ).toBe(false);
    expect(isRoleComplete({ name: "", isExempt: true, fte: 0.5, shifts: [] })).toBe(false);
    expect(isRoleComplete({ name: "NM", isExempt: true, fte: 0, shifts: [] })).toBe(false);
  });

  it("assigned staff needs a contract date only when a traveller", () => {
    const base = { empId: "1-RN", dateOfHire: "2020-01-01", firstName: "A", lastName: "B", assignedFte: 0.9 };
    expect(isAssignedStaffComplete({ ...base, isTraveller: false, contractDate: null })).toBe(true);
    expect(isAssignedStaffComplete({ ...base, isTraveller: true, contractDate: null })).toBe(false);
    expect(isAssignedStaffComplete({ ...base, isTraveller: true, contractDate: "2027-01-01" })).toBe(true);
  });
});

describe("input rules", () => {
  it("accepts the sample defaults and refuses out-of-range fields with the rule", () => {
    expect(unitDefinitionSchema.safeParse(unit).success).toBe(true);
    const bad = unitDefinitionSchema.safeParse({ ...unit, census: 0, nonProductiveGoalPercentage: 100 });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues.map((i) => i.message)).toEqual([
      "Average daily census must be from 1 to 1000",
      "Non-productive goal % must be from 0 to 99",
    ]);
    const paid = unitDefinitionSchema.safeParse({ ...unit, totalPaidFteBudget: 20 });
    expect(paid.error?.issues[0]?.message).toBe(STAFFING_MESSAGES.paidBelowProductive);
  });

  it("exempt FTE 0.01 to 1.5; staff per shift 1 to 24; military start times to 2400", () => {
    const exempt = (fte: number) => roleSchema.safeParse({ name: "NM", isExempt: true, fte }).error?.issues[0]?.message;
    expect(exempt(0)).toBe(STAFFING_MESSAGES.exemptFte);
    expect(exempt(1.51)).toBe(STAFFING_MESSAGES.exemptFte);
    expect(exempt(0.01)).toBeUndefined();
    expect(exempt(1.5)).toBeUndefined();
    const shift = (s: object) =>
      roleSchema.safeParse({
        name: "RN",
        isExempt: false,
        shifts: [{ shift: "Days", startTime: "0700", durationHours: 12, staffPerShift: 3, ...s }],
      }).error?.issues[0]?.message;
    expect(shift({ staffPerShift: 0 })).toBe(STAFFING_MESSAGES.staffPerShift);
    expect(shift({ staffPerShift: 25 })).toBe(STAFFING_MESSAGES.staffPerShift);
    expect(shift({ staffPerShift: 24 })).toBeUndefined();
    expect(shift({ startTime: "2401" })).toBe(STAFFING_MESSAGES.militaryTime);
    expect(shift({ startTime: "700" })).toBe(STAFFING_MESSAGES.militaryTime);
    expect(shift({ startTime: "07.0" })).toBe(STAFFING_MESSAGES.militaryTime);
    expect(shift({ startTime: "0760" })).toBe(STAFFING_MESSAGES.militaryTime);
    expect(shift({ startTime: "2400" })).toBeUndefined();
    expect(shift({ durationHours: 0.5 })).toBe(STAFFING_MESSAGES.duration);
    expect(roleSchema.safeParse({ name: "RN", isExempt: false, shifts: [] }).error?.issues[0]?.message).toBe(
      STAFFING_MESSAGES.shiftsRequired,
    );
  });

  it("requisition numbers are code-like, at most 12 characters", () => {
    const base = { unitRoleId: "5eed0007-0000-4000-8000-000000000001", fte: 1 };
    expect(openPositionSchema.safeParse({ ...base, requisitionNumber: "REQ-26-0001" }).success).toBe(true);
    expect(
      openPositionSchema.safeParse({ ...base, requisitionNumber: "REQ-2026-00001" }).error?.issues[0]?.message,
    ).toBe(STAFFING_MESSAGES.requisition);
    expect(openPositionSchema.safeParse({ ...base, fte: 0 }).error?.issues[0]?.message).toBe(
      STAFFING_MESSAGES.positiveFte,
    );
  });
});

// ---------------------------------------------------------------------------------------------
// Properties
// ---------------------------------------------------------------------------------------------

const militaryArb = fc
  .tuple(fc.integer({ min: 0, max: 23 }), fc.integer({ min: 0, max: 59 }))
  .map(([h, m]) => `${String(h).padStart(2, "0")}${String(m).padStart(2, "0")}`);
const shiftArb = fc.record({
  shift: fc.constantFrom("Days" as const, "Evenings" as const, "Nights" as const),
  startTime: militaryArb,
  durationHours: fc.integer({ min: 4, max: 96 }).map((q) => q / 4),
  staffPerShift: fc.integer({ min: 1, max: 24 }),
});
const roleArb = fc.oneof(
  fc.record({
    key: fc.uuid(),
    name: fc.constant("Exempt"),
    isExempt: fc.constant(true),
    fte: fc.integer({ min: 1, max: 150 }).map((n) => n / 100),
    replacement: fc.constantFrom("Fixed" as const, "FixedWithReplacement" as const),
    shifts: fc.constant([]),
  }),
  fc.record({
    key: fc.uuid(),
    name: fc.constant("Variable"),
    isExempt: fc.constant(false),
    fte: fc.constant(null),
    replacement: fc.constant("Variable" as const),
    shifts: fc.uniqueArray(shiftArb, { minLength: 1, maxLength: 3, selector: (s) => s.shift }),
  }),
);
const unitArb = fc.record({
  census: fc.integer({ min: 100, max: 100000 }).map((n) => n / 100),
  careTeamTarget: fc.integer({ min: 100, max: 100000 }).map((n) => n / 100),
  nonProductiveGoalPercentage: fc.integer({ min: 0, max: 9900 }).map((n) => n / 100),
  targetOvertimePercentage: fc.integer({ min: 0, max: 10000 }).map((n) => n / 100),
  productiveFteBudget: fc.option(fc.integer({ min: 0, max: 1000000 }).map((n) => n / 100)),
  totalPaidFteBudget: fc.option(fc.integer({ min: 0, max: 1000000 }).map((n) => n / 100)),
});
const hoursArb = fc.integer({ min: 1000, max: 3000 });

describe("properties", () => {
  it("the distribution always has 24 entries and adds up to the planned hours", () => {
    fc.assert(
      fc.property(fc.array(roleArb, { maxLength: 12 }), (roles) => {
        const { total } = careSchedule(roles);
        expect(total).toHaveLength(24);
        const planned = planSummary({ ...unit }, roles, H).dailyPlannedHours;
        expect(total.reduce((a, b) => a + b, 0)).toBeCloseTo(planned, 6);
        for (const v of total) expect(v).toBeGreaterThanOrEqual(0);
      }),
    );
  });

  it("totals do not depend on the order of roles", () => {
    fc.assert(
      fc.property(fc.array(roleArb, { maxLength: 10 }), unitArb, hoursArb, (roles, u, hours) => {
        const a = planSummary(u, roles, hours);
        const b = planSummary(u, [...roles].reverse(), hours);
        expect(fteEquals(a.totalPaidFte, b.totalPaidFte)).toBe(true);
        expect(fteEquals(a.productiveFte, b.productiveFte)).toBe(true);
        expect(a.dailyPlannedHours).toBeCloseTo(b.dailyPlannedHours, 9);
        a.position24HDistribution.forEach((v, h) => {
          expect(v).toBeCloseTo(b.position24HDistribution[h] ?? -1, 9);
        });
      }),
    );
  });

  it("no input within the validated ranges gives NaN or a negative FTE", () => {
    fc.assert(
      fc.property(fc.array(roleArb, { maxLength: 10 }), unitArb, hoursArb, (roles, u, hours) => {
        const s = planSummary(u, roles, hours);
        for (const value of [s.productiveFte, s.totalPaidFte, s.overtimeFte, s.fixedDailyHours, s.careTeamHours]) {
          expect(Number.isFinite(value)).toBe(true);
          expect(value).toBeGreaterThanOrEqual(0);
        }
        expect(Number.isFinite(s.budgetBalance)).toBe(true);
        for (const need of positionNeeds(roles, u.nonProductiveGoalPercentage, hours)) {
          expect(need.paidFte).toBeGreaterThanOrEqual(need.productiveFte - 1e-9);
          expect(Number.isNaN(need.paidFte)).toBe(false);
        }
        for (const open of openPositionsFor(positionNeeds(roles, u.nonProductiveGoalPercentage, hours), [])) {
          expect(open.fte).toBeGreaterThan(0);
          expect(open.fte).toBeLessThanOrEqual(1);
        }
      }),
      { numRuns: 60 },
    );
  });
});
