/**
 * The staffing math of DESIGN.md section 3, pure and shared by client and server. Every figure the
 * wizard, the review and the REST shim show comes from here.
 *
 * The rounding rule, stated once: every figure is computed in full precision and rounded once, for
 * display: FTE with 2 decimals (`roundFteForDisplay`, `formatFte`), hours with 1. FTE is stored and
 * compared at 3 decimals (`roundFte`, `fteEquals`). A total that a screen shows beside its rows is
 * the sum of the rows as shown where the rows decide something (the gap, over-hire, requisitions);
 * the plan's productive and paid FTE are sums of unrounded rows, so their rows may differ from the
 * total by a cent each (said on screen).
 */

import { daysBetween } from "../calendar";

export const DAYS_PER_YEAR = 365;
/** 40 hours × 52 weeks; the facility's own value (facilities.annual_hours_per_fte) wins when set. */
export const DEFAULT_ANNUAL_HOURS_PER_FTE = 2080;
export const HOURS_PER_DAY = 24;
export const MINUTES_PER_DAY = 24 * 60;

export type ShiftName = "Days" | "Evenings" | "Nights";
export const SHIFT_NAMES: readonly ShiftName[] = ["Days", "Evenings", "Nights"];
/** Where a shift stands in every list of shifts: Days 0, Evenings 1, Nights 2. */
export const shiftRank = (shift: ShiftName) => SHIFT_NAMES.indexOf(shift);
/** A copy of the list in Days, Evenings, Nights order. */
export const inShiftOrder = <T extends { shift: ShiftName }>(items: readonly T[]) =>
  [...items].sort((a, b) => shiftRank(a.shift) - shiftRank(b.shift));
export type Replacement = "Fixed" | "FixedWithReplacement" | "Variable";

export type ShiftInput = {
  shift: ShiftName;
  /** 4-digit military time, '0000' to '2400' ('2400' is midnight, the same as '0000'). */
  startTime: string;
  durationHours: number;
  staffPerShift: number;
};

/** Unpaid meal break on shifts of 8 hours or more when the role names none (DESIGN.md §3). */
export const DEFAULT_UNPAID_BREAK_MINUTES = 30;
export const UNPAID_BREAK_FROM_HOURS = 8;

export type RoleInput = {
  /** Any stable key (the role id); per-role figures are keyed by it. */
  key: string;
  name: string;
  isExempt: boolean;
  /**
   * Unpaid meal break per shift, in minutes, taken from the clock span to give the paid hours.
   * null: the default, 30 minutes on shifts of 8 hours or more and none on shorter ones.
   */
  unpaidBreakMinutes: number | null;
  /** The job's "direct care" flag: only direct-care hours count toward HPPD (the unit secretary does not). */
  isDirectCare: boolean;
  /** Exempt roles: their FTE (0.01 to 1.5). Ignored for variable roles. */
  fte: number | null;
  /** Exempt roles default to Fixed; variable roles are always replaced. */
  replacement: Replacement;
  shifts: readonly ShiftInput[];
};

export type UnitDefinition = {
  census: number;
  careTeamTarget: number;
  nonProductiveGoalPercentage: number;
  targetOvertimePercentage: number;
  productiveFteBudget: number | null;
  totalPaidFteBudget: number | null;
};

// ---------------------------------------------------------------------------------------------
// Rounding (the one rule)
// ---------------------------------------------------------------------------------------------

/** FTE to 3 decimals: the precision FTE is stored and compared at. */
export function roundFte(value: number): number {
  return Math.round((value + Number.EPSILON) * 1000) / 1000;
}

/** Fully assigned: the staff member's positions add up to their FTE in the cost center (none at 0 FTE). */
export function isFullyAssigned(costCenterFte: number, positionsFte: number): boolean {
  return costCenterFte > 0 ? fteEquals(positionsFte, costCenterFte) : positionsFte === 0;
}

/** Two FTE figures are equal when they agree to 3 decimals. */
export function fteEquals(a: number, b: number): boolean {
  return Math.abs(roundFte(a) - roundFte(b)) < 0.0005;
}

/** FTE rounded as shown: 2 decimals (29.647 → 29.65). The one display rounding of FTE. */
export function roundFteForDisplay(value: number): number {
  const rounded = Math.round((value + Number.EPSILON) * 100) / 100;
  return rounded === 0 ? 0 : rounded; // never '-0.00'
}

/** FTE as shown: 2 decimals ('29.65'). */
export function formatFte(value: number): string {
  return roundFteForDisplay(value).toFixed(2);
}

/** The sum of FTE figures as each is shown (2 decimals), so a total always equals its shown rows. */
export function sumAsShown(values: Iterable<number>): number {
  let cents = 0;
  for (const value of values) cents += Math.round(roundFteForDisplay(value) * 100);
  return cents / 100;
}

/** Hours as shown: 1 decimal ('211.2'). */
export function formatHours(value: number): string {
  return (Math.round((value + Number.EPSILON) * 10) / 10).toFixed(1);
}

// ---------------------------------------------------------------------------------------------
// Time of day
// ---------------------------------------------------------------------------------------------

/** Minutes after midnight of a military time; '2400' is midnight (0). */
export function minutesOfMilitary(time: string): number {
  const hours = Number(time.slice(0, 2));
  const minutes = Number(time.slice(2, 4));
  return (((hours * 60 + minutes) % MINUTES_PER_DAY) + MINUTES_PER_DAY) % MINUTES_PER_DAY;
}

export function militaryOfMinutes(totalMinutes: number): string {
  const m = ((Math.round(totalMinutes) % MINUTES_PER_DAY) + MINUTES_PER_DAY) % MINUTES_PER_DAY;
  return `${String(Math.floor(m / 60)).padStart(2, "0")}${String(m % 60).padStart(2, "0")}`;
}

/** The end of a shift: start plus duration, past midnight when it wraps ('1900' + 12.5 h = '0730'). */
export function shiftEndTime(startTime: string, durationHours: number): string {
  return militaryOfMinutes(minutesOfMilitary(startTime) + durationHours * 60);
}

// ---------------------------------------------------------------------------------------------
// FTE and hours
// ---------------------------------------------------------------------------------------------

/** Hours one FTE works in a day: H ÷ 365 (2080 ÷ 365 ≈ 5.70). */
export function dailyHoursPerFte(annualHoursPerFte: number): number {
  return annualHoursPerFte / DAYS_PER_YEAR;
}

/** FTE that covers the given hours every day of the year: hours × 365 ÷ H. */
export function fteOfDailyHours(dailyHours: number, annualHoursPerFte: number): number {
  return (dailyHours * DAYS_PER_YEAR) / annualHoursPerFte;
}

/** FTE of someone working the given hours a week, every week: 3 × 12 h = 36 h = 0.9 FTE at 2080. */
export function fteOfWeeklyHours(weeklyHours: number, annualHoursPerFte: number): number {
  return (weeklyHours * 52) / annualHoursPerFte;
}

/** Hours needed in a day: census × HPPD (22 × 9.6 = 211.2). */
export function dailyPlannedCare(census: number, careTeamTarget: number): number {
  return census * careTeamTarget;
}

/** Census-driven need: census × HPPD × 365 ÷ H (30 × 8 × 365 ÷ 1,800 = 48.67 productive FTE). */
export function censusDrivenFte(census: number, careTeamTarget: number, annualHoursPerFte: number): number {
  return fteOfDailyHours(dailyPlannedCare(census, careTeamTarget), annualHoursPerFte);
}

/** Paid FTE from productive FTE: divide by (1 − non-productive %), never multiply by (1 + %). */
export function paidFteOfProductive(productiveFte: number, nonProductivePercentage: number): number {
  return productiveFte / (1 - nonProductivePercentage / 100);
}

/** Productive share of paid FTE: paid × (1 − non-productive %). */
export function productiveFteOfPaid(paidFte: number, nonProductivePercentage: number): number {
  return paidFte * (1 - nonProductivePercentage / 100);
}

/** The unpaid break of one shift in hours: the role's minutes, or 30 min on shifts of 8 h or more. */
export function unpaidBreakHours(durationHours: number, unpaidBreakMinutes: number | null): number {
  const minutes = unpaidBreakMinutes ?? (durationHours >= UNPAID_BREAK_FROM_HOURS ? DEFAULT_UNPAID_BREAK_MINUTES : 0);
  return Math.min(durationHours, minutes / 60);
}

/** Paid hours of one shift: its clock span less the unpaid break (0700-1930 = 12.5 h on the clock, 12 paid). */
export function shiftPaidHours(shift: Pick<ShiftInput, "durationHours">, unpaidBreakMinutes: number | null): number {
  return shift.durationHours - unpaidBreakHours(shift.durationHours, unpaidBreakMinutes);
}

/** Paid hours of one variable shift a day: staff per shift × paid hours. */
export function shiftDailyHours(shift: ShiftInput, unpaidBreakMinutes: number | null): number {
  return shift.staffPerShift * shiftPaidHours(shift, unpaidBreakMinutes);
}

/** Replaced roles need cover for non-productive time; Fixed exempt roles do not. */
export function isReplaced(role: RoleInput): boolean {
  return !role.isExempt || role.replacement !== "Fixed";
}

// ---------------------------------------------------------------------------------------------
// The 24-hour distribution
// ---------------------------------------------------------------------------------------------

/**
 * Staff on duty in each hour of the day (24 entries, hour 0 = 00:00-01:00). A shift counts in an
 * hour by the part of the hour it covers, wrapping past midnight: one nurse 0700-1930 counts 1 in
 * hours 7 to 18 and 0.5 in hour 19. The distribution follows the clock span (a nurse on a meal
 * break is still on the unit), so its 24 entries add up to staff × clock hours, not paid hours.
 */
export function shiftDistribution(shift: ShiftInput): number[] {
  const hours = new Array<number>(HOURS_PER_DAY).fill(0);
  const start = minutesOfMilitary(shift.startTime);
  let remaining = Math.min(Math.max(shift.durationHours, 0), HOURS_PER_DAY) * 60;
  let at = start;
  while (remaining > 1e-9) {
    const hour = Math.floor(at / 60) % HOURS_PER_DAY;
    const untilNextHour = 60 - (at % 60);
    const covered = Math.min(untilNextHour, remaining);
    hours[hour] = (hours[hour] ?? 0) + (covered / 60) * shift.staffPerShift;
    remaining -= covered;
    at = (at + covered) % MINUTES_PER_DAY;
  }
  return hours;
}

export function addDistributions(into: number[], add: readonly number[]): number[] {
  for (let h = 0; h < HOURS_PER_DAY; h++) into[h] = (into[h] ?? 0) + (add[h] ?? 0);
  return into;
}

export function roleDistribution(role: Pick<RoleInput, "isExempt" | "shifts">): number[] {
  const hours = new Array<number>(HOURS_PER_DAY).fill(0);
  if (role.isExempt) return hours;
  for (const shift of role.shifts) addDistributions(hours, shiftDistribution(shift));
  return hours;
}

export type CareSchedule = { total: number[]; byRole: Record<string, number[]> };

export function careSchedule(roles: readonly Pick<RoleInput, "key" | "isExempt" | "shifts">[]): CareSchedule {
  const total = new Array<number>(HOURS_PER_DAY).fill(0);
  const byRole: Record<string, number[]> = {};
  for (const role of roles) {
    const hours = roleDistribution(role);
    byRole[role.key] = hours;
    addDistributions(total, hours);
  }
  return { total, byRole };
}

// ---------------------------------------------------------------------------------------------
// Per role: what a role needs in FTE
// ---------------------------------------------------------------------------------------------

export type PositionNeed = {
  roleKey: string;
  roleName: string;
  isExempt: boolean;
  isDirectCare: boolean;
  /** null for exempt roles. */
  shift: ShiftName | null;
  startTime: string | null;
  endTime: string | null;
  /** Clock span of the shift (null for exempt roles). */
  durationHours: number | null;
  /** Paid hours of one shift: span less the unpaid break (null for exempt roles). */
  paidHours: number | null;
  productiveFte: number;
  /** The FTE the position needs on the payroll; always productive ÷ (1 − non-productive %). */
  paidFte: number;
};

/**
 * The positions a plan needs: one per exempt role, one per variable role and shift. The
 * non-productive % applies to every role, so paid = productive ÷ (1 − NP%) on every row:
 * - variable shifts: productive = staff × paid hours × 365 ÷ H, replaced for their time off;
 * - exempt with replacement: productive = the role's FTE (someone covers its time off);
 * - fixed exempt: paid = the role's FTE, of which only (1 − NP%) is productive.
 */
export function positionNeeds(
  roles: readonly RoleInput[],
  nonProductivePercentage: number,
  annualHoursPerFte: number,
): PositionNeed[] {
  const needs: PositionNeed[] = [];
  for (const role of roles) {
    if (role.isExempt) {
      const fte = role.fte ?? 0;
      const replaced = isReplaced(role);
      needs.push({
        roleKey: role.key,
        roleName: role.name,
        isExempt: true,
        isDirectCare: role.isDirectCare,
        shift: null,
        startTime: null,
        endTime: null,
        durationHours: null,
        paidHours: null,
        productiveFte: replaced ? fte : productiveFteOfPaid(fte, nonProductivePercentage),
        paidFte: replaced ? paidFteOfProductive(fte, nonProductivePercentage) : fte,
      });
      continue;
    }
    for (const shift of role.shifts) {
      const productiveFte = fteOfDailyHours(shiftDailyHours(shift, role.unpaidBreakMinutes), annualHoursPerFte);
      needs.push({
        roleKey: role.key,
        roleName: role.name,
        isExempt: false,
        isDirectCare: role.isDirectCare,
        shift: shift.shift,
        startTime: shift.startTime,
        endTime: shiftEndTime(shift.startTime, shift.durationHours),
        durationHours: shift.durationHours,
        paidHours: shiftPaidHours(shift, role.unpaidBreakMinutes),
        productiveFte,
        paidFte: paidFteOfProductive(productiveFte, nonProductivePercentage),
      });
    }
  }
  return needs;
}

// ---------------------------------------------------------------------------------------------
// The plan's figures
// ---------------------------------------------------------------------------------------------

/** The plan's unit definition and the figures worked from it and its roles. */
export type PlanSummary = UnitDefinition & {
  /** Hours of care needed a day: census × HPPD. */
  dailyPlannedCare: number;
  /** Paid hours scheduled a day: Σ staff per shift × paid hours over variable shifts. */
  dailyPlannedHours: number;
  /** The direct-care part of the daily planned hours (what HPPD counts). */
  directCareHours: number;
  /** HPPD the plan delivers: direct-care hours ÷ census. */
  careTeamHours: number;
  /** Σ exempt FTE × H ÷ 365. */
  fixedDailyHours: number;
  /** Daily planned care − direct-care hours; positive means under-staffed. */
  budgetBalance: number;
  /** Census-driven need: census × HPPD × 365 ÷ H (productive FTE). */
  censusDrivenFte: number;
  /** The direct-care productive FTE the roles schedule: direct-care hours × 365 ÷ H. */
  directCareFte: number;
  /** Direct-care FTE − census-driven need; negative means the roles do not cover the target. */
  censusDrivenDifference: number;
  /** Σ productive FTE of the needed positions. */
  productiveFte: number;
  /** Σ paid FTE of the needed positions. */
  totalPaidFte: number;
  /** Non-exempt productive FTE × target overtime % (exempt staff earn no overtime). */
  overtimeFte: number;
  /** Plan against finance: positive means the plan needs more than the budget. */
  productiveFteVariance: number | null;
  paidFteVariance: number | null;
  position24HDistribution: number[];
};

export function planSummary(
  unit: UnitDefinition,
  roles: readonly RoleInput[],
  annualHoursPerFte: number,
  /** The roles' needs, when the caller has them already (`positionNeeds` of the same inputs). */
  needs: readonly PositionNeed[] = positionNeeds(roles, unit.nonProductiveGoalPercentage, annualHoursPerFte),
): PlanSummary {
  const care = dailyPlannedCare(unit.census, unit.careTeamTarget);
  let plannedHours = 0;
  let directCareHours = 0;
  let exemptFte = 0;
  for (const role of roles) {
    if (role.isExempt) {
      exemptFte += role.fte ?? 0;
      continue;
    }
    let roleHours = 0;
    for (const shift of role.shifts) roleHours += shiftDailyHours(shift, role.unpaidBreakMinutes);
    plannedHours += roleHours;
    if (role.isDirectCare) directCareHours += roleHours;
  }
  let productiveFte = 0;
  let totalPaidFte = 0;
  let nonExemptProductive = 0;
  for (const need of needs) {
    productiveFte += need.productiveFte;
    totalPaidFte += need.paidFte;
    if (!need.isExempt) nonExemptProductive += need.productiveFte;
  }
  const censusDriven = censusDrivenFte(unit.census, unit.careTeamTarget, annualHoursPerFte);
  const directCareFte = fteOfDailyHours(directCareHours, annualHoursPerFte);
  return {
    census: unit.census,
    careTeamTarget: unit.careTeamTarget,
    nonProductiveGoalPercentage: unit.nonProductiveGoalPercentage,
    targetOvertimePercentage: unit.targetOvertimePercentage,
    productiveFteBudget: unit.productiveFteBudget,
    totalPaidFteBudget: unit.totalPaidFteBudget,
    dailyPlannedCare: care,
    dailyPlannedHours: plannedHours,
    directCareHours,
    careTeamHours: unit.census > 0 ? directCareHours / unit.census : 0,
    fixedDailyHours: exemptFte * dailyHoursPerFte(annualHoursPerFte),
    budgetBalance: care - directCareHours,
    censusDrivenFte: censusDriven,
    directCareFte,
    censusDrivenDifference: directCareFte - censusDriven,
    productiveFte,
    totalPaidFte,
    overtimeFte: nonExemptProductive * (unit.targetOvertimePercentage / 100),
    productiveFteVariance: unit.productiveFteBudget === null ? null : productiveFte - unit.productiveFteBudget,
    paidFteVariance: unit.totalPaidFteBudget === null ? null : totalPaidFte - unit.totalPaidFteBudget,
    position24HDistribution: careSchedule(roles).total,
  };
}

// ---------------------------------------------------------------------------------------------
// Position control: hired, requested, traveller, gap per position; open positions
// ---------------------------------------------------------------------------------------------

export type StaffKind = "Regular" | "PRN" | "Traveller";

export type HeldPosition = {
  roleKey: string;
  shift: ShiftName | null;
  fte: number;
  staffType: StaffKind;
  isExempt: boolean;
  /** Travellers: the share of the budget year their contract covers (`contractCoverage`); 1 for others. */
  coverage: number;
};

export type RequestedPosition = { roleKey: string | null; shift: ShiftName | null; fte: number; isTraveller: boolean };

/** One needed position (role, and shift for variable roles) against what fills it. FTE unrounded. */
export type PositionControlRow = {
  roleKey: string;
  shift: ShiftName | null;
  paidFte: number;
  /** Regular staff (PRN is a supplement and fills nothing). */
  hiredFte: number;
  /** Travellers, prorated by the share of the budget year their contracts cover. */
  travellerFte: number;
  /** Open positions (requisitions) of this role and shift. */
  requestedFte: number;
  /** Shortfall: max(0, paid − hired − traveller − requested), rounded as shown. */
  gapFte: number;
  /** Hired, traveller and requested FTE above the paid need, rounded as shown: never offsets another row. */
  overHireFte: number;
};

export type PositionTotals = {
  totalBudgetedWorked: number;
  totalBudgetedPaid: number;
  hiredExemptFte: number;
  hiredVariableFte: number;
  hiredFte: number;
  prnFte: number;
  totalTravellerFte: number;
  totalRequestedFte: number;
  /** Budgeted paid − hired. */
  totalBudgetedHiredDifference: number;
  /** Σ of the rows' shortfalls as shown: one role's surplus never hides another's shortage. */
  totalGap: number;
  /** Σ of the rows' over-hire as shown. */
  totalOverHire: number;
};

/**
 * One role's position control summed over its shifts (the positions rollup's unit): every held
 * position and requisition of the role counts, also one that matches none of its needed positions.
 * FTE unrounded, except the gap and over-hire: sums of the rows' as shown.
 */
export type RolePositionTotals = FilledFte & {
  /** null: requisitions of no role (the role was removed). */
  roleKey: string | null;
  paidFte: number;
};

/** What fills the paid need and what stays: of a role, or summed over roles (dashboards, rollup). */
export type FilledFte = {
  /** Regular staff (exempt and variable) holding positions. */
  hiredFte: number;
  /** PRN staff: a supplement, filling nothing. */
  prnFte: number;
  /** Travellers, each for the share of the budget year their contract covers. */
  travellerFte: number;
  /** Open positions requested. */
  requestedFte: number;
  /** Shortfall per role and shift where positive, summed: over-hire never offsets it. */
  gapFte: number;
  /** Held and requested FTE beyond the need per role and shift, summed. */
  overHireFte: number;
};

/** Nothing filled and nothing open: where a sum of filled FTE starts. */
export const noFilledFte = (): FilledFte => ({
  hiredFte: 0,
  prnFte: 0,
  travellerFte: 0,
  requestedFte: 0,
  gapFte: 0,
  overHireFte: 0,
});

/** A role's position control totals before its positions are added up. */
export const emptyRoleTotals = (roleKey: string | null): RolePositionTotals => ({
  roleKey,
  paidFte: 0,
  ...noFilledFte(),
});

/** A needed position's key: its role, and its shift (none for exempt roles). */
export const positionKey = (roleKey: string | null, shift: ShiftName | null) => `${roleKey ?? ""}|${shift ?? ""}`;

/** The needed position a held one fills: its role and shift, or its role alone when the role is exempt. */
export function heldPositionKey(position: Pick<HeldPosition, "roleKey" | "shift" | "isExempt">): string {
  return positionKey(position.roleKey, position.isExempt ? null : position.shift);
}

/** The FTE a held position contributes: a traveller for the share of the year the contract covers. */
export function effectiveFte(position: Pick<HeldPosition, "fte" | "staffType" | "coverage">): number {
  return position.staffType === "Traveller" ? position.fte * position.coverage : position.fte;
}

/**
 * The share of a budget year (first and last day inclusive, 'YYYY-MM-DD') that a traveller's
 * contract ending on `contractEndDate` covers: a contract ending 2026-12-31 covers 184 of the 365
 * days of a budget year 2026-07-01 to 2027-06-30. No end date: the whole year.
 */
export function contractCoverage(contractEndDate: string | null, yearStart: string, yearEnd: string): number {
  if (!contractEndDate) return 1;
  const covered = daysBetween(yearStart, contractEndDate < yearEnd ? contractEndDate : yearEnd);
  if (covered < 0) return 0;
  return (covered + 1) / (daysBetween(yearStart, yearEnd) + 1);
}

/**
 * Position control per needed position and in total. Hired FTE counts regular staff; travellers
 * (prorated) and PRN stay their own buckets; requested traveller positions count as requested
 * (they are requisitions, not people yet). Held positions and requisitions that match no needed
 * position (a role since removed) count in the totals but close no gap.
 */
export function positionControl(
  needs: readonly PositionNeed[],
  held: readonly HeldPosition[],
  requested: readonly RequestedPosition[],
): { rows: PositionControlRow[]; totals: PositionTotals; byRole: RolePositionTotals[] } {
  const rows = needs.map(
    (need): PositionControlRow => ({
      roleKey: need.roleKey,
      shift: need.shift,
      paidFte: need.paidFte,
      hiredFte: 0,
      travellerFte: 0,
      requestedFte: 0,
      gapFte: 0,
      overHireFte: 0,
    }),
  );
  const rowOf = new Map(rows.map((row) => [positionKey(row.roleKey, row.shift), row]));
  const byRole = new Map<string | null, RolePositionTotals>();
  const roleTotals = (roleKey: string | null) => {
    let totals = byRole.get(roleKey);
    if (!totals) {
      totals = emptyRoleTotals(roleKey);
      byRole.set(roleKey, totals);
    }
    return totals;
  };
  for (const need of needs) roleTotals(need.roleKey).paidFte += need.paidFte;
  let hiredExemptFte = 0;
  let hiredVariableFte = 0;
  let prnFte = 0;
  let travellerFte = 0;
  for (const position of held) {
    const row = rowOf.get(heldPositionKey(position));
    const role = roleTotals(position.roleKey);
    if (position.staffType === "PRN") {
      prnFte += position.fte;
      role.prnFte += position.fte;
    } else if (position.staffType === "Traveller") {
      travellerFte += effectiveFte(position);
      role.travellerFte += effectiveFte(position);
      if (row) row.travellerFte += effectiveFte(position);
    } else {
      if (position.isExempt) hiredExemptFte += position.fte;
      else hiredVariableFte += position.fte;
      role.hiredFte += position.fte;
      if (row) row.hiredFte += position.fte;
    }
  }
  let totalRequestedFte = 0;
  for (const open of requested) {
    totalRequestedFte += open.fte;
    roleTotals(open.roleKey).requestedFte += open.fte;
    const row = rowOf.get(positionKey(open.roleKey, open.shift)) ?? rowOf.get(positionKey(open.roleKey, null));
    if (row) row.requestedFte += open.fte;
  }
  for (const row of rows) {
    // What staff leave unfilled as shown (step 4's figure, which step 5's requisitions request), less
    // the requisitions: a need of 7.665 is 7.67 unfilled, and 7.67 requested closes it exactly.
    const balance = roundFteForDisplay(row.paidFte - row.hiredFte - row.travellerFte) - row.requestedFte;
    row.gapFte = roundFteForDisplay(Math.max(0, balance));
    row.overHireFte = roundFteForDisplay(Math.max(0, -balance));
    const role = roleTotals(row.roleKey);
    role.gapFte = sumAsShown([role.gapFte, row.gapFte]);
    role.overHireFte = sumAsShown([role.overHireFte, row.overHireFte]);
  }
  const totalBudgetedPaid = needs.reduce((sum, need) => sum + need.paidFte, 0);
  const hiredFte = hiredExemptFte + hiredVariableFte;
  return {
    rows,
    totals: {
      totalBudgetedWorked: needs.reduce((sum, need) => sum + need.productiveFte, 0),
      totalBudgetedPaid,
      hiredExemptFte,
      hiredVariableFte,
      hiredFte,
      prnFte,
      totalTravellerFte: travellerFte,
      totalRequestedFte,
      totalBudgetedHiredDifference: totalBudgetedPaid - hiredFte,
      totalGap: sumAsShown(rows.map((row) => row.gapFte)),
      totalOverHire: sumAsShown(rows.map((row) => row.overHireFte)),
    },
    byRole: [...byRole.values()],
  };
}

export type OpenPositionDraft = {
  roleKey: string;
  shift: ShiftName | null;
  startTime: string | null;
  endTime: string | null;
  durationHours: number | null;
  fte: number;
  isTraveller: false;
};

/** What a needed position still lacks once staff fill it, as shown (2 decimals; never negative). */
export function unfilledFte(need: Pick<PositionNeed, "paidFte">, filledFte: number): number {
  return roundFteForDisplay(Math.max(0, need.paidFte - filledFte));
}

/**
 * What stays unfilled: per needed position, paid FTE − FTE held by regular staff and travellers
 * (prorated; PRN is a supplement and fills nothing), as shown (`unfilledFte`), as one requisition
 * per whole FTE plus one for the remainder (4.21 → 1, 1, 1, 1, 0.21). So step 4's "unfilled" and
 * step 5's requisitions are the same figure.
 */
export function openPositionsFor(needs: readonly PositionNeed[], held: readonly HeldPosition[]): OpenPositionDraft[] {
  const { rows } = positionControl(needs, held, []);
  return needs.flatMap((need, index) => {
    const row = rows[index] as PositionControlRow;
    return requisitionsFor(need, unfilledFte(need, row.hiredFte + row.travellerFte));
  });
}

/** The requisitions that request `unfilled` FTE of a needed position: whole FTEs, then the remainder. */
export function requisitionsFor(need: PositionNeed, unfilled: number): OpenPositionDraft[] {
  const drafts: OpenPositionDraft[] = [];
  let cents = Math.round(roundFteForDisplay(unfilled) * 100);
  while (cents > 0) {
    const part = Math.min(100, cents);
    drafts.push({
      roleKey: need.roleKey,
      shift: need.shift,
      startTime: need.startTime,
      endTime: need.endTime,
      durationHours: need.durationHours,
      fte: part / 100,
      isTraveller: false,
    });
    cents -= part;
  }
  return drafts;
}

/** Position control balances when no needed position shows a shortfall (the gap is 0.00). */
export function isGapClosed(totalGap: number): boolean {
  return formatFte(totalGap) === "0.00";
}

// ---------------------------------------------------------------------------------------------
// Completeness (spec section 5, "Wizard completeness")
// ---------------------------------------------------------------------------------------------

/** A role is complete when role, start hour, start minute and staff per shift are present. */
export function isRoleComplete(role: {
  name: string | null | undefined;
  isExempt: boolean;
  fte: number | null | undefined;
  shifts: readonly { startTime: string | null | undefined; staffPerShift: number | null | undefined }[];
}): boolean {
  if (!role.name?.trim()) return false;
  if (role.isExempt) return typeof role.fte === "number" && role.fte >= 0.01 && role.fte <= 1.5;
  if (role.shifts.length === 0) return false;
  return role.shifts.every(
    (shift) =>
      typeof shift.startTime === "string" &&
      /^\d{4}$/.test(shift.startTime) &&
      typeof shift.staffPerShift === "number" &&
      shift.staffPerShift >= 1,
  );
}

/** Assigned staff is complete with empId, dateOfHire, names and assignedFte, plus contractDate for travellers. */
export function isAssignedStaffComplete(staff: {
  empId: string | null | undefined;
  dateOfHire: string | null | undefined;
  firstName: string | null | undefined;
  lastName: string | null | undefined;
  assignedFte: number | null | undefined;
  isTraveller: boolean;
  contractDate: string | null | undefined;
}): boolean {
  const present = (value: string | null | undefined) => typeof value === "string" && value.trim() !== "";
  return (
    present(staff.empId) &&
    present(staff.dateOfHire) &&
    present(staff.firstName) &&
    present(staff.lastName) &&
    typeof staff.assignedFte === "number" &&
    (!staff.isTraveller || present(staff.contractDate))
  );
}
