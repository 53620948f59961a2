import { describe, expect, it } from "vitest";
import {
  contractDateFormSchema,
  type RoleFormValues,
  roleFormSchema,
  roleFormValues,
  typedNumber,
  unitDefinitionFormSchema,
  unitDefinitionFormValues,
} from "./forms";
import { STAFFING_MESSAGES } from "./rules";

/** Each message of a failed parse with the field it landed on ('shifts.Days.startTime'). */
function messagesOf(result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) {
  return (result.error?.issues ?? []).map((issue) => [issue.path.join("."), issue.message]);
}

describe("typedNumber: a number typed into a text field, as a rule's input", () => {
  it.each([
    ["22", 22],
    [" 9.6 ", 9.6],
    [".5", 0.5],
    ["-3", -3],
    ["", undefined],
    ["   ", undefined],
    ["15%", "15%"],
    ["1e3", "1e3"],
    ["half an hour", "half an hour"],
  ])("reads %j as %j", (typed, read) => {
    expect(typedNumber(typed)).toBe(read);
  });
});

describe("unitDefinitionFormSchema: step 1's fields as typed, judged by unitDefinitionSchema", () => {
  const sample = {
    census: " 18.5",
    careTeamTarget: "11",
    nonProductiveGoalPercentage: "12.5",
    targetOvertimePercentage: "0",
    productiveFteBudget: "24.75",
    totalPaidFteBudget: "27 ",
  };

  it("reads the typed figures into numbers; blank budgets are none", () => {
    expect(unitDefinitionFormSchema.parse(sample)).toEqual({
      census: 18.5,
      careTeamTarget: 11,
      nonProductiveGoalPercentage: 12.5,
      targetOvertimePercentage: 0,
      productiveFteBudget: 24.75,
      totalPaidFteBudget: 27,
    });
    const noBudgets = unitDefinitionFormSchema.parse({ ...sample, productiveFteBudget: "", totalPaidFteBudget: " " });
    expect(noBudgets.productiveFteBudget).toBeNull();
    expect(noBudgets.totalPaidFteBudget).toBeNull();
  });

  it("puts the rule's messages on the fields they are about", () => {
    const result = unitDefinitionFormSchema.safeParse({
      ...sample,
      census: "0",
      careTeamTarget: "",
      nonProductiveGoalPercentage: "15%",
      targetOvertimePercentage: "26",
    });
    expect(messagesOf(result)).toEqual([
      ["census", "Average daily census must be from 1 to 1000"],
      ["careTeamTarget", "Care team hours per patient day is required"],
      ["nonProductiveGoalPercentage", "Non-productive goal % must be a number"],
      ["targetOvertimePercentage", "Target overtime % must be from 0 to 25"],
    ]);
  });

  it("refuses a total paid budget below the productive one, on the total", () => {
    const result = unitDefinitionFormSchema.safeParse({ ...sample, totalPaidFteBudget: "20" });
    expect(messagesOf(result)).toEqual([["totalPaidFteBudget", STAFFING_MESSAGES.paidBelowProductive]]);
  });

  it("shows a saved definition as text, a missing budget blank, and reads it back unchanged", () => {
    const saved = {
      census: 22,
      careTeamTarget: 9.6,
      nonProductiveGoalPercentage: 10,
      targetOvertimePercentage: 0,
      productiveFteBudget: null,
      totalPaidFteBudget: 33.25,
    };
    const values = unitDefinitionFormValues(saved);
    expect(values).toEqual({
      census: "22",
      careTeamTarget: "9.6",
      nonProductiveGoalPercentage: "10",
      targetOvertimePercentage: "0",
      productiveFteBudget: "",
      totalPaidFteBudget: "33.25",
    });
    expect(unitDefinitionFormSchema.parse(values)).toEqual(saved);
  });
});

describe("roleFormSchema: step 2's role editor, judged by roleSchema", () => {
  const jobs = [
    { id: "5eed0007-0000-4000-8000-000000000001", name: "Registered Nurse" },
    { id: "5eed0007-0000-4000-8000-000000000002", name: "Nurse Manager" },
  ];
  const [nurse, manager] = jobs as [(typeof jobs)[number], (typeof jobs)[number]];
  const schema = roleFormSchema(jobs);
  /** A new role's values with `patch` over them, and shifts patched one by one. */
  function role(patch: Partial<RoleFormValues>, shifts: Partial<RoleFormValues["shifts"]> = {}): RoleFormValues {
    const values = roleFormValues();
    return { ...values, ...patch, shifts: { ...values.shifts, ...shifts } };
  }
  const days = (patch: Partial<RoleFormValues["shifts"]["Days"]> = {}) => ({
    include: true,
    startTime: "0700",
    durationHours: "12.5",
    staffPerShift: "5",
    ...patch,
  });

  it("starts a new role with no job, no shifts ticked and each shift at its defaults", () => {
    expect(roleFormValues()).toEqual({
      jobId: "",
      isExempt: false,
      fte: "",
      replacement: "Fixed",
      unpaidBreakMinutes: "",
      shifts: {
        Days: { include: false, startTime: "0700", durationHours: "12.5", staffPerShift: "" },
        Evenings: { include: false, startTime: "1500", durationHours: "8", staffPerShift: "" },
        Nights: { include: false, startTime: "1900", durationHours: "12.5", staffPerShift: "" },
      },
    });
  });

  it("names the role after its job and sends only the ticked shifts, in Days, Evenings, Nights order", () => {
    const values = role(
      { jobId: nurse.id },
      {
        Days: days(),
        Evenings: { include: false, startTime: "9999", durationHours: "x", staffPerShift: "" },
        Nights: { include: true, startTime: "1900", durationHours: "12.5", staffPerShift: "4" },
      },
    );
    expect(schema.parse(values)).toEqual({
      jobId: nurse.id,
      name: "Registered Nurse",
      isExempt: false,
      fte: null,
      replacement: "Variable",
      unpaidBreakMinutes: null,
      shifts: [
        { shift: "Days", startTime: "0700", durationHours: 12.5, staffPerShift: 5 },
        { shift: "Nights", startTime: "1900", durationHours: 12.5, staffPerShift: 4 },
      ],
    });
  });

  it("an exempt role sends its FTE and replacement, and none of its shifts", () => {
    const values = role(
      { jobId: manager.id, isExempt: true, fte: "0.5", replacement: "FixedWithReplacement" },
      {
        Days: days(),
      },
    );
    expect(schema.parse(values)).toMatchObject({
      name: "Nurse Manager",
      isExempt: true,
      fte: 0.5,
      replacement: "FixedWithReplacement",
      unpaidBreakMinutes: null,
      shifts: [],
    });
    expect(messagesOf(schema.safeParse({ ...values, fte: "1.6" }))).toEqual([["fte", STAFFING_MESSAGES.exemptFte]]);
    expect(messagesOf(schema.safeParse({ ...values, fte: "" }))).toEqual([["fte", STAFFING_MESSAGES.exemptFte]]);
  });

  it("puts a ticked shift's messages on that shift's fields, whichever place it has among the ticked", () => {
    // Nights is the first ticked shift: the rule's shifts.0 is the form's shifts.Nights.
    const values = role(
      { jobId: nurse.id, unpaidBreakMinutes: "half an hour" },
      { Nights: { include: true, startTime: "2430", durationHours: "12.5", staffPerShift: "25" } },
    );
    expect(messagesOf(schema.safeParse(values))).toEqual([
      ["unpaidBreakMinutes", STAFFING_MESSAGES.unpaidBreak],
      ["shifts.Nights.startTime", STAFFING_MESSAGES.militaryTime],
      ["shifts.Nights.staffPerShift", STAFFING_MESSAGES.staffPerShift],
    ]);
  });

  it("a missing job is said on the job's select; a variable role without shifts on the shifts", () => {
    expect(messagesOf(schema.safeParse(role({ jobId: "" }, { Days: days() })))).toEqual([
      ["jobId", STAFFING_MESSAGES.roleName],
    ]);
    expect(messagesOf(schema.safeParse(role({ jobId: nurse.id })))).toEqual([
      ["shifts", STAFFING_MESSAGES.shiftsRequired],
    ]);
  });

  it("refuses a break as long as a shift: 60 minutes on a 1-hour shift", () => {
    const values = role({ jobId: nurse.id, unpaidBreakMinutes: "60" }, { Days: days({ durationHours: "1" }) });
    expect(messagesOf(schema.safeParse(values))).toEqual([
      ["unpaidBreakMinutes", STAFFING_MESSAGES.unpaidBreakTooLong],
    ]);
  });

  it("shows a saved role as the editor holds it and reads it back unchanged", () => {
    const saved = {
      jobId: nurse.id,
      name: "Registered Nurse",
      isExempt: false,
      fte: null,
      replacement: "Variable" as const,
      unpaidBreakMinutes: 45,
      shifts: [{ shift: "Evenings" as const, startTime: "1500", durationHours: 8, staffPerShift: 2 }],
    };
    const values = roleFormValues(saved);
    expect(values.shifts.Evenings).toEqual({
      include: true,
      startTime: "1500",
      durationHours: "8",
      staffPerShift: "2",
    });
    expect(values.shifts.Days.include).toBe(false);
    expect(values.unpaidBreakMinutes).toBe("45");
    expect(schema.parse(values)).toEqual(saved);
  });
});

describe("contractDateFormSchema: a traveller's contract end date, by the server's rule", () => {
  it.each(["2027-03-31", "2028-02-29"])("takes %j", (date) => {
    expect(contractDateFormSchema.parse({ contractEndDate: date })).toEqual({ contractEndDate: date });
  });

  it.each(["", "2027-02-30", "2027-13-01", "31/03/2027", "2027-3-31"])("refuses %j with the rule's message", (date) => {
    expect(messagesOf(contractDateFormSchema.safeParse({ contractEndDate: date }))).toEqual([
      ["contractEndDate", STAFFING_MESSAGES.contractDate],
    ]);
  });
});
