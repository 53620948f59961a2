/**
 * Builders for the staffing math's unit tests (math.test.ts, overFill.test.ts): a role or a held
 * position stated by what sets it apart, the rest the plain case. No app code imports this file.
 */
import type { HeldPosition, OpenPositionDraft, RequestedPosition, RoleInput, ShiftInput, ShiftName } from "./math";

/**
 * A variable role (non-exempt, replaced, direct care, the default unpaid break) on these shifts;
 * `more` changes any of that.
 */
export function variableRole(
  key: string,
  name: string,
  shifts: readonly ShiftInput[],
  more: Partial<RoleInput> = {},
): RoleInput {
  return {
    key,
    name,
    isExempt: false,
    fte: null,
    replacement: "Variable",
    unpaidBreakMinutes: null,
    isDirectCare: true,
    shifts,
    ...more,
  };
}

/** A regular, non-exempt position held for the whole year; `more` changes any of that. */
export function heldPosition(
  roleKey: string,
  shift: ShiftName | null,
  fte: number,
  more: Partial<HeldPosition> = {},
): HeldPosition {
  return { roleKey, shift, fte, staffType: "Regular", isExempt: false, coverage: 1, ...more };
}

/** Open positions requested as calculated (none of them a traveller's). */
export function requestedAsCalculated(open: readonly OpenPositionDraft[]): RequestedPosition[] {
  return open.map((p) => ({ roleKey: p.roleKey, shift: p.shift, fte: p.fte, isTraveller: false }));
}
