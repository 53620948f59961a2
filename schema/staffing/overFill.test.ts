import { describe, expect, it } from "vitest";
import { type PositionControlRow, positionControl, positionNeeds, type RoleInput } from "./math";
import { overFillsOf, overFillWarning } from "./overFill";
import { heldPosition as held, variableRole } from "./testRoles";

const H = 2080;

describe("over-filled positions", () => {
  it("names the role, the shift, the FTE assigned, the FTE needed and how much over", () => {
    expect(overFillWarning({ roleName: "RN", shift: "Days", assignedFte: 6.5, neededFte: 5, overFte: 1.5 })).toBe(
      "RN, Days: 6.50 FTE assigned against 5.00 needed (1.50 over)",
    );
    expect(
      overFillWarning({ roleName: "Nurse Manager", shift: null, assignedFte: 0.8, neededFte: 0.5, overFte: 0.3 }),
    ).toBe("Nurse Manager: 0.80 FTE assigned against 0.50 needed (0.30 over)");
  });

  it("counts hired, traveller (prorated) and requested FTE above the paid need; PRN fills nothing", () => {
    const rn = variableRole("rn", "Registered Nurse", [
      { shift: "Days", startTime: "0700", durationHours: 12.5, staffPerShift: 1 },
      { shift: "Nights", startTime: "1900", durationHours: 12.5, staffPerShift: 1 },
    ]);
    const manager: RoleInput = {
      ...rn,
      key: "nm",
      name: "Nurse Manager",
      isExempt: true,
      fte: 0.5,
      replacement: "Fixed",
      shifts: [],
    };
    // NP 0: each RN shift is 12 paid hours (12.5 less the 30-minute break): 12 × 365 ÷ 2080 = 2.1058 FTE.
    // The Nurse Manager (Fixed, exempt) needs its FTE, 0.50.
    const needs = positionNeeds([rn, manager], 0, H);
    const { rows } = positionControl(
      needs,
      [
        held("rn", "Days", 1),
        held("rn", "Days", 1),
        held("rn", "Nights", 1),
        held("rn", "Nights", 1, { staffType: "PRN" }),
        held("rn", "Nights", 1, { staffType: "Traveller", coverage: 0.5 }),
        // An exempt position fills its role whatever shift it names.
        held("nm", "Days", 0.8, { isExempt: true }),
      ],
      [{ roleKey: "rn", shift: "Days", fte: 0.5, isTraveller: false }],
    );
    const withNames = needs.map((need, i) => ({
      ...need,
      ...(rows[i] as PositionControlRow),
      unitRoleId: need.roleKey,
      roleName: need.roleName,
    }));
    const overFills = overFillsOf(withNames);
    // Days: 1 + 1 hired + 0.5 requested = 2.50 against 2.1058: 0.3942 over, 0.39 as shown.
    // Nights: 1 hired + 0.5 of a traveller's 1.0 (half the year) = 1.50 against 2.1058: short, not listed (the PRN fills nothing).
    // Nurse Manager: 0.80 against 0.50: 0.30 over.
    expect(overFills.map(overFillWarning)).toEqual([
      "Registered Nurse, Days: 2.50 FTE assigned against 2.11 needed (0.39 over)",
      "Nurse Manager: 0.80 FTE assigned against 0.50 needed (0.30 over)",
    ]);
    expect(overFills[0]).toMatchObject({ unitRoleId: "rn", shift: "Days", assignedFte: 2.5, overFte: 0.39 });
    expect(overFills[0]?.neededFte).toBeCloseTo(4380 / 2080, 12);
  });

  it("a surplus that shows as 0.00 is no over-fill", () => {
    const rn = variableRole("rn", "RN", [{ shift: "Days", startTime: "0700", durationHours: 12.5, staffPerShift: 1 }]);
    // 2.1058 needed, 2.11 held: 0.0042 over, 0.00 as shown.
    const needs = positionNeeds([rn], 0, H);
    const { rows } = positionControl(needs, [held("rn", "Days", 2.11)], []);
    expect(rows[0]?.overHireFte).toBe(0);
    expect(
      overFillsOf(
        needs.map((need, i) => ({ ...need, ...(rows[i] as PositionControlRow), unitRoleId: "rn", roleName: "RN" })),
      ),
    ).toEqual([]);
  });
});
