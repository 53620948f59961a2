import type { ArgBuilder } from "@pothos/core";
import type { Database } from "../../db/client";
import { type CostCenterHistory, costCenterHistory, type HistoryEntry } from "../services/costCenterHistory";
import {
  type CostCenterRecord,
  createCostCenter,
  type DeactivatedCostCenter,
  deactivateCostCenter,
  getCostCenter,
  listCostCenters,
  listDeactivatedCostCenters,
  reactivateCostCenter,
  resetCostCenterPlan,
  unlockCostCenterWizard,
  updateCostCenter,
} from "../services/costCenters";
import type { Viewer } from "../services/viewer";
import { auditRecordFields } from "./auditLog";
import { adminMutation, type BuilderTypes, builder } from "./builder";
import type { GraphQLContext } from "./context";

export const CostCenterType = builder.objectRef<CostCenterRecord>("CostCenter").implement({
  description: "A cost center (nursing unit) of a facility.",
  fields: (t) => ({
    id: t.exposeID("id"),
    facilityId: t.exposeID("facilityId"),
    code: t.exposeString("code", { description: "The numeric cost center number, as text." }),
    name: t.exposeString("name"),
    prnFte: t.exposeFloat("prnFte", {
      nullable: true,
      description: "The PRN FTE standard: the unit's own, else the facility's PRNStaffValue.",
    }),
  }),
});

const DeactivatedCostCenterType = builder.objectRef<DeactivatedCostCenter>("DeactivatedCostCenter").implement({
  description:
    "A cost center taken out of use (soft deleted): its plans and history are kept, and it can be reactivated.",
  fields: (t) => ({
    id: t.exposeID("id"),
    code: t.exposeString("code", { description: "The numeric cost center number, as text." }),
    name: t.exposeString("name"),
    deactivatedAt: t.string({
      description: "When it was deactivated (ISO 8601, UTC).",
      resolve: (row) => row.deactivatedAt.toISOString(),
    }),
  }),
});

const HistoryEntryType = builder.objectRef<HistoryEntry>("CostCenterHistoryEntry").implement({
  description: "One recorded change of a cost center or of one of its plans.",
  fields: (t) => ({
    ...auditRecordFields(t),
    actorName: t.exposeString("actorName", { nullable: true, description: "Who made the change." }),
    details: t.exposeString("details", {
      nullable: true,
      description: "What changed, where the record says it plainly.",
    }),
  }),
});

const HistoryType = builder.objectRef<CostCenterHistory>("CostCenterHistory").implement({
  description: "A cost center's change history and its plans', the latest first (at most 200 entries).",
  fields: (t) => ({
    timeZone: t.exposeString("timeZone", {
      description: "The facility's time zone (IANA name), in which to read the times.",
    }),
    entries: t.field({ type: [HistoryEntryType], resolve: (history) => history.entries }),
  }),
});

/**
 * The argument and resolver of a field of one cost center (`costCenterId`): `run` answers it for
 * the viewer, and refuses one without the permission it needs on that cost center.
 */
export const ofCostCenter = <Result>(
  t: { arg: ArgBuilder<BuilderTypes> },
  run: (db: Database, viewer: Viewer, costCenterId: string) => Promise<Result>,
) => ({
  args: { costCenterId: t.arg.id({ required: true }) },
  resolve: (_root: unknown, args: { costCenterId: string }, context: GraphQLContext) =>
    run(context.db, context.viewer, args.costCenterId),
});

const CostCenterInput = builder.inputType("CostCenterInput", {
  description: "Number: digits only, at most 12. Name: at most 80 characters.",
  fields: (t) => ({ code: t.string({ required: true }), name: t.string({ required: true }) }),
});

builder.queryFields((t) => ({
  costCenters: t.field({
    type: [CostCenterType],
    description: "The facility's active cost centers, sorted by numeric code. Admins only.",
    authScopes: { admin: true },
    resolve: (_root, _args, context) => listCostCenters(context.db, context.viewer),
  }),
  costCenter: t.field({
    type: CostCenterType,
    authScopes: { admin: true },
    args: { id: t.arg.id({ required: true }) },
    resolve: (_root, args, context) => getCostCenter(context.db, context.viewer, args.id),
  }),
  deactivatedCostCenters: t.field({
    type: [DeactivatedCostCenterType],
    description: "The facility's deactivated cost centers, the most recently deactivated first. Admins only.",
    authScopes: { admin: true },
    resolve: (_root, _args, context) => listDeactivatedCostCenters(context.db, context.viewer),
  }),
  costCenterHistory: t.field({
    type: HistoryType,
    description: "Who changed what and when, for a cost center (active or deactivated) and its plans. Admins only.",
    authScopes: { admin: true },
    args: { id: t.arg.id({ required: true }) },
    resolve: (_root, args, context) => costCenterHistory(context.db, context.viewer, args.id),
  }),
}));

/** An admin's action on one cost center: the service takes its id and answers it as the action leaves it. */
type CostCenterAction = (db: Database, viewer: Viewer, id: string) => Promise<CostCenterRecord>;

builder.mutationFields((t) => {
  const action = (description: string, run: CostCenterAction) =>
    t.field({
      type: CostCenterType,
      description,
      ...adminMutation,
      args: { id: t.arg.id({ required: true }) },
      resolve: (_root, args, context) => run(context.db, context.viewer, args.id),
    });

  return {
    createCostCenter: t.field({
      type: CostCenterType,
      ...adminMutation,
      args: { input: t.arg({ type: CostCenterInput, required: true }) },
      resolve: (_root, args, context) => createCostCenter(context.db, context.viewer, args.input),
    }),
    updateCostCenter: t.field({
      type: CostCenterType,
      ...adminMutation,
      args: { id: t.arg.id({ required: true }), input: t.arg({ type: CostCenterInput, required: true }) },
      resolve: (_root, args, context) => updateCostCenter(context.db, context.viewer, args.id, args.input),
    }),
    deactivateCostCenter: action(
      "Soft delete: refused while the cost center's wizard is in progress.",
      deactivateCostCenter,
    ),
    reactivateCostCenter: action(
      "Brings a deactivated cost center back with its plans; refused when an active one holds its number.",
      reactivateCostCenter,
    ),
    resetCostCenter: action("Clears the cost center's completed plan so it can be planned again.", resetCostCenterPlan),
    unlockCostCenterWizard: action("Reopens a completed wizard for changes.", unlockCostCenterWizard),
  };
});
