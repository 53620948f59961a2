import { z } from "zod";
import { UUID_PATTERN } from "./text";

/** Spec §3: category 0 'None' exists for jobs nobody has categorised yet, and is never offered. */
export const JOB_CATEGORY_NONE = 0;
export const JOB_NAME_MAX_LENGTH = 80;
/** Job titles are proper names: letters, digits, spaces and the punctuation real titles use. */
const JOB_NAME_PATTERN = /^[\p{L}\p{M}0-9 &'().,/-]+$/u;

export const JOB_MESSAGES = {
  categoryRequired: "Job category is required",
  categoryNotNone: "Choose a job category other than None",
  /** Shown in the job categorization footer. */
  savedAutomatically: "All changes are saved automatically.",
} as const;

export const jobNameSchema = z
  .string({ error: "Job name is required" })
  .trim()
  .min(1, "Job name is required")
  .max(JOB_NAME_MAX_LENGTH, `Job name must be at most ${JOB_NAME_MAX_LENGTH} characters`)
  .regex(JOB_NAME_PATTERN, "Job name may contain letters, digits, spaces and - & ' ( ) . , /");

/** A category to give a job: a whole number, never 0 'None'. Whether it exists is the server's check. */
export const jobCategoryIdSchema = z
  .number({ error: JOB_MESSAGES.categoryRequired })
  .int("Job category must be a whole number")
  .refine((id) => id !== JOB_CATEGORY_NONE, JOB_MESSAGES.categoryNotNone);

export const createJobSchema = z.object({ name: jobNameSchema, categoryId: jobCategoryIdSchema });
export type CreateJobInput = z.output<typeof createJobSchema>;

/**
 * A category picked from a list in a form (the option's value, text): nothing picked is 'Job category
 * is required'; what is picked must pass the server's rule (jobCategoryIdSchema).
 */
export const jobCategoryChoiceSchema = z
  .string({ error: JOB_MESSAGES.categoryRequired })
  .min(1, JOB_MESSAGES.categoryRequired)
  .transform(Number)
  .pipe(jobCategoryIdSchema);

/** The client's add-job form: the category is picked from a list, so it starts empty. */
export const createJobFormSchema = z.object({ name: jobNameSchema, categoryId: jobCategoryChoiceSchema });
export type CreateJobFormValues = z.input<typeof createJobFormSchema>;

/** Whether a job's hours count toward HPPD (the direct-care flag). */
export const jobDirectCareSchema = z.boolean({ error: "isDirectCare must be true or false" });

/**
 * A row of the job categorization list: its category as picked from the list, and its direct-care
 * flag. A job nobody has categorised yet shows no category (blank, null here); once one is picked it
 * must pass the server's rule, so 'None' (0) is refused.
 */
export const jobRowFormSchema = z.object({
  categoryId: z
    .string()
    .transform((text) => (text === "" ? null : text))
    .pipe(jobCategoryChoiceSchema.nullable()),
  isDirectCare: jobDirectCareSchema,
});
export type JobRowFormValues = z.input<typeof jobRowFormSchema>;
export type JobRowValues = z.output<typeof jobRowFormSchema>;

export const jobCategoryAssignmentSchema = z.object({
  jobId: z
    .string({ error: "jobId is required" })
    .refine((id) => UUID_PATTERN.test(id), { error: (issue) => `'${String(issue.input)}' is not a valid job id` }),
  categoryId: jobCategoryIdSchema,
});

/** `PATCH /api/job/category`: a non-empty list, each job at most once; applied all-or-nothing. */
export const jobCategoryAssignmentsSchema = z
  .array(jobCategoryAssignmentSchema, { error: "The request body must be a list of { jobId, categoryId }" })
  .min(1, "Send at least one { jobId, categoryId }")
  .superRefine((list, context) => {
    const seen = new Set<string>();
    list.forEach((entry, index) => {
      const key = entry.jobId.toLowerCase();
      if (seen.has(key)) {
        context.addIssue({ code: "custom", path: [index, "jobId"], message: `Job ${entry.jobId} is listed twice` });
      }
      seen.add(key);
    });
  });
export type JobCategoryAssignment = z.output<typeof jobCategoryAssignmentSchema>;

/** The GraphQL `setJobDirectCare`: a job and whether its hours count toward HPPD. */
export const jobDirectCareAssignmentSchema = jobCategoryAssignmentSchema
  .pick({ jobId: true })
  .extend({ isDirectCare: jobDirectCareSchema });
