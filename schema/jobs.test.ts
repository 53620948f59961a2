import { describe, expect, it } from "vitest";
import {
  createJobFormSchema,
  JOB_MESSAGES,
  jobCategoryChoiceSchema,
  jobDirectCareAssignmentSchema,
  jobRowFormSchema,
} from "./jobs";

const messages = (result: { error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  (result.error?.issues ?? []).map((issue) => [issue.path.join("."), issue.message]);

describe("jobCategoryChoiceSchema: a category picked from a list", () => {
  it.each([
    ["1", 1],
    ["6", 6],
  ])("reads option %j as category %d", (picked, id) => {
    expect(jobCategoryChoiceSchema.parse(picked)).toBe(id);
  });

  it.each([
    ["", JOB_MESSAGES.categoryRequired],
    ["0", JOB_MESSAGES.categoryNotNone],
    ["2.5", "Job category must be a whole number"],
  ])("refuses %j with %j", (picked, message) => {
    expect(messages(jobCategoryChoiceSchema.safeParse(picked))).toEqual([["", message]]);
  });
});

describe("createJobFormSchema: the add-job form", () => {
  it("sends the name trimmed and the category as a number", () => {
    expect(createJobFormSchema.parse({ name: "  Ward Clerk ", categoryId: "4" })).toEqual({
      name: "Ward Clerk",
      categoryId: 4,
    });
  });

  it("says a category is required, or that None is not one, on the category", () => {
    expect(messages(createJobFormSchema.safeParse({ name: "Ward Clerk", categoryId: "" }))).toEqual([
      ["categoryId", JOB_MESSAGES.categoryRequired],
    ]);
    expect(messages(createJobFormSchema.safeParse({ name: "Ward Clerk", categoryId: "0" }))).toEqual([
      ["categoryId", JOB_MESSAGES.categoryNotNone],
    ]);
  });
});

describe("jobRowFormSchema: one row of the job categorization list", () => {
  it("reads the picked category as a number and keeps the direct-care flag", () => {
    expect(jobRowFormSchema.parse({ categoryId: "3", isDirectCare: true })).toEqual({
      categoryId: 3,
      isDirectCare: true,
    });
  });

  it("a job not categorised yet (no category shown) is null, so its direct-care flag can still be saved", () => {
    expect(jobRowFormSchema.parse({ categoryId: "", isDirectCare: false })).toEqual({
      categoryId: null,
      isDirectCare: false,
    });
  });

  it("refuses None, on the category", () => {
    expect(messages(jobRowFormSchema.safeParse({ categoryId: "0", isDirectCare: true }))).toEqual([
      ["categoryId", JOB_MESSAGES.categoryNotNone],
    ]);
  });
});

describe("jobDirectCareAssignmentSchema: the server's setJobDirectCare", () => {
  const jobId = "5eed0003-0000-4000-8000-000000000001";

  it("takes a job id and a boolean", () => {
    expect(jobDirectCareAssignmentSchema.parse({ jobId, isDirectCare: false })).toEqual({ jobId, isDirectCare: false });
  });

  it("refuses anything but true or false, and a job id that is not one", () => {
    expect(messages(jobDirectCareAssignmentSchema.safeParse({ jobId: "x", isDirectCare: "yes" }))).toEqual([
      ["jobId", "'x' is not a valid job id"],
      ["isDirectCare", "isDirectCare must be true or false"],
    ]);
  });
});
