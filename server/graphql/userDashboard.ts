import { type UserDashboard, type UserDashboardCostCenter, userDashboard } from "../services/userDashboard";
import { builder } from "./builder";
import { CostCenterFiguresType, dashboardSummaryFields, SORTED_BY_CODE } from "./dashboard";
import { WizardStepEnum } from "./wizard";

const UserDashboardCostCenterType = builder.objectRef<UserDashboardCostCenter>("UserDashboardCostCenter").implement({
  description: "A cost center the user holds a permission on: its figures, the user's permission, and what to do next.",
  fields: (t) => ({
    costCenter: t.field({ type: CostCenterFiguresType, resolve: (row) => row }),
    completeWizard: t.exposeBoolean("completeWizard", { description: "The user completes this cost center's wizard." }),
    manageStaff: t.exposeBoolean("manageStaff"),
    readOnly: t.exposeBoolean("readOnly"),
    stepsLeft: t.field({
      type: [WizardStepEnum],
      description:
        "The wizard's steps not completed yet, in order: all six before the plan is begun, none once attested.",
      resolve: (row) => row.stepsLeft,
    }),
    nextStep: t.field({
      type: WizardStepEnum,
      nullable: true,
      description: "The step to open next; null once attested, or before the plan is begun by someone else.",
      resolve: (row) => row.nextStep,
    }),
    todo: t.exposeString("todo", { description: "What to do next, in words." }),
    notices: t.exposeStringList("notices", {
      description:
        "What needs attention: the wizard's notices, FTE neither filled nor requested, traveller contracts ending within 60 days, staff not yet assigned all of their FTE.",
    }),
  }),
});

const UserDashboardType = builder.objectRef<UserDashboard>("UserDashboard").implement({
  description: "The user dashboard: the cost centers the user holds permissions on, for the current budget year.",
  fields: (t) => ({
    ...dashboardSummaryFields(t),
    costCenters: t.field({
      type: [UserDashboardCostCenterType],
      description: SORTED_BY_CODE,
      resolve: (d) => d.costCenters,
    }),
  }),
});

builder.queryField("userDashboard", (t) =>
  t.field({
    type: UserDashboardType,
    description: "The user dashboard (`/user/dashboard`, `GET /api/dashboard`). Users only.",
    authScopes: { user: true },
    resolve: (_root, _args, context) => userDashboard(context.db, context.viewer),
  }),
);
