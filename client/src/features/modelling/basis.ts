// What a model does not change, as the modelling screen builds it from its query's answer: a pure
// function, so the test that proves client and server agree (tests/api/modelling.test.ts) runs the
// screen's own code.
import {
  type HeldPosition,
  type ModelBasis,
  modelBasis,
  type RequestedPosition,
  type ShiftName,
} from "../../../../schema/staffing";

type QueriedHeld = Omit<HeldPosition, "roleKey" | "shift"> & { unitRoleId: string; shift?: ShiftName | null };
type QueriedRequested = Omit<RequestedPosition, "roleKey" | "shift"> & {
  unitRoleId?: string | null;
  shift?: ShiftName | null;
};

/** The query names a held or requested position's role `unitRoleId`; the model calls it `roleKey`. */
export function basisOfQuery(
  modelling: {
    annualHoursPerFte: number;
    averageHourlyRate?: number | null;
    jobs: readonly { id: string; isDirectCare: boolean }[];
  },
  plan: { held: readonly QueriedHeld[]; requested: readonly QueriedRequested[] },
): ModelBasis {
  return modelBasis({
    annualHoursPerFte: modelling.annualHoursPerFte,
    averageHourlyRate: modelling.averageHourlyRate ?? null,
    jobs: modelling.jobs,
    held: plan.held.map(({ unitRoleId, shift, ...held }) => ({ ...held, roleKey: unitRoleId, shift: shift ?? null })),
    requested: plan.requested.map(({ unitRoleId, shift, ...requested }) => ({
      ...requested,
      roleKey: unitRoleId ?? null,
      shift: shift ?? null,
    })),
  });
}
