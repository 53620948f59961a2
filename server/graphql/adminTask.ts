import { type AdminTaskRecord, listAdminTasks } from "../services/landing";
import { builder } from "./builder";

const TaskStateEnum = builder.enumType("TaskState", { values: ["Completed", "Pending"] as const });

const AdminTaskType = builder.objectRef<AdminTaskRecord>("AdminTask").implement({
  description: "An onboarding task of the facility, shown on the admin landing page.",
  fields: (t) => ({
    taskName: t.exposeString("taskName"),
    taskState: t.field({ type: TaskStateEnum, resolve: (task) => task.taskState }),
  }),
});

builder.queryField("adminTasks", (t) =>
  t.field({
    type: [AdminTaskType],
    description: "The onboarding tasks of your facility, in onboarding order. Admins only.",
    authScopes: { admin: true },
    resolve: (_root, _args, context) => listAdminTasks(context.db, context.viewer, context.viewer.facilityId),
  }),
);
