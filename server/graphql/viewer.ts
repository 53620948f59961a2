import { ACCOUNT_TYPES } from "../../schema/accountTypes";
import { permissionsByUser } from "../services/users";
import type { Viewer } from "../services/viewer";
import { builder } from "./builder";
import { CostCenterPermissionType } from "./user";

export const AccountTypeEnum = builder.enumType("AccountType", { values: ACCOUNT_TYPES });

const ViewerType = builder.objectRef<Viewer>("Viewer").implement({
  description: "The signed-in person.",
  fields: (t) => ({
    id: t.exposeID("userId"),
    firstName: t.exposeString("firstName"),
    lastName: t.exposeString("lastName"),
    name: t.string({ resolve: (viewer) => `${viewer.firstName} ${viewer.lastName}` }),
    initials: t.string({
      resolve: (viewer) => `${viewer.firstName.charAt(0)}${viewer.lastName.charAt(0)}`.toUpperCase(),
    }),
    email: t.exposeString("email"),
    accountType: t.field({ type: AccountTypeEnum, resolve: (viewer) => viewer.accountType }),
    facilityId: t.exposeID("facilityId"),
    facilityName: t.exposeString("facilityName"),
    facilityTimeZone: t.exposeString("facilityTimeZone", {
      description: "The facility's time zone (HR guidelines): its dates, budget year and season are read there.",
    }),
    organizationId: t.exposeID("organizationId"),
    costCenterPermissions: t.field({
      type: [CostCenterPermissionType],
      resolve: async (viewer, _args, context) =>
        (await permissionsByUser(context.db, [viewer.userId])).get(viewer.userId) ?? [],
    }),
  }),
});

builder.queryField("me", (t) => t.field({ type: ViewerType, resolve: (_root, _args, context) => context.viewer }));
