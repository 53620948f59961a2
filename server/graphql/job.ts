import {
  createJob,
  type JobCategoryRecord,
  type JobRecord,
  listJobCategories,
  listJobs,
  setJobCategory,
  setJobDirectCare,
} from "../services/jobs";
import { adminMutation, builder } from "./builder";

export const JobType = builder.objectRef<JobRecord>("Job").implement({
  description: "A job (title) of the facility and the category it rolls up under.",
  fields: (t) => ({
    id: t.exposeID("id"),
    name: t.exposeString("name"),
    categoryId: t.exposeInt("categoryId", { description: "0 ('None') until the job is categorised." }),
    categoryName: t.exposeString("categoryName"),
    isExempt: t.exposeBoolean("isExempt"),
    isDirectCare: t.exposeBoolean("isDirectCare", {
      description: "Counts toward HPPD. Follows the category's default when the category changes.",
    }),
  }),
});

export const JobCategoryType = builder.objectRef<JobCategoryRecord>("JobCategory").implement({
  description: "A job category; 0 'None' is never offered.",
  fields: (t) => ({ id: t.exposeInt("id"), name: t.exposeString("name") }),
});

builder.queryFields((t) => ({
  jobs: t.field({
    type: [JobType],
    description: "The facility's jobs, by name. Admins only.",
    authScopes: { admin: true },
    resolve: (_root, _args, context) => listJobs(context.db, context.viewer),
  }),
  jobCategories: t.field({
    type: [JobCategoryType],
    description: "The categories a job may be given (every one but 0 'None'), by id. Admins only.",
    authScopes: { admin: true },
    resolve: (_root, _args, context) => listJobCategories(context.db, context.viewer),
  }),
}));

builder.mutationFields((t) => ({
  setJobCategory: t.field({
    type: JobType,
    description:
      "Gives a job of your facility a category (never 0 'None'). Audited; completes JobCategorization once every job has one.",
    ...adminMutation,
    args: { jobId: t.arg.id({ required: true }), categoryId: t.arg.int({ required: true }) },
    resolve: (_root, args, context) => setJobCategory(context.db, context.viewer, args.jobId, args.categoryId),
  }),
  setJobDirectCare: t.field({
    type: JobType,
    description:
      "Whether a job's hours count toward HPPD (the unit secretary's do not). Audited; open plans with a role of the job need re-verification, signed plans keep what was signed.",
    ...adminMutation,
    args: { jobId: t.arg.id({ required: true }), isDirectCare: t.arg.boolean({ required: true }) },
    resolve: (_root, args, context) => setJobDirectCare(context.db, context.viewer, args.jobId, args.isDirectCare),
  }),
  createJob: t.field({
    type: JobType,
    description: "Adds a job to your facility with its category. Names are unique regardless of case. Audited.",
    ...adminMutation,
    args: { name: t.arg.string({ required: true }), categoryId: t.arg.int({ required: true }) },
    resolve: (_root, args, context) => createJob(context.db, context.viewer, args),
  }),
}));
