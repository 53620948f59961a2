/**
 * The staffing math of DESIGN.md section 3, pure and shared by client and server. Every figure the
 * wizard, the review and the REST shim show comes from here.
 *
 * The rounding rule, stated once: FTE is kept unrounded while computing, COMPARED at 3 decimals
 * (`fteEquals`, `roundFte`) and SHOWN with 2 decimals (`formatFte`). Hours are shown with 1 decimal.
 */

export const DAYS_PER_YEAR = 365;
/** 40 hours × 52 weeks; the facility's own value (facilities.annual_hours_per_fte) wins when set. */
export const DEFAULT_ANNUAL_HOURS_PER_FTE = 2080;
export const HOURS_PER_DAY = 24;
export const MINUTES_PER_DAY = 24 * 60;

export type ShiftName = "Days" | "Evenings" | "Nights";
export const SHIFT_NAMES: readonly ShiftName[] = ["Days", "Evenings", "Nights"];
export type Replacement = "Fixed" | "FixedWithReplacement" | "Variable";

export type ShiftInput = {
  shift: ShiftName;
  /** 4-digit military time, '0000' to '2400' ('2400' is midnight, the same as '0000'). */
  startTime: string;
  durationHours: number;
  staffPerShift: number;
};

export type RoleInput = {
  /** Any stable key (the role id); per-role figures are keyed by it. */
  key: string;
  name: string;
  isExempt: boolean;
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

/** Two FTE figures are equal when they agree to 3 decimals. */
export function fteEquals(a: number, b: number): boolean {
  return Math.abs(roundFte(a) - roundFte(b)) < 0.0005;
}

/** FTE as shown: 2 decimals ('29.65'). */
export function formatFte(value: number): string {
  return (Math.round((value + Number.EPSILON) * 100) / 100).toFixed(2);
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

/** Paid FTE from productive FTE: divide by (1 − non-productive %), never multiply by (1 + %). */
export function paidFteOfProductive(productiveFte: number, nonProductivePercentage: number): number {
  return productiveFte / (1 - nonProductivePercentage / 100);
}

/** Daily hours of one variable shift: staff per shift × duration. */
export function shiftDailyHours(shift: ShiftInput): number {
  return shift.staffPerShift * shift.durationHours;
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
 * hours 7 to 18 and 0.5 in hour 19. So the 24 entries always add up to the daily planned hours.
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

export function roleDistribution(role: RoleInput): number[] {
  const hours = new Array<number>(HOURS_PER_DAY).fill(0);
  if (role.isExempt) return hours;
  for (const shift of role.shifts) addDistributions(hours, shiftDistribution(shift));
  return hours;
}

export type CareSchedule = { total: number[]; byRole: Record<string, number[]> };

export function careSchedule(roles: readonly RoleInput[]): CareSchedule {
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
  /** null for exempt roles. */
  shift: ShiftName | null;
  startTime: string | null;
  endTime: string | null;
  durationHours: number | null;
  productiveFte: number;
  /** The FTE the position needs on the payroll: productive ÷ (1 − non-productive %) when replaced. */
  paidFte: number;
};

/** The positions a plan needs: one per exempt role, one per variable role and shift. */
export function positionNeeds(
  roles: readonly RoleInput[],
  nonProductivePercentage: number,
  annualHoursPerFte: number,
): PositionNeed[] {
  const needs: PositionNeed[] = [];
  for (const role of roles) {
    if (role.isExempt) {
      const productiveFte = role.fte ?? 0;
      needs.push({
        roleKey: role.key,
        roleName: role.name,
        isExempt: true,
        shift: null,
        startTime: null,
        endTime: null,
        durationHours: null,
        productiveFte,
        paidFte: isReplaced(role) ? paidFteOfProductive(productiveFte, nonProductivePercentage) : productiveFte,
      });
      continue;
    }
    for (const shift of role.shifts) {
      const productiveFte = fteOfDailyHours(shiftDailyHours(shift), annualHoursPerFte);
      needs.push({
        roleKey: role.key,
        roleName: role.name,
        isExempt: false,
        shift: shift.shift,
        startTime: shift.startTime,
        endTime: shiftEndTime(shift.startTime, shift.durationHours),
        durationHours: shift.durationHours,
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

export type PlanSummary = {
  census: number;
  careTeamTarget: number;
  nonProductiveGoalPercentage: number;
  targetOvertimePercentage: number;
  productiveFteBudget: number | null;
  totalPaidFteBudget: number | null;
  /** Hours of care needed a day: census × HPPD. */
  dailyPlannedCare: number;
  /** Hours scheduled a day: Σ staff per shift × duration over variable shifts. */
  dailyPlannedHours: number;
  /** HPPD the plan delivers: daily planned hours ÷ census. */
  careTeamHours: number;
  /** Σ exempt FTE × H ÷ 365. */
  fixedDailyHours: number;
  /** Daily planned care − daily planned hours; positive means under-staffed. */
  budgetBalance: number;
  productiveFte: number;
  totalPaidFte: number;
  overtimeFte: number;
  /** Plan against finance: positive means the plan needs more than the budget. */
  productiveFteVariance: number | null;
  paidFteVariance: number | null;
  position24HDistribution: number[];
};

export function planSummary(unit: UnitDefinition, roles: readonly RoleInput[], annualHoursPerFte: number): PlanSummary {
  const care = dailyPlannedCare(unit.census, unit.careTeamTarget);
  let plannedHours = 0;
  let exemptFte = 0;
  let replacedProductive = 0;
  let fixedNotReplaced = 0;
  for (const role of roles) {
    if (role.isExempt) {
      const fte = role.fte ?? 0;
      exemptFte += fte;
      if (isReplaced(role)) replacedProductive += fte;
      else fixedNotReplaced += fte;
    } else {
      let roleHours = 0;
      for (const shift of role.shifts) roleHours += shiftDailyHours(shift);
      plannedHours += roleHours;
      replacedProductive += fteOfDailyHours(roleHours, annualHoursPerFte);
    }
  }
  const fixedDailyHours = exemptFte * dailyHoursPerFte(annualHoursPerFte);
  const productiveFte = fteOfDailyHours(plannedHours + fixedDailyHours, annualHoursPerFte);
  const totalPaidFte = paidFteOfProductive(replacedProductive, unit.nonProductiveGoalPercentage) + fixedNotReplaced;
  return {
    census: unit.census,
    careTeamTarget: unit.careTeamTarget,
    nonProductiveGoalPercentage: unit.nonProductiveGoalPercentage,
    targetOvertimePercentage: unit.targetOvertimePercentage,
    productiveFteBudget: unit.productiveFteBudget,
    totalPaidFteBudget: unit.totalPaidFteBudget,
    dailyPlannedCare: care,
    dailyPlannedHours: plannedHours,
    careTeamHours: unit.census > 0 ? plannedHours / unit.census : 0,
    fixedDailyHours,
    budgetBalance: care - plannedHours,
    productiveFte,
    totalPaidFte,
    overtimeFte: productiveFte * (unit.targetOvertimePercentage / 100),
    productiveFteVariance: unit.productiveFteBudget === null ? null : productiveFte - unit.productiveFteBudget,
    paidFteVariance: unit.totalPaidFteBudget === null ? null : totalPaidFte - unit.totalPaidFteBudget,
    position24HDistribution: careSchedule(roles).total,
  };
}

// ---------------------------------------------------------------------------------------------
// Position control: hired, requested, traveller, gap; open positions
// ---------------------------------------------------------------------------------------------

export type StaffKind = "Regular" | "PRN" | "Traveller";

export type HeldPosition = {
  roleKey: string;
  shift: ShiftName | null;
  fte: number;
  staffType: StaffKind;
  isExempt: boolean;
};

export type RequestedPosition = { fte: number; isTraveller: boolean };

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
  /** Total paid − hired − requested − traveller. */
  totalGap: number;
};

/**
 * Hired FTE counts regular staff only; travellers and PRN stay their own buckets. Requested
 * traveller positions count as requested (they are requisitions, not people yet).
 */
export function positionTotals(
  summary: Pick<PlanSummary, "productiveFte" | "totalPaidFte">,
  held: readonly HeldPosition[],
  requested: readonly RequestedPosition[],
): PositionTotals {
  let hiredExemptFte = 0;
  let hiredVariableFte = 0;
  let prnFte = 0;
  let travellerFte = 0;
  for (const position of held) {
    if (position.staffType === "Traveller") travellerFte += position.fte;
    else if (position.staffType === "PRN") prnFte += position.fte;
    else if (position.isExempt) hiredExemptFte += position.fte;
    else hiredVariableFte += position.fte;
  }
  const hiredFte = hiredExemptFte + hiredVariableFte;
  const totalRequestedFte = requested.reduce((sum, p) => sum + p.fte, 0);
  return {
    totalBudgetedWorked: summary.productiveFte,
    totalBudgetedPaid: summary.totalPaidFte,
    hiredExemptFte,
    hiredVariableFte,
    hiredFte,
    prnFte,
    totalTravellerFte: travellerFte,
    totalRequestedFte,
    totalBudgetedHiredDifference: summary.totalPaidFte - hiredFte,
    totalGap: summary.totalPaidFte - hiredFte - totalRequestedFte - travellerFte,
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

/**
 * What stays unfilled: per needed position, paid FTE − FTE held by regular staff and travellers
 * (PRN is a supplement and fills nothing). Only gaps of at least 0.001 FTE (3 decimals) open, as one
 * requisition per whole FTE plus one for the remainder rounded up to 2 decimals.
 */
export function openPositionsFor(needs: readonly PositionNeed[], held: readonly HeldPosition[]): OpenPositionDraft[] {
  const filled = new Map<string, number>();
  const keyOf = (roleKey: string, shift: ShiftName | null) => `${roleKey}|${shift ?? ""}`;
  for (const position of held) {
    if (position.staffType === "PRN") continue;
    const key = keyOf(position.roleKey, position.isExempt ? null : position.shift);
    filled.set(key, (filled.get(key) ?? 0) + position.fte);
  }
  const drafts: OpenPositionDraft[] = [];
  for (const need of needs) {
    let unfilled = roundFte(need.paidFte - (filled.get(keyOf(need.roleKey, need.shift)) ?? 0));
    // One requisition per hire: whole FTE first, then the remainder (4.21 → 1, 1, 1, 1, 0.21).
    while (unfilled >= 0.001) {
      // FTE is entered with 2 decimals (spec §5): a remainder rounds up, so nothing stays unrequested.
      const fte = roundFte(Math.min(1, Math.ceil(unfilled * 100 - 1e-6) / 100));
      drafts.push({
        roleKey: need.roleKey,
        shift: need.shift,
        startTime: need.startTime,
        endTime: need.endTime,
        durationHours: need.durationHours,
        fte,
        isTraveller: false,
      });
      unfilled = roundFte(Math.max(0, unfilled - fte));
    }
  }
  return drafts;
}

/**
 * Position control balances when no budgeted FTE is left neither hired, requested nor covered by a
 * traveller: the gap shows as 0.00 (or is negative: more on staff than budgeted). Open positions
 * are stored to 3 decimals each, so the sum may differ from the unrounded budget in the third
 * decimal; the shown figure decides.
 */
export function isGapClosed(totalGap: number): boolean {
  return totalGap < 0 || formatFte(totalGap) === "0.00";
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
