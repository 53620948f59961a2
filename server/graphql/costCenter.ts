import {
  type CostCenterRecord,
  createCostCenter,
  deactivateCostCenter,
  getCostCenter,
  listCostCenters,
  resetCostCenterPlan,
  unlockCostCenterWizard,
  updateCostCenter,
} from "../services/costCenters";
import { DomainError } from "../services/errors";
import { builder } from "./builder";

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
}));

builder.mutationFields((t) => ({
  createCostCenter: t.field({
    type: CostCenterType,
    authScopes: { admin: true },
    errors: { types: [DomainError] },
    args: { input: t.arg({ type: CostCenterInput, required: true }) },
    resolve: (_root, args, context) => createCostCenter(context.db, context.viewer, args.input),
  }),
  updateCostCenter: t.field({
    type: CostCenterType,
    authScopes: { admin: true },
    errors: { types: [DomainError] },
    args: { id: t.arg.id({ required: true }), input: t.arg({ type: CostCenterInput, required: true }) },
    resolve: (_root, args, context) => updateCostCenter(context.db, context.viewer, args.id, args.input),
  }),
  deactivateCostCenter: t.field({
    type: CostCenterType,
    description: "Soft delete: refused while the cost center's wizard is in progress.",
    authScopes: { admin: true },
    errors: { types: [DomainError] },
    args: { id: t.arg.id({ required: true }) },
    resolve: (_root, args, context) => deactivateCostCenter(context.db, context.viewer, args.id),
  }),
  resetCostCenter: t.field({
    type: CostCenterType,
    description: "Clears the cost center's completed plan so it can be planned again.",
    authScopes: { admin: true },
    errors: { types: [DomainError] },
    args: { id: t.arg.id({ required: true }) },
    resolve: (_root, args, context) => resetCostCenterPlan(context.db, context.viewer, args.id),
  }),
  unlockCostCenterWizard: t.field({
    type: CostCenterType,
    description: "Reopens a completed wizard for changes.",
    authScopes: { admin: true },
    errors: { types: [DomainError] },
    args: { id: t.arg.id({ required: true }) },
    resolve: (_root, args, context) => unlockCostCenterWizard(context.db, context.viewer, args.id),
  }),
}));
