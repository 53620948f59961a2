import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { adminTasks, auditLog, educationLevels, facilities, facilityBudgetSettings } from "../../db/schema";
import { DEMO_FACILITY_ID, DEMO_ORGANIZATION_ID } from "../../db/seed/demo";
import { graphqlRequest } from "../support/graphql";
import { restCall } from "../support/rest";
import { useTestServer } from "../support/testServer";

const { server, token } = useTestServer();

type Json = Record<string, unknown> & { message?: string; code?: string; fieldErrors?: Record<string, string> };
const call = (method: string, path: string, bearer: string, body?: unknown) =>
  restCall<Json>(server.baseUrl, method, path, bearer, body);
const db = () => server.database.db;
const facilityRow = async () => (await db().select().from(facilities).where(eq(facilities.id, DEMO_FACILITY_ID)))[0];
const taskState = async (
  taskName: "DefineSystemRelations" | "AddBasicFinancialInformation" | "ProvideBasicHrGuidelines",
) =>
  (
    await db()
      .select({ state: adminTasks.taskState })
      .from(adminTasks)
      .where(and(eq(adminTasks.facilityId, DEMO_FACILITY_ID), eq(adminTasks.taskName, taskName)))
  )[0]?.state;

const relations = {
  organizationId: DEMO_ORGANIZATION_ID,
  facilityName: "St. Catherine Medical Center - Main Campus",
  facilityOwner: "Riverside Health System",
  systemName: "Riverside Health",
  divisionName: "N/A",
};
const financial = {
  prnStaffValue: 0.25,
  fiscalYearMonthsBegin: 7,
  fiscalYearDaysBegin: 1,
  budgetSeasonBeginMonth: 2,
  budgetSeasonBeginDay: 15,
  budgetSeasonEndMonth: 4,
  budgetSeasonEndDay: 30,
  nextPayPeriodBegin: 8,
  nextPayPeriodEnd: 21,
  annualHoursPerFte: 2080,
};
const hr = {
  dayShiftStart: "0700",
  dayShiftEnd: "1930",
  eveningShiftStart: "1500",
  eveningShiftEnd: "2330",
  nightShiftStart: "1900",
  nightShiftEnd: "0730",
  otherShiftStart: "",
  otherShiftEnd: "",
  startDay: 1,
  endDay: 7,
  dropdownStartTime: "0000",
  dropdownEndTime: "2400",
  emailContact: "staffing@stcatherine.example",
  timeZone: "US/Central",
  education: ["ADN", "BSN", "MSN"],
};

describe("system relationships", () => {
  it("saves the four fields, marks DefineSystemRelations Completed and audits", async () => {
    await db()
      .update(adminTasks)
      .set({ taskState: "Pending" })
      .where(and(eq(adminTasks.facilityId, DEMO_FACILITY_ID), eq(adminTasks.taskName, "DefineSystemRelations")));
    const { status, body } = await call("POST", "/organizational-unit/system-relations", token.admin, relations);
    expect(status).toBe(200);
    expect(body).toMatchObject({ facilityName: relations.facilityName, divisionName: "N/A" });
    expect(await facilityRow()).toMatchObject({ name: relations.facilityName, owner: "Riverside Health System" });
    expect(await taskState("DefineSystemRelations")).toBe("Completed");
    const audits = await db().select().from(auditLog).where(eq(auditLog.action, "facility.system_relations.update"));
    expect(audits).toHaveLength(1);
  });

  it.each([
    ["facilityName", "Full name of the facility is required"],
    ["facilityOwner", "Owner is required"],
    ["systemName", "System is required"],
    ["divisionName", "Region or division is required"],
  ])("requires %s, changing nothing", async (field, message) => {
    const before = await facilityRow();
    const { status, body } = await call("POST", "/organizational-unit/system-relations", token.admin, {
      ...relations,
      facilityName: "Changed",
      [field]: "   ",
    });
    expect(status).toBe(400);
    expect(body.fieldErrors?.[field]).toBe(message);
    expect(await facilityRow()).toEqual(before);
  });

  it("refuses another organisation's id", async () => {
    const { status } = await call("POST", "/organizational-unit/system-relations", token.admin, {
      ...relations,
      organizationId: "00000000-0000-4000-8000-000000000000",
    });
    expect(status).toBe(403);
  });
});

describe("financial information and HR guidelines", () => {
  it("saves both through PATCH /organizational-unit/facility/{id} and completes both tasks", async () => {
    const { status, body } = await call("PATCH", `/organizational-unit/facility/${DEMO_FACILITY_ID}`, token.admin, {
      financialInformation: financial,
      hrGuidelines: hr,
    });
    expect(status).toBe(200);
    expect(body).toMatchObject({ timeZone: "US/Central", annualHoursPerFte: 2080, education: ["ADN", "BSN", "MSN"] });
    expect(body.budgetSettings).toMatchObject({ prnStaffValue: 0.25, budgetSeasonBeginDay: 15 });
    expect(body.shiftSettings).toMatchObject({ dayShiftStart: "0700", otherShiftStart: null });
    expect(await taskState("AddBasicFinancialInformation")).toBe("Completed");
    expect(await taskState("ProvideBasicHrGuidelines")).toBe("Completed");
  });

  it("saves nothing when one of the two parts is bad", async () => {
    const budgetBefore = await db().select().from(facilityBudgetSettings);
    const educationBefore = await db().select().from(educationLevels);
    const { status, body } = await call("PATCH", `/organizational-unit/facility/${DEMO_FACILITY_ID}`, token.admin, {
      financialInformation: { ...financial, prnStaffValue: 0.4 },
      hrGuidelines: { ...hr, dayShiftStart: "2460", education: ["DNP"] },
    });
    expect(status).toBe(400);
    expect(body.fieldErrors?.dayShiftStart).toBe("Day shift start must be 4-digit military time from 0000 to 2400");
    expect(await db().select().from(facilityBudgetSettings)).toEqual(budgetBefore);
    expect(await db().select().from(educationLevels)).toEqual(educationBefore);
  });

  it.each([
    [
      { fiscalYearMonthsBegin: 2, fiscalYearDaysBegin: 30 },
      "fiscalYearDaysBegin",
      "Fiscal year begin day must be at most 28 in February",
    ],
    [{ prnStaffValue: 2 }, "prnStaffValue", "PRN staff value must be at most 1.5"],
    [{ budgetSeasonEndMonth: 13 }, "budgetSeasonEndMonth", "Budget season end month must be at most 12"],
  ])("refuses financial information %j", async (change, field, message) => {
    const { status, body } = await graphqlRequest(
      server.baseUrl,
      token.admin,
      `mutation ($input: FinancialInformationInput!) { updateFinancialInformation(input: $input) {
        ... on DomainError { message fieldErrors { field message } } } }`,
      { input: { ...financial, ...change } },
    );
    expect(status).toBe(200);
    const result = body.data?.updateFinancialInformation as { fieldErrors: { field: string; message: string }[] };
    expect(result.fieldErrors).toContainEqual({ field, message });
  });

  it.each([
    [{ prnStaffValue: true }, "prnStaffValue", "PRN staff value must be a number"],
    [{ prnStaffValue: 1.23456789 }, "prnStaffValue", "PRN staff value may have at most 2 decimals"],
    [{ prnStaffValue: "0.25 FTE" }, "prnStaffValue", "PRN staff value must be a number"],
    [{ fiscalYearMonthsBegin: true }, "fiscalYearMonthsBegin", "Fiscal year begin month must be a number"],
    [{ fiscalYearDaysBegin: "" }, "fiscalYearDaysBegin", "Fiscal year begin day is required"],
    [{ nextPayPeriodEnd: [21] }, "nextPayPeriodEnd", "Next pay period end must be a number"],
    [{ annualHoursPerFte: "2080.5" }, "annualHoursPerFte", "Annual hours per FTE must be a whole number"],
    [{ averageHourlyRate: 0.5 }, "averageHourlyRate", "Average hourly rate must be at least 1"],
    [{ averageHourlyRate: "48.555" }, "averageHourlyRate", "Average hourly rate may have at most 2 decimals"],
    [{ averageHourlyRate: "$48" }, "averageHourlyRate", "Average hourly rate must be a number"],
  ])("(11) loose types: refuses financial information %j and writes nothing", async (change, field, message) => {
    const budgetBefore = await db().select().from(facilityBudgetSettings);
    const { status, body } = await call("PATCH", `/organizational-unit/facility/${DEMO_FACILITY_ID}`, token.admin, {
      financialInformation: { ...financial, prnStaffValue: 0.5, ...change },
    });
    expect(status).toBe(400);
    expect(body.fieldErrors?.[field]).toBe(message);
    expect(await db().select().from(facilityBudgetSettings)).toEqual(budgetBefore);
  });

  it("keeps the optional average hourly rate, and clears it when left empty", async () => {
    const path = `/organizational-unit/facility/${DEMO_FACILITY_ID}`;
    const set = await call("PATCH", path, token.admin, {
      financialInformation: { ...financial, averageHourlyRate: "48.50" },
    });
    expect(set.status).toBe(200);
    expect(set.body.averageHourlyRate).toBe(48.5);
    const cleared = await call("PATCH", path, token.admin, {
      financialInformation: { ...financial, averageHourlyRate: "" },
    });
    expect(cleared.body.averageHourlyRate).toBeNull();
    const [row] = await db()
      .select({ rate: facilities.averageHourlyRate })
      .from(facilities)
      .where(eq(facilities.id, DEMO_FACILITY_ID));
    expect(row?.rate).toBeNull();
  });

  it("(11) loose types: takes numbers typed as text, as the form's selects and REST clients send them", async () => {
    const { status, body } = await call("PATCH", `/organizational-unit/facility/${DEMO_FACILITY_ID}`, token.admin, {
      financialInformation: { ...financial, prnStaffValue: "0.25", fiscalYearMonthsBegin: "7" },
    });
    expect(status).toBe(200);
    expect(body.budgetSettings).toMatchObject({ prnStaffValue: 0.25, fiscalYearMonthsBegin: 7 });
  });

  it.each([
    [{ emailContact: "not-an-email" }, "emailContact", "Contact e-mail must be a valid e-mail address"],
    [{ timeZone: "Europe/Paris" }, "timeZone", "Time zone must be one of the listed US time zones"],
    [{ education: ["BSN", "bsn"] }, "education", "Education levels must be unique"],
    [{ nightShiftEnd: "7:30" }, "nightShiftEnd", "Night shift end must be 4-digit military time from 0000 to 2400"],
  ])("refuses HR guidelines %j", async (change, field, message) => {
    const { status, body } = await call("PATCH", `/organizational-unit/facility/${DEMO_FACILITY_ID}`, token.admin, {
      hrGuidelines: { ...hr, ...change },
    });
    expect(status).toBe(400);
    expect(body.fieldErrors?.[field]).toBe(message);
  });
});

describe("only administrators", () => {
  it("refuses user and exec tokens on every facility call (403)", async () => {
    for (const account of ["user", "exec"] as const) {
      expect((await call("POST", "/organizational-unit/system-relations", token[account], relations)).status).toBe(403);
      expect((await call("GET", "/organizational-unit/facility", token[account])).status).toBe(403);
      expect(
        (await call("PATCH", `/organizational-unit/facility/${DEMO_FACILITY_ID}`, token[account], { hrGuidelines: hr }))
          .status,
      ).toBe(403);
      const { body } = await graphqlRequest(server.baseUrl, token[account], "{ facilitySettings { id } }");
      expect(body.errors?.[0]?.extensions?.code).toBe("FORBIDDEN");
    }
  });
});
