import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { HAND_WORKED_UNIT } from "../../tests/support/handWorkedPlan";
import { budgetYearRange } from "../calendar";
import {
  careSchedule,
  censusDrivenFte,
  contractCoverage,
  dailyHoursPerFte,
  dailyPlannedCare,
  formatFte,
  fteOfDailyHours,
  fteOfWeeklyHours,
  type HeldPosition,
  isAssignedStaffComplete,
  isGapClosed,
  isRoleComplete,
  openPositionsFor,
  paidFteOfProductive,
  planSummary,
  positionControl,
  positionNeeds,
  type RoleInput,
  roundFte,
  shiftDistribution,
  shiftEndTime,
  shiftPaidHours,
} from "./math";
import { openPositionSchema, roleSchema, STAFFING_MESSAGES, unitDefinitionSchema } from "./rules";
import { heldPosition, requestedAsCalculated, variableRole } from "./testRoles";

const H = 2080;
/** The spec's sample unit: census 22 at 9.6 HPPD, 10 % non-productive, 5 % overtime, budget 30 / 33 FTE. */
const unit = HAND_WORKED_UNIT;

/** The spec's sample: RN 12-hour shifts 0700-1930 and 1900-0730, assistants on 8-hour shifts, a manager at 0.5. */
const SAMPLE_ROLES: RoleInput[] = [
  {
    key: "nm",
    name: "Nurse Manager",
    isExempt: true,
    fte: 0.5,
    replacement: "Fixed",
    unpaidBreakMinutes: null,
    isDirectCare: false,
    shifts: [],
  },
  variableRole("rn", "Registered Nurse", [
    { shift: "Days", startTime: "0700", durationHours: 12.5, staffPerShift: 5 },
    { shift: "Nights", startTime: "1900", durationHours: 12.5, staffPerShift: 4 },
  ]),
  variableRole("cna", "Certified Nursing Assistant", [
    { shift: "Days", startTime: "0700", durationHours: 8, staffPerShift: 2 },
    { shift: "Evenings", startTime: "1500", durationHours: 8, staffPerShift: 2 },
    { shift: "Nights", startTime: "2300", durationHours: 8, staffPerShift: 1 },
  ]),
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

  it("the sample plan's figures, with paid hours apart from the clock span", () => {
    const s = planSummary(unit, SAMPLE_ROLES, H);
    expect(s.dailyPlannedCare).toBeCloseTo(211.2, 10);
    // Paid hours: RN 12.5 h on the clock − 30 min = 12 h; CNA 8 h − 30 min = 7.5 h.
    // 5 × 12 + 4 × 12 + 2 × 7.5 + 2 × 7.5 + 1 × 7.5 = 60 + 48 + 15 + 15 + 7.5 = 145.5 h
    expect(s.dailyPlannedHours).toBe(145.5);
    expect(s.directCareHours).toBe(145.5);
    expect(s.careTeamHours).toBeCloseTo(145.5 / 22, 10); // 6.61 HPPD delivered
    expect(s.budgetBalance).toBeCloseTo(65.7, 10); // 211.2 − 145.5: under-staffed by 65.7 hours a day
    expect(s.fixedDailyHours).toBeCloseTo((0.5 * 2080) / 365, 10);
    // variable: 145.5 × 365 ÷ 2080 = 25.532; the fixed manager: 0.5 × (1 − 10 %) = 0.45 productive
    expect(roundFte(s.productiveFte)).toBe(25.982);
    // variable 25.532 ÷ 0.9 = 28.369, plus the manager's 0.5 paid (not replaced) = 28.869
    expect(roundFte(s.totalPaidFte)).toBe(28.869);
    // overtime on non-exempt hours only: 25.532 × 5 % = 1.277
    expect(roundFte(s.overtimeFte)).toBe(1.277);
    expect(roundFte(s.productiveFteVariance ?? Number.NaN)).toBe(-4.018); // 25.982 − 30
    expect(roundFte(s.paidFteVariance ?? Number.NaN)).toBe(-4.131); // 28.869 − 33
    // census-driven need 211.2 × 365 ÷ 2080 = 37.062; the roles schedule 25.532 of it
    expect(roundFte(s.censusDrivenFte)).toBe(37.062);
    expect(roundFte(s.censusDrivenDifference)).toBe(-11.529);
    expect(s.position24HDistribution).toHaveLength(24);
  });

  it("Jones: 30 ADC × 8 HPPD × 365 ÷ 1,800 = 48.67 FTE census-driven need", () => {
    expect(formatFte(censusDrivenFte(30, 8, 1800))).toBe("48.67");
  });

  it("a 24/7 12-hour post with a 30-min unpaid break at 2080 h is 4.21 productive, 4.95 paid at 15 %", () => {
    const post = variableRole(
      "rn",
      "RN",
      [
        { shift: "Days", startTime: "0700", durationHours: 12.5, staffPerShift: 1 },
        { shift: "Nights", startTime: "1900", durationHours: 12.5, staffPerShift: 1 },
      ],
      { unpaidBreakMinutes: 30 },
    );
    expect(shiftPaidHours({ durationHours: 12.5 }, 30)).toBe(12);
    // 2 × 12 paid hours = 24 h a day; 24 × 365 ÷ 2080 = 4.2115; ÷ 0.85 = 4.9548
    const s = planSummary({ ...unit, nonProductiveGoalPercentage: 15 }, [post], H);
    expect(formatFte(s.productiveFte)).toBe("4.21");
    expect(formatFte(s.totalPaidFte)).toBe("4.95");
    // The 24-hour distribution follows the clock: 25 staff-hours, 1.5 on duty at 07 and 19 (hand-over).
    expect(s.position24HDistribution.reduce((a, b) => a + b, 0)).toBe(25);
    expect(s.position24HDistribution[7]).toBe(1.5);
    expect(s.position24HDistribution[19]).toBe(1.5);
    expect(s.position24HDistribution[12]).toBe(1);
  });

  it("the default break is 30 min on shifts of 8 h or more and none on shorter ones", () => {
    expect(shiftPaidHours({ durationHours: 8 }, null)).toBe(7.5);
    expect(shiftPaidHours({ durationHours: 7.75 }, null)).toBe(7.75);
    expect(shiftPaidHours({ durationHours: 12 }, 0)).toBe(12);
    expect(shiftPaidHours({ durationHours: 10 }, 45)).toBe(9.25);
  });

  it("HPPD and the care-hours balance count direct-care roles only", () => {
    const rn = variableRole("rn", "RN", [{ shift: "Days", startTime: "0700", durationHours: 12, staffPerShift: 2 }], {
      unpaidBreakMinutes: 0,
    });
    const secretary: RoleInput = { ...rn, key: "us", name: "Unit Secretary", isDirectCare: false };
    // Census 3 × HPPD 8 = 24 care hours; the RNs schedule 2 × 12 = 24, the secretary 24 more.
    const s = planSummary({ ...unit, census: 3, careTeamTarget: 8 }, [rn, secretary], H);
    expect(s.dailyPlannedHours).toBe(48);
    expect(s.directCareHours).toBe(24);
    expect(s.careTeamHours).toBe(8); // 24 ÷ 3, not 48 ÷ 3 = 16
    expect(s.budgetBalance).toBe(0); // the target is met exactly
    expect(s.censusDrivenDifference).toBeCloseTo(0, 10);
  });

  it("an all-exempt unit earns no overtime", () => {
    const roles: RoleInput[] = [
      { ...SAMPLE_ROLES[0], key: "nm", fte: 1 } as RoleInput,
      { ...SAMPLE_ROLES[0], key: "ce", name: "Educator", fte: 0.5, replacement: "FixedWithReplacement" } as RoleInput,
    ];
    const s = planSummary({ ...unit, targetOvertimePercentage: 10 }, roles, H);
    expect(s.overtimeFte).toBe(0);
    // NM fixed: 1 × 0.9 = 0.9 productive, 1 paid; educator with replacement: 0.5 productive, 0.5 ÷ 0.9 = 0.556 paid
    expect(roundFte(s.productiveFte)).toBe(1.4);
    expect(roundFte(s.totalPaidFte)).toBe(1.556);
  });

  it("a fixed exempt manager is 90 % productive at 10 % non-productive; with replacement, divided like the variable ones", () => {
    const [nm] = positionNeeds([SAMPLE_ROLES[0] as RoleInput], 10, H);
    expect(nm?.productiveFte).toBeCloseTo(0.45, 10); // 0.5 × (1 − 0.10)
    expect(nm?.paidFte).toBe(0.5);
    const roles: RoleInput[] = [
      { ...(SAMPLE_ROLES[0] as RoleInput), key: "ce", name: "Educator", fte: 0.9, replacement: "FixedWithReplacement" },
    ];
    expect(roundFte(planSummary(unit, roles, H).totalPaidFte)).toBe(1); // 0.9 ÷ 0.9
  });

  it("open positions: what stays unfilled, one requisition per whole FTE, rounded as shown", () => {
    const roles = [
      variableRole("rn", "RN", [{ shift: "Days", startTime: "0700", durationHours: 12, staffPerShift: 1 }], {
        unpaidBreakMinutes: 0,
      }),
    ];
    // 12 h a day = 12 × 365 ÷ 2080 = 2.1058 productive; ÷ 0.9 = 2.3397 paid.
    const needs = positionNeeds(roles, 10, H);
    expect(roundFte(needs[0]?.paidFte ?? 0)).toBe(2.34);
    const held = [
      heldPosition("rn", "Days", 0.9),
      heldPosition("rn", "Days", 0.2, { staffType: "PRN" }),
      heldPosition("rn", "Days", 0.4, { staffType: "Traveller" }),
    ];
    // unfilled 2.3397 − 0.9 − 0.4 = 1.0397, shown 1.04: requisitions 1 and 0.04 (PRN fills nothing)
    const open = openPositionsFor(needs, held);
    expect(open.map((p) => p.fte)).toEqual([1, 0.04]);
    expect(open[0]).toMatchObject({ shift: "Days", startTime: "0700", endTime: "1900", isTraveller: false });
    const { rows, totals } = positionControl(needs, held, requestedAsCalculated(open));
    expect(roundFte(totals.hiredFte)).toBe(0.9);
    expect(totals.prnFte).toBe(0.2);
    expect(totals.totalTravellerFte).toBe(0.4);
    expect(roundFte(totals.totalRequestedFte)).toBe(1.04);
    expect(roundFte(totals.totalBudgetedHiredDifference)).toBe(1.44); // 2.3397 − 0.9
    // 2.3397 − 0.9 − 0.4 − 1.04 = −0.0003: no gap, and no over-hire to speak of
    expect(rows[0]).toMatchObject({ gapFte: 0, overHireFte: 0 });
    expect(totals.totalGap).toBe(0);
    expect(isGapClosed(totals.totalGap)).toBe(true);
  });

  it("step 4's unfilled 0.49 is step 5's requisition 0.49, and the calculated plan's gap is 0.00", () => {
    // 0.494 paid FTE needed: shown 0.49 unfilled; the requisition is 0.49 (not rounded up to 0.50).
    const need = {
      ...(positionNeeds(SAMPLE_ROLES.slice(0, 1) as RoleInput[], 0, H)[0] as ReturnType<typeof positionNeeds>[number]),
      paidFte: 0.494,
    };
    const [requisition] = openPositionsFor([need], []);
    expect(requisition?.fte).toBe(0.49);
    const { totals } = positionControl(
      [need],
      [],
      [{ roleKey: need.roleKey, shift: null, fte: 0.49, isTraveller: false }],
    );
    expect(formatFte(totals.totalGap)).toBe("0.00");
    expect(formatFte(totals.totalOverHire)).toBe("0.00");
  });

  it("a need on the half cent: 7.665 is 7.67 unfilled, and the 7.67 requested shows neither gap nor over-hire", () => {
    // 21 staff × a 3-hour shift × 365 days ÷ 3000 hours = 7.665 FTE (no break under 8 h, 0 % non-productive).
    const role = variableRole("half-cent", "Sitter", [
      { shift: "Days", startTime: "0000", durationHours: 3, staffPerShift: 21 },
    ]);
    const needs = positionNeeds([role], 0, 3000);
    expect(needs[0]?.paidFte).toBeCloseTo(7.665, 9);
    const requisitions = openPositionsFor(needs, []);
    // 1 × 7 whole FTEs, then 0.67.
    expect(requisitions.map((r) => r.fte)).toEqual([1, 1, 1, 1, 1, 1, 1, 0.67]);
    const { rows, totals } = positionControl(needs, [], requestedAsCalculated(requisitions));
    expect(formatFte(rows[0]?.paidFte ?? NaN)).toBe("7.67");
    expect(formatFte(totals.totalRequestedFte)).toBe("7.67");
    expect(formatFte(totals.totalGap)).toBe("0.00");
    expect(formatFte(totals.totalOverHire)).toBe("0.00");
  });

  it("a multi-role unit: an over-hired unit secretary never hides an RN shortfall", () => {
    const rn = variableRole("rn", "RN", [{ shift: "Days", startTime: "0700", durationHours: 12.5, staffPerShift: 1 }]);
    const secretary = variableRole(
      "us",
      "Unit Secretary",
      [{ shift: "Days", startTime: "0800", durationHours: 8, staffPerShift: 1 }],
      { unpaidBreakMinutes: 0, isDirectCare: false },
    );
    // RN: 12 paid h × 365 ÷ 2080 = 2.1058 paid at NP 0; secretary: 8 × 365 ÷ 2080 = 1.4038
    const needs = positionNeeds([rn, secretary], 0, H);
    const held = [heldPosition("rn", "Days", 1.5), heldPosition("us", "Days", 1), heldPosition("us", "Days", 1)];
    const { rows, totals } = positionControl(needs, held, []);
    expect(rows.map((r) => [r.roleKey, r.gapFte, r.overHireFte])).toEqual([
      ["rn", 0.61, 0], // 2.1058 − 1.5 = 0.6058
      ["us", 0, 0.6], // 2 − 1.4038 = 0.5962
    ]);
    expect(totals.totalGap).toBe(0.61); // netting would have shown 0.01
    expect(totals.totalOverHire).toBe(0.6);
    expect(isGapClosed(totals.totalGap)).toBe(false);
  });

  it("sums each role over its shifts, counting a PRN, a traveller and a requisition of a removed role", () => {
    const rn = variableRole(
      "rn",
      "RN",
      [
        { shift: "Days", startTime: "0700", durationHours: 12, staffPerShift: 2 },
        { shift: "Nights", startTime: "1900", durationHours: 12, staffPerShift: 1 },
      ],
      { unpaidBreakMinutes: 0 },
    );
    // NP 0: Days 24 h × 365 ÷ 2080 = 4.2115 paid; Nights 12 h × 365 ÷ 2080 = 2.1058; RN 6.3173
    const needs = positionNeeds([rn], 0, H);
    const held = [
      heldPosition("rn", "Days", 3),
      heldPosition("rn", "Nights", 2.5),
      heldPosition("rn", "Days", 0.3, { staffType: "PRN" }),
      heldPosition("rn", "Days", 1, { staffType: "Traveller", coverage: 0.5 }),
    ];
    const requested = [
      { roleKey: "rn", shift: "Days" as const, fte: 0.5, isTraveller: false },
      { roleKey: null, shift: null, fte: 0.25, isTraveller: false },
    ];
    const { byRole, totals } = positionControl(needs, held, requested);
    // Days: 4.2115 − 3 − 0.5 traveller − 0.5 requested = 0.2115 gap (0.21); Nights: 2.1058 − 2.5 = −0.3942 (over-hire 0.39)
    expect(byRole).toHaveLength(2);
    const [role, noRole] = byRole;
    expect(role?.roleKey).toBe("rn");
    expect(role?.paidFte).toBeCloseTo((36 * 365) / 2080, 12);
    expect(role).toMatchObject({
      hiredFte: 5.5,
      prnFte: 0.3,
      travellerFte: 0.5,
      requestedFte: 0.5,
      gapFte: 0.21,
      overHireFte: 0.39,
    });
    expect(noRole).toEqual({
      roleKey: null,
      paidFte: 0,
      hiredFte: 0,
      prnFte: 0,
      travellerFte: 0,
      requestedFte: 0.25,
      gapFte: 0,
      overHireFte: 0,
    });
    // The roles add up to the plan's totals.
    expect(totals.totalRequestedFte).toBe(0.75);
    expect(totals.totalGap).toBe(0.21);
    expect(totals.totalOverHire).toBe(0.39);
  });

  it("a traveller counts for the share of the budget year the contract covers", () => {
    const year = budgetYearRange(2026, 7, 1);
    expect(year).toEqual({ start: "2026-07-01", end: "2027-06-30" });
    // Jul 1 to Dec 31 2026 = 184 of the year's 365 days
    expect(contractCoverage("2026-12-31", year.start, year.end)).toBeCloseTo(184 / 365, 12);
    expect(contractCoverage("2027-09-30", year.start, year.end)).toBe(1);
    expect(contractCoverage("2026-06-30", year.start, year.end)).toBe(0);
    expect(contractCoverage(null, year.start, year.end)).toBe(1);
    const needs = positionNeeds(SAMPLE_ROLES.slice(1, 2) as RoleInput[], 0, H);
    const traveller = heldPosition("rn", "Days", 1, {
      staffType: "Traveller",
      coverage: contractCoverage("2026-12-31", year.start, year.end),
    });
    const { totals } = positionControl(needs, [traveller], []);
    expect(formatFte(totals.totalTravellerFte)).toBe("0.50"); // 1 × 184 ÷ 365 = 0.504
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
    const bad = unitDefinitionSchema.safeParse({
      ...unit,
      census: 0,
      nonProductiveGoalPercentage: 51,
      targetOvertimePercentage: 26,
    });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues.map((i) => i.message)).toEqual([
      "Average daily census must be from 1 to 1000",
      "Non-productive goal % must be from 0 to 50",
      "Target overtime % must be from 0 to 25",
    ]);
    expect(
      unitDefinitionSchema.safeParse({ ...unit, nonProductiveGoalPercentage: 50, targetOvertimePercentage: 25 })
        .success,
    ).toBe(true);
    const text = unitDefinitionSchema.safeParse({ ...unit, nonProductiveGoalPercentage: "15%" });
    expect(text.error?.issues.map((i) => i.message)).toEqual(["Non-productive goal % must be a number"]);
    const missing = unitDefinitionSchema.safeParse({ ...unit, nonProductiveGoalPercentage: undefined });
    expect(missing.error?.issues.map((i) => i.message)).toEqual(["Non-productive goal % is required"]);
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
    const withBreak = (unpaidBreakMinutes: unknown, durationHours = 12) =>
      roleSchema.safeParse({
        name: "RN",
        isExempt: false,
        unpaidBreakMinutes,
        shifts: [{ shift: "Days", startTime: "0700", durationHours, staffPerShift: 3 }],
      });
    expect(withBreak(45).data?.unpaidBreakMinutes).toBe(45);
    expect(withBreak(undefined).data?.unpaidBreakMinutes).toBeNull();
    expect(withBreak(121).error?.issues[0]?.message).toBe(STAFFING_MESSAGES.unpaidBreak);
    expect(withBreak(12.5).error?.issues[0]?.message).toBe(STAFFING_MESSAGES.unpaidBreak);
    expect(withBreak("30").error?.issues[0]?.message).toBe(STAFFING_MESSAGES.unpaidBreak);
    expect(withBreak(60, 1).error?.issues[0]?.message).toBe(STAFFING_MESSAGES.unpaidBreakTooLong);
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
    unpaidBreakMinutes: fc.constant(null),
    isDirectCare: fc.boolean(),
    shifts: fc.constant([]),
  }),
  fc.record({
    key: fc.uuid(),
    name: fc.constant("Variable"),
    isExempt: fc.constant(false),
    fte: fc.constant(null),
    replacement: fc.constant("Variable" as const),
    unpaidBreakMinutes: fc.option(fc.integer({ min: 0, max: 59 })),
    isDirectCare: fc.boolean(),
    shifts: fc.uniqueArray(shiftArb, { minLength: 1, maxLength: 3, selector: (s) => s.shift }),
  }),
);
const unitArb = fc.record({
  census: fc.integer({ min: 100, max: 100000 }).map((n) => n / 100),
  careTeamTarget: fc.integer({ min: 100, max: 100000 }).map((n) => n / 100),
  nonProductiveGoalPercentage: fc.integer({ min: 0, max: 5000 }).map((n) => n / 100),
  targetOvertimePercentage: fc.integer({ min: 0, max: 2500 }).map((n) => n / 100),
  productiveFteBudget: fc.option(fc.integer({ min: 0, max: 1000000 }).map((n) => n / 100)),
  totalPaidFteBudget: fc.option(fc.integer({ min: 0, max: 1000000 }).map((n) => n / 100)),
});
const hoursArb = fc.integer({ min: 1000, max: 3000 });
/** A plan's roles: their keys are ids, unique within the plan. */
const rolesArb = (constraints: { minLength?: number; maxLength: number }) =>
  fc.uniqueArray(roleArb, { ...constraints, selector: (role) => role.key });

describe("properties", () => {
  it("the distribution always has 24 entries and adds up to the staff-hours on the clock", () => {
    fc.assert(
      fc.property(rolesArb({ maxLength: 12 }), (roles) => {
        const { total } = careSchedule(roles);
        expect(total).toHaveLength(24);
        // A second, simpler computation: Σ staff × clock span over the variable shifts.
        let clockHours = 0;
        for (const role of roles) {
          if (!role.isExempt) for (const s of role.shifts) clockHours += s.staffPerShift * s.durationHours;
        }
        expect(total.reduce((a, b) => a + b, 0)).toBeCloseTo(clockHours, 6);
        expect(planSummary({ ...unit }, roles, H).dailyPlannedHours).toBeLessThanOrEqual(clockHours + 1e-9);
        for (const v of total) expect(v).toBeGreaterThanOrEqual(0);
      }),
    );
  });

  it("totals do not depend on the order of roles", () => {
    fc.assert(
      fc.property(rolesArb({ maxLength: 10 }), unitArb, hoursArb, (roles, u, hours) => {
        const a = planSummary(u, roles, hours);
        const b = planSummary(u, [...roles].reverse(), hours);
        // Equal up to floating-point noise: summed in another order, 104.8015 can come out as
        // 104.80149999999999 (a CI counterexample), which rounding to 3 decimals would tell apart.
        expect(a.totalPaidFte).toBeCloseTo(b.totalPaidFte, 9);
        expect(a.productiveFte).toBeCloseTo(b.productiveFte, 9);
        expect(a.dailyPlannedHours).toBeCloseTo(b.dailyPlannedHours, 9);
        a.position24HDistribution.forEach((v, h) => {
          expect(v).toBeCloseTo(b.position24HDistribution[h] ?? -1, 9);
        });
      }),
    );
  });

  it("no input within the validated ranges gives NaN or a negative FTE", () => {
    fc.assert(
      fc.property(rolesArb({ maxLength: 10 }), unitArb, hoursArb, (roles, u, hours) => {
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

  it("the gap is at least the per-role shortfalls, never negative; paid ≥ productive; totals are the sums of the shown rows", () => {
    fc.assert(
      fc.property(
        rolesArb({ minLength: 1, maxLength: 8 }),
        unitArb,
        hoursArb,
        fc.array(
          fc.record({
            roleIndex: fc.nat(),
            shift: fc.constantFrom("Days" as const, "Evenings" as const, "Nights" as const),
            fte: fc.integer({ min: 1, max: 150 }).map((n) => n / 100),
            staffType: fc.constantFrom("Regular" as const, "PRN" as const, "Traveller" as const),
            coverage: fc.integer({ min: 0, max: 100 }).map((n) => n / 100),
          }),
          { maxLength: 15 },
        ),
        (roles, u, hours, heldSpec) => {
          const needs = positionNeeds(roles, u.nonProductiveGoalPercentage, hours);
          const held: HeldPosition[] = heldSpec.map((h) => {
            const role = roles[h.roleIndex % roles.length] as RoleInput;
            return {
              roleKey: role.key,
              shift: role.isExempt
                ? null
                : (role.shifts[h.roleIndex % Math.max(1, role.shifts.length)]?.shift ?? h.shift),
              fte: h.fte,
              staffType: h.staffType,
              isExempt: role.isExempt,
              coverage: h.staffType === "Traveller" ? h.coverage : 1,
            };
          });
          const { rows, totals } = positionControl(needs, held, []);
          // A second computation of the per-role shortfall, in cents, without the app's helpers.
          const byRole = new Map<string, number>();
          for (const need of needs) byRole.set(need.roleKey, (byRole.get(need.roleKey) ?? 0) + need.paidFte);
          for (const h of held) {
            if (h.staffType === "PRN") continue;
            const fte = h.staffType === "Traveller" ? h.fte * h.coverage : h.fte;
            byRole.set(h.roleKey, (byRole.get(h.roleKey) ?? 0) - fte);
          }
          let perRoleShortfall = 0;
          for (const balance of byRole.values()) perRoleShortfall += Math.max(0, balance);
          expect(totals.totalGap).toBeGreaterThanOrEqual(0);
          expect(totals.totalGap + 0.005 * rows.length).toBeGreaterThanOrEqual(perRoleShortfall - 1e-9);
          const cents = (values: number[]) => values.reduce((sum, v) => sum + Math.round(v * 100), 0) / 100;
          expect(totals.totalGap).toBe(cents(rows.map((r) => r.gapFte)));
          expect(totals.totalOverHire).toBe(cents(rows.map((r) => r.overHireFte)));
          for (const need of needs) expect(need.paidFte).toBeGreaterThanOrEqual(need.productiveFte - 1e-9);
          const s = planSummary(u, roles, hours);
          expect(s.totalPaidFte).toBeGreaterThanOrEqual(s.productiveFte - 1e-9);
        },
      ),
      { numRuns: 80 },
    );
  });

  it("a freshly calculated plan closes its gap with no over-hire", () => {
    fc.assert(
      fc.property(rolesArb({ minLength: 1, maxLength: 8 }), unitArb, hoursArb, (roles, u, hours) => {
        const needs = positionNeeds(roles, u.nonProductiveGoalPercentage, hours);
        const open = openPositionsFor(needs, []);
        const { totals } = positionControl(needs, [], requestedAsCalculated(open));
        expect(formatFte(totals.totalGap)).toBe("0.00");
        expect(formatFte(totals.totalOverHire)).toBe("0.00");
      }),
      { numRuns: 60 },
    );
  });
});
