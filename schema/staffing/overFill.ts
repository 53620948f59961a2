import { formatFte, type PositionControlRow, type ShiftName } from "./math";

/**
 * A needed position (role, and shift for variable roles) that holds more FTE than the plan needs:
 * hired, traveller (prorated) and requested FTE above its paid need. It warns and never blocks (a
 * manager may over-hire on purpose); its surplus is the position's over-hire, which never offsets
 * another position's gap.
 */
export type OverFill = {
  unitRoleId: string;
  roleName: string;
  /** null for exempt roles. */
  shift: ShiftName | null;
  /** Hired + traveller (prorated) + requested FTE, unrounded. */
  assignedFte: number;
  /** The position's paid FTE need, unrounded. */
  neededFte: number;
  /** The position's over-hire as shown (2 decimals). */
  overFte: number;
};

/** A needed position with its position-control figures, as the wizard's view has it. */
export type NeedFigures = Pick<
  PositionControlRow,
  "shift" | "paidFte" | "hiredFte" | "travellerFte" | "requestedFte" | "overHireFte"
> & { unitRoleId: string; roleName: string };

/** The over-filled needed positions, in the needs' order: those whose over-hire shows above 0.00. */
export function overFillsOf(needs: readonly NeedFigures[]): OverFill[] {
  return needs
    .filter((need) => need.overHireFte > 0)
    .map((need) => ({
      unitRoleId: need.unitRoleId,
      roleName: need.roleName,
      shift: need.shift,
      assignedFte: need.hiredFte + need.travellerFte + need.requestedFte,
      neededFte: need.paidFte,
      overFte: need.overHireFte,
    }));
}

/** 'RN, Days: 6.50 FTE assigned against 5.00 needed (1.50 over)'; an exempt role has no shift. */
export function overFillWarning(
  overFill: Pick<OverFill, "roleName" | "shift" | "assignedFte" | "neededFte" | "overFte">,
): string {
  const position = overFill.shift ? `${overFill.roleName}, ${overFill.shift}` : overFill.roleName;
  return `${position}: ${formatFte(overFill.assignedFte)} FTE assigned against ${formatFte(overFill.neededFte)} needed (${formatFte(overFill.overFte)} over)`;
}

/** What the over-fill alerts say under the list, on the wizard's Assign Staff step and on Manage Staff. */
export const OVER_FILL_NOTE =
  "More FTE is assigned to these positions (hired staff, travellers and requested positions) than the plan needs. This does not block the plan: the surplus shows as over-hire and never offsets another position's gap.";
