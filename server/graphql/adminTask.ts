import { type AdminTaskRecord, listAdminTasks, updateAdminTask } from "../services/adminTasks";
import { adminMutation, builder } from "./builder";

export const TaskStateEnum = builder.enumType("TaskState", { values: ["Completed", "Pending"] as const });

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
    resolve: (_root, _args, context) => listAdminTasks(context.db, context.viewer),
  }),
);

const AdminTaskInput = builder.inputType("AdminTaskInput", {
  fields: (t) => ({
    taskName: t.string({ required: true, description: "DefineSystemRelations, AddUserAccessibility, ..." }),
    taskState: t.field({ type: TaskStateEnum, required: true }),
  }),
});

builder.mutationField("updateAdminTask", (t) =>
  t.field({
    type: AdminTaskType,
    description: "Sets an onboarding task's state for your facility. Admins only.",
    ...adminMutation,
    args: { input: t.arg({ type: AdminTaskInput, required: true }) },
    resolve: (_root, args, context) => updateAdminTask(context.db, context.viewer, args.input),
  }),
);
