import { randomUUID } from "node:crypto";
import { and, desc, eq, like } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import {
  auditLog,
  costCenterStaff,
  facilityBudgetSettings,
  openPositions,
  staff,
  staffingPlans,
  unitRoles,
} from "../../db/schema";
import { DEMO_FACILITY_ID, demoId } from "../../db/seed/demo";
import { isGapClosed, prnNotice, roundFte, STAFFING_MESSAGES, WIZARD_NOTICES } from "../../schema/staffing";
import { WIZARD_MESSAGES } from "../../server/services/staffingPlans";
import { demoFacilityToday } from "../support/facilityDate";
import { graphqlRequest } from "../support/graphql";
import {
  NURSING_ASSISTANT as CNA,
  HAND_WORKED_UNIT,
  NURSE_MANAGER as NM,
  REGISTERED_NURSE as RN,
} from "../support/handWorkedPlan";
import { restCall } from "../support/rest";
import { useTestServer } from "../support/testServer";

const { server, token } = useTestServer();
/** Demo cost centers: the manager completes the wizard of 6010, reads 6030 and has nothing on 6040. */
const CC_6010 = demoId("costCenter", 1);
const CC_6030 = demoId("costCenter", 3);
const CC_6040 = demoId("costCenter", 4);

// biome-ignore lint/suspicious/noExplicitAny: JSON answers are read field by field and asserted, not typed.
type Json = Record<string, any>;
const call = (method: string, path: string, bearer: string, body?: unknown) =>
  restCall<Json>(server.baseUrl, method, path, bearer, body);
const db = () => server.database.db;
const auditCount = async (action: string) =>
  (await db().select({ id: auditLog.id }).from(auditLog).where(eq(auditLog.action, action))).length;
const statuses = (view: Json) => Object.fromEntries(view.plan.steps.map((s: Json) => [s.step, s.status]));

let planId = "";

describe("access", () => {
  it("the wizard holder sees no plan yet, then begins one with the sample defaults, audited", async () => {
    const before = await call("GET", `/wizard/${CC_6010}`, token.user);
    expect(before.status).toBe(200);
    expect(before.body).toMatchObject({ costCenterId: CC_6010, canEdit: true, plan: null, annualHoursPerFte: 2080 });
    const created = await call("POST", `/wizard/${CC_6010}`, token.user);
    expect(created.status).toBe(201);
    planId = created.body.plan.id;
    expect(created.body.plan).toMatchObject({ census: 22, careTeamTarget: 9.6, nonProductiveGoalPercentage: 10 });
    expect(statuses(created.body)).toEqual({
      UnitDefinition: "InProgress",
      DefineRoles: "Pending",
      CreateCareSchedules: "Pending",
      AssignStaff: "Pending",
      FinalizePositionControl: "Pending",
      ReviewAttestation: "Pending",
    });
    expect(await auditCount("staffing_plan.create")).toBe(1);
    const again = await call("POST", `/wizard/${CC_6010}`, token.user);
    expect(again).toMatchObject({ status: 409, body: { message: WIZARD_MESSAGES.planExists } });
  });

  it("executives read it and cannot change it", async () => {
    const read = await call("GET", `/wizard/${CC_6010}`, token.exec);
    expect(read.status).toBe(200);
    expect(read.body.canEdit).toBe(false);
    expect(read.body.plan.id).toBe(planId);
    const refused = await call("POST", "/staffing", token.exec, {
      staffingId: planId,
      census: 30,
      careTeamTarget: 9,
      nonProductiveGoalPercentage: 10,
      targetOvertimePercentage: 0,
    });
    expect(refused).toMatchObject({ status: 403, body: { message: WIZARD_MESSAGES.editRefused } });
    const gql = await graphqlRequest(
      server.baseUrl,
      token.exec,
      `mutation { deleteUnitRole(id: "${planId}") { __typename } }`,
    );
    expect(gql.body.errors?.[0]?.extensions?.code).toBe("FORBIDDEN");
  });

  it("a Read Only holder reads and cannot begin or change; another cost center's wizard answers nothing", async () => {
    const read = await call("GET", `/wizard/${CC_6030}`, token.user);
    expect(read).toMatchObject({ status: 200, body: { canEdit: false, plan: null } });
    expect(await call("POST", `/wizard/${CC_6030}`, token.user)).toMatchObject({ status: 403 });
    const other = await call("GET", `/wizard/${CC_6040}`, token.user);
    expect(other).toMatchObject({ status: 403, body: { message: WIZARD_MESSAGES.readRefused } });
    const gql = await graphqlRequest(
      server.baseUrl,
      token.user,
      `query($id: ID!) { wizard(costCenterId: $id) { plan { id } } }`,
      { id: CC_6040 },
    );
    expect(gql.body.data).toBeNull();
    expect(gql.body.errors?.[0]?.extensions?.code).toBe("FORBIDDEN");
  });

  it("admins get no wizard content; bad and unknown ids are refused", async () => {
    expect((await call("GET", `/wizard/${CC_6010}`, token.admin)).status).toBe(403);
    expect((await call("GET", "/wizard/not-a-uuid", token.user)).status).toBe(400);
    expect((await call("GET", `/wizard/${demoId("costCenter", 999)}`, token.user)).status).toBe(404);
  });

  it("a change naming an unknown plan, role or position is refused as that, changing nothing", async () => {
    // A part and its plan are read together (the plan through a subquery on the part): a missing
    // part must be named, not the plan its subquery then cannot find.
    const unknown = randomUUID();
    const auditRows = async () => (await db().select({ id: auditLog.id }).from(auditLog)).length;
    const auditBefore = await auditRows();
    const refusals = [
      [await call("DELETE", `/staff-position/${unknown}`, token.user), "Staff position was not found"],
      [await call("DELETE", `/staff-position/open/${unknown}`, token.user), "Open position was not found"],
      [await call("DELETE", "/role", token.user, { id: unknown }), "Role was not found"],
      [await call("PUT", `/role/${unknown}`, token.user, RN), "Role was not found"],
      [
        await call("POST", "/staff-position/open/calculate", token.user, { staffingId: unknown }),
        "Staffing plan was not found",
      ],
    ] as const;
    for (const [answer, message] of refusals) {
      expect(answer.status).toBe(404);
      expect(answer.body.message).toBe(message);
    }
    expect(await auditRows()).toBe(auditBefore);
  });
});

describe("step 1: unit definition", () => {
  it("bad input answers with the rule and saves nothing", async () => {
    const audits = await auditCount("staffing_plan.unit_definition.update");
    const bad = await call("POST", "/staffing", token.user, {
      staffingId: planId,
      census: 0,
      careTeamTarget: 9.6,
      nonProductiveGoalPercentage: 100,
      targetOvertimePercentage: 5,
    });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe("Average daily census must be from 1 to 1000");
    expect(bad.body.fieldErrors).toMatchObject({
      nonProductiveGoalPercentage: "Non-productive goal % must be from 0 to 50",
    });
    const text = await call("POST", "/staffing", token.user, {
      staffingId: planId,
      census: 22,
      careTeamTarget: 9.6,
      nonProductiveGoalPercentage: "15%",
      targetOvertimePercentage: 26,
    });
    expect(text.status).toBe(400);
    expect(text.body.fieldErrors).toMatchObject({
      nonProductiveGoalPercentage: "Non-productive goal % must be a number",
      targetOvertimePercentage: "Target overtime % must be from 0 to 25",
    });
    const paid = await call("POST", "/staffing", token.user, {
      staffingId: planId,
      ...HAND_WORKED_UNIT,
      totalPaidFteBudget: 20,
    });
    expect(paid).toMatchObject({ status: 400, body: { message: STAFFING_MESSAGES.paidBelowProductive } });
    const [plan] = await db().select().from(staffingPlans).where(eq(staffingPlans.id, planId));
    expect(plan?.census).toBe(22);
    expect(await auditCount("staffing_plan.unit_definition.update")).toBe(audits);
  });

  it("saves the unit definition, audited with before and after, and completes the step", async () => {
    const saved = await call("POST", "/staffing", token.user, { staffingId: planId, ...HAND_WORKED_UNIT });
    expect(saved.status).toBe(200);
    expect(saved.body.plan.summary.dailyPlannedCare).toBeCloseTo(211.2, 9);
    const [audit] = await db()
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, "staffing_plan.unit_definition.update"));
    expect(audit?.before).toMatchObject({ targetOvertimePercentage: 0 });
    expect(audit?.after).toMatchObject({ targetOvertimePercentage: 5, productiveFteBudget: 30 });
    // A save answers the wizard exactly as a read afterwards shows it (read in the save's last round trip).
    expect((await call("GET", `/wizard/${CC_6010}`, token.user)).body).toEqual(saved.body);
    const done = await call("PATCH", "/wizard/", token.user, { planId, step: "UnitDefinition" });
    expect(statuses(done.body)).toMatchObject({ UnitDefinition: "Completed", DefineRoles: "InProgress" });
  });
});

describe("step 2: roles", () => {
  it("refuses out-of-range roles with the spec's rule, saving nothing", async () => {
    const cases: [object, string][] = [
      [{ ...NM, fte: 0 }, STAFFING_MESSAGES.exemptFte],
      [{ ...NM, fte: 1.6 }, STAFFING_MESSAGES.exemptFte],
      [{ ...RN, shifts: [{ ...RN.shifts[0], staffPerShift: 25 }] }, STAFFING_MESSAGES.staffPerShift],
      [{ ...RN, shifts: [{ ...RN.shifts[0], staffPerShift: 0 }] }, STAFFING_MESSAGES.staffPerShift],
      [{ ...RN, shifts: [{ ...RN.shifts[0], startTime: "2430" }] }, STAFFING_MESSAGES.militaryTime],
      [{ ...RN, shifts: [{ ...RN.shifts[0], startTime: "7:00" }] }, STAFFING_MESSAGES.militaryTime],
      [{ ...RN, shifts: [] }, STAFFING_MESSAGES.shiftsRequired],
      [{ ...RN, shifts: [RN.shifts[0], RN.shifts[0]] }, STAFFING_MESSAGES.shiftTwice],
      [{ ...RN, name: " " }, STAFFING_MESSAGES.roleName],
    ];
    for (const [role, message] of cases) {
      const answer = await call("POST", "/role", token.user, { staffingId: planId, ...role });
      expect(answer, message).toMatchObject({ status: 400, body: { message } });
    }
    const foreignJob = await call("POST", "/role", token.user, { staffingId: planId, ...RN, jobId: demoId("job", 99) });
    expect(foreignJob.status).toBe(400);
    expect(await db().select().from(unitRoles).where(eq(unitRoles.planId, planId))).toEqual([]);
    expect(await auditCount("unit_role.create")).toBe(0);
  });

  it("adds roles; the care schedule is the hand-worked distribution", async () => {
    for (const role of [NM, RN, CNA]) {
      expect((await call("POST", "/role", token.user, { staffingId: planId, ...role })).status).toBe(201);
    }
    const roles = await call("GET", `/role?unitId=${CC_6010}&staffingId=${planId}`, token.user);
    expect(roles.body.map((r: Json) => r.name)).toEqual([
      "Nurse Manager",
      "Registered Nurse",
      "Certified Nursing Assistant",
    ]);
    expect(roles.body[1].shifts.map((s: Json) => `${s.startTime}-${s.endTime}`)).toEqual(["0700-1930", "1900-0730"]);
    await call("POST", "/care-schedule", token.user, { staffingId: planId });
    const schedule = await call("GET", `/care-schedule?unitId=${CC_6010}&staffingId=${planId}`, token.user);
    expect(schedule.body.total).toEqual([5, 5, 5, 5, 5, 5, 5, 9, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 8.5, 6, 6, 6, 5]);
    expect(await auditCount("unit_role.create")).toBe(3);
    expect(await auditCount("care_schedule.save")).toBe(1);
  });

  it("the plan's figures are the hand-worked ones, the same on REST and GraphQL", async () => {
    const { body } = await call("GET", `/staffing/${planId}?unitId=${CC_6010}`, token.user);
    // Paid hours: RN 12.5 h on the clock − 30 min = 12; CNA 8 h − 30 min = 7.5.
    // 5 × 12 + 4 × 12 + 2 × 7.5 + 2 × 7.5 + 1 × 7.5 = 145.5 h a day, all direct care (the manager is exempt).
    expect(body.summary.dailyPlannedHours).toBe(145.5);
    expect(body.summary.directCareHours).toBe(145.5);
    expect(roundFte(body.summary.careTeamHours)).toBe(6.614); // 145.5 ÷ 22
    // productive: 145.5 × 365 ÷ 2080 = 25.532 + the fixed manager 0.5 × 0.9 = 0.45 → 25.982
    expect(roundFte(body.summary.productiveFte)).toBe(25.982);
    // paid: 25.532 ÷ 0.9 = 28.369 + the manager's 0.5 → 28.869
    expect(roundFte(body.summary.totalPaidFte)).toBe(28.869);
    expect(roundFte(body.summary.overtimeFte)).toBe(1.277); // 25.532 × 5 %, exempt excluded
    expect(roundFte(body.summary.censusDrivenFte)).toBe(37.062); // 22 × 9.6 × 365 ÷ 2080
    expect(body.careSchedule.total).toEqual([5, 5, 5, 5, 5, 5, 5, 9, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 8.5, 6, 6, 6, 5]);
    const rn = body.roles.find((r: Json) => r.name === "Registered Nurse");
    expect(rn.shifts.map((s: Json) => [s.durationHours, s.paidHours])).toEqual([
      [12.5, 12],
      [12.5, 12],
    ]);
    const graph = await graphqlRequest(
      server.baseUrl,
      token.user,
      "query ($id: ID!) { wizard(costCenterId: $id) { plan { summary { productiveFte totalPaidFte careTeamHours } } } }",
      { id: CC_6010 },
    );
    expect((graph.body.data as Json).wizard.plan.summary).toEqual({
      productiveFte: body.summary.productiveFte,
      totalPaidFte: body.summary.totalPaidFte,
      careTeamHours: body.summary.careTeamHours,
    });
  });
});

describe("steps, validity and later steps", () => {
  it("a step completes only when valid and after the earlier ones", async () => {
    const early = await call("PATCH", "/wizard/", token.user, { planId, step: "AssignStaff" });
    expect(early).toMatchObject({ status: 409, body: { message: WIZARD_MESSAGES.earlierSteps } });
    await call("PATCH", "/wizard/", token.user, { planId, step: "DefineRoles" });
    const three = await call("PATCH", "/wizard/", token.user, { planId, step: "CreateCareSchedules" });
    expect(statuses(three.body)).toMatchObject({ CreateCareSchedules: "Completed", AssignStaff: "InProgress" });
    const four = await call("PATCH", "/wizard/", token.user, { planId, step: "AssignStaff" });
    expect(four).toMatchObject({ status: 400, body: { message: WIZARD_NOTICES.assignOrRemove } });
    const bad = await call("PATCH", "/wizard/", token.user, { planId, step: "Nonsense" });
    expect(bad.status).toBe(400);
  });

  it("changing a role sends the begun later steps back to InProgress; unvisited ones stay Pending", async () => {
    const { body } = await call("GET", `/wizard/${CC_6010}`, token.user);
    const rn = body.plan.roles.find((r: Json) => r.name === "Registered Nurse");
    const changed = await call("PUT", `/role/${rn.id}`, token.user, {
      ...RN,
      shifts: [{ ...RN.shifts[0], staffPerShift: 6 }, RN.shifts[1]],
    });
    expect(statuses(changed.body)).toMatchObject({
      UnitDefinition: "Completed",
      DefineRoles: "InProgress",
      CreateCareSchedules: "InProgress",
      AssignStaff: "InProgress",
      FinalizePositionControl: "Pending",
    });
    expect((await call("GET", `/wizard/${CC_6010}`, token.user)).body).toEqual(changed.body);
    // The saved care schedule follows: one more RN on Days (0700-1930) adds 1 to hours 7-18 and
    // 0.5 to hour 19 of the hand-worked [5 x7, 9, 7 x11, 8.5, 6, 6, 6, 5].
    const savedSchedule = async () =>
      (await call("GET", `/care-schedule?unitId=${CC_6010}&staffingId=${planId}`, token.user)).body.total;
    expect(await savedSchedule()).toEqual([5, 5, 5, 5, 5, 5, 5, 10, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 9, 6, 6, 6, 5]);
    const back = await call("PUT", `/role/${rn.id}`, token.user, RN);
    expect(back.status).toBe(200);
    expect(await savedSchedule()).toEqual([5, 5, 5, 5, 5, 5, 5, 9, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 8.5, 6, 6, 6, 5]);
    await call("PATCH", "/wizard/", token.user, { planId, step: "DefineRoles" });
    await call("PATCH", "/wizard/", token.user, { planId, step: "CreateCareSchedules" });
  });
});

describe("step 4: staff", () => {
  it("travellers need contract end dates and PRN FTE the facility standard", async () => {
    const { body } = await call("GET", `/wizard/${CC_6010}`, token.user);
    const traveller = body.plan.staff.find((s: Json) => s.staffType === "Traveller");
    const prn = body.plan.staff.find((s: Json) => s.staffType === "PRN");
    expect(traveller && prn).toBeTruthy();
    await db().update(staff).set({ contractEndDate: null }).where(eq(staff.id, traveller.staffId));
    await db()
      .update(costCenterStaff)
      .set({ fte: 0.3 })
      .where(and(eq(costCenterStaff.staffId, prn.staffId), eq(costCenterStaff.costCenterId, CC_6010)));
    const view = (await call("GET", `/wizard/${CC_6010}`, token.user)).body;
    const messages = view.plan.notices.map((n: Json) => n.message);
    expect(messages).toContain(WIZARD_NOTICES.travellerContractDates);
    expect(messages).toContain(prnNotice(0.2));
    expect(prnNotice(0.2)).toBe("All PRN FTE must be set to the facility standard (0.20).");

    const badDate = await graphqlRequest(
      server.baseUrl,
      token.user,
      `mutation($p: ID!, $s: ID!) { setTravellerContractDate(planId: $p, staffId: $s, contractEndDate: "2027-02-30") { __typename ... on DomainError { message } } }`,
      { p: planId, s: traveller.staffId },
    );
    expect(badDate.body.data?.setTravellerContractDate).toEqual({
      __typename: "DomainError",
      message: STAFFING_MESSAGES.contractDate,
    });
    const notTraveller = await graphqlRequest(
      server.baseUrl,
      token.user,
      `mutation($p: ID!, $s: ID!) { setTravellerContractDate(planId: $p, staffId: $s, contractEndDate: "2027-02-28") { __typename ... on DomainError { message } } }`,
      { p: planId, s: prn.staffId },
    );
    expect(notTraveller.body.data?.setTravellerContractDate).toMatchObject({ __typename: "DomainError" });

    const dated = await graphqlRequest(
      server.baseUrl,
      token.user,
      `mutation($p: ID!, $s: ID!) { setTravellerContractDate(planId: $p, staffId: $s, contractEndDate: "2027-02-28") { __typename } }`,
      { p: planId, s: traveller.staffId },
    );
    expect((dated.body.data?.setTravellerContractDate as Json).__typename).toBe(
      "MutationSetTravellerContractDateSuccess",
    );
    const standard = await graphqlRequest(
      server.baseUrl,
      token.user,
      `mutation($p: ID!, $s: ID!) { applyPrnStandard(planId: $p, staffId: $s) { __typename ... on MutationApplyPrnStandardSuccess { data { plan { notices { message } } } } } }`,
      { p: planId, s: prn.staffId },
    );
    const after = (standard.body.data?.applyPrnStandard as Json).data.plan.notices.map((n: Json) => n.message);
    expect(after).not.toContain(WIZARD_NOTICES.travellerContractDates);
    expect(after).not.toContain(prnNotice(0.2));
    expect(await auditCount("staff.contract_end_date.update")).toBe(1);
    expect(await auditCount("staff.prn_standard.apply")).toBe(1);
  });

  it("assigns staff; over-assigning, unknown staff and missing shifts are refused and save nothing", async () => {
    const { body } = await call("GET", `/wizard/${CC_6010}`, token.user);
    const roles = Object.fromEntries(body.plan.roles.map((r: Json) => [r.name, r.id]));
    const [first] = body.plan.staff;
    const over = await call("POST", "/staff-position", token.user, {
      staffingId: planId,
      staffId: first.staffId,
      unitRoleId: roles["Registered Nurse"],
      shift: "Days",
      fte: roundFte(first.costCenterFte + 0.1),
    });
    expect(over.status).toBe(400);
    expect(over.body.message).toMatch(/would exceed their/);
    const noShift = await call("POST", "/staff-position", token.user, {
      staffingId: planId,
      staffId: first.staffId,
      unitRoleId: roles["Registered Nurse"],
      shift: "Evenings",
      fte: 0.1,
    });
    expect(noShift).toMatchObject({ status: 400, body: { message: "Choose one of the shifts of Registered Nurse." } });
    const outsider = await call("POST", "/staff-position", token.user, {
      staffingId: planId,
      staffId: demoId("staff", 9999),
      unitRoleId: roles["Registered Nurse"],
      shift: "Days",
      fte: 0.5,
    });
    expect(outsider.status).toBe(400);
    const fteRule = await call("POST", "/staff-position", token.user, {
      staffingId: planId,
      staffId: first.staffId,
      unitRoleId: roles["Registered Nurse"],
      shift: "Days",
      fte: 0.123,
    });
    expect(fteRule).toMatchObject({ status: 400, body: { message: STAFFING_MESSAGES.fte } });
    expect(await auditCount("staff_position.create")).toBe(0);

    // Everyone, filling the needs in order without over-filling any: a person may take several positions.
    const left = body.plan.needs.map((n: Json) => ({ ...n, left: n.paidFte }));
    for (const person of body.plan.staff) {
      let fte = person.costCenterFte;
      while (fte > 0.0005) {
        const need =
          person.staffType === "PRN"
            ? left.find((n: Json) => !n.isExempt)
            : (left.find((n: Json) => n.left >= 0.01 && n.isExempt === person.employeeId.endsWith("-NM")) ??
              left.find((n: Json) => n.left >= 0.01));
        const part = person.staffType === "PRN" ? fte : Math.min(fte, Math.floor(need.left * 100) / 100);
        const answer = await call("POST", "/staff-position", token.user, {
          staffingId: planId,
          staffId: person.staffId,
          unitRoleId: need.unitRoleId,
          shift: need.shift,
          fte: roundFte(part),
        });
        expect(answer.status, person.employeeId).toBe(201);
        if (person === body.plan.staff[0])
          expect((await call("GET", `/wizard/${CC_6010}`, token.user)).body).toEqual(answer.body);
        if (person.staffType !== "PRN") need.left -= part;
        fte = roundFte(fte - part);
      }
    }
    const done = await call("PATCH", "/wizard/", token.user, { planId, step: "AssignStaff" });
    expect(done.status).toBe(200);
    expect(statuses(done.body)).toMatchObject({ AssignStaff: "Completed", FinalizePositionControl: "InProgress" });
  });

  it("splits a position's FTE across two people (PATCH /api/staff-position)", async () => {
    const { body } = await call("GET", `/wizard/${CC_6010}`, token.user);
    const regulars = body.plan.staff.filter((s: Json) => s.staffType === "Regular" && s.costCenterFte >= 0.5);
    const [a, b] = regulars;
    const positionOf = (view: Json, staffId: string) =>
      view.plan.staffPositions.filter((p: Json) => p.staffId === staffId);
    const [posB] = positionOf(body, b.staffId);
    // Free 0.2 of B's FTE, then split 0.2 of A's position off to B.
    await call("DELETE", `/staff-position/${posB.id}`, token.user);
    const reassigned = await call("POST", "/staff-position", token.user, {
      staffingId: planId,
      staffId: b.staffId,
      unitRoleId: posB.unitRoleId,
      shift: posB.shift,
      fte: roundFte(b.costCenterFte - 0.2),
    });
    expect(reassigned.status).toBe(201);
    const [posA] = positionOf(reassigned.body, a.staffId);
    const tooMuch = await call("PATCH", "/staff-position", token.user, {
      staffPositionId: posA.id,
      toStaffId: b.staffId,
      fte: posA.fte,
    });
    expect(tooMuch.status).toBe(400);
    const split = await call("PATCH", "/staff-position", token.user, {
      staffPositionId: posA.id,
      toStaffId: b.staffId,
      fte: 0.2,
    });
    expect(split.status).toBe(200);
    expect(positionOf(split.body, a.staffId).map((p: Json) => p.fte)).toEqual([roundFte(posA.fte - 0.2)]);
    expect(
      positionOf(split.body, b.staffId)
        .map((p: Json) => p.fte)
        .sort(),
    ).toEqual([0.2, roundFte(b.costCenterFte - 0.2)].sort());
    expect(await auditCount("staff_position.split")).toBe(1);
    // A is now short; give A's freed 0.2 back on the other shift.
    const back = await call("POST", "/staff-position", token.user, {
      staffingId: planId,
      staffId: a.staffId,
      unitRoleId: posA.unitRoleId,
      shift: posA.shift === "Days" ? "Nights" : "Days",
      fte: 0.2,
    });
    expect(back.status).toBe(201);
    await call("PATCH", "/wizard/", token.user, { planId, step: "AssignStaff" });
  });
});

describe("step 5 and 6: position control, attestation, lock", () => {
  it("calculates open positions from what stays unfilled; the gap is then zero", async () => {
    const calculated = await call("POST", "/staff-position/open/calculate", token.user, { staffingId: planId });
    expect(calculated.status).toBe(200);
    const { totals, openPositions, needs } = calculated.body.plan;
    expect(openPositions.length).toBeGreaterThan(0);
    for (const open of openPositions) expect(open.fte).toBeLessThanOrEqual(1);
    // Step 4's unfilled (shown with 2 decimals) is exactly what is requested.
    const unfilled = needs.reduce((sum: number, n: Json) => sum + Math.round(n.openFte * 100), 0) / 100;
    expect(roundFte(totals.totalRequestedFte)).toBe(roundFte(unfilled));
    for (const need of needs) {
      const requested = openPositions
        .filter((o: Json) => o.unitRoleId === need.unitRoleId && o.shift === need.shift)
        .reduce((sum: number, o: Json) => sum + o.fte, 0);
      expect(roundFte(requested)).toBe(need.openFte);
      expect(need).toMatchObject({ gapFte: 0, overHireFte: 0 });
    }
    expect(totals.totalGap).toBe(0);
    expect(totals.totalOverHire).toBe(0);
    expect(isGapClosed(totals.totalGap)).toBe(true);

    // The answer is assembled from what the calculation read and wrote, not read again: it is the
    // wizard exactly as a read afterwards shows it, the completed step InProgress again included.
    const completed = await call("PATCH", "/wizard/", token.user, { planId, step: "FinalizePositionControl" });
    expect(statuses(completed.body).FinalizePositionControl).toBe("Completed");
    const again = await call("POST", "/staff-position/open/calculate", token.user, { staffingId: planId });
    expect(statuses(again.body).FinalizePositionControl).toBe("InProgress");
    expect((await call("GET", `/wizard/${CC_6010}`, token.user)).body).toEqual(again.body);
  });

  it("edits an open position; bad requisition numbers are refused; the gap must close before completing", async () => {
    const { body } = await call("GET", `/wizard/${CC_6010}`, token.user);
    const open = [...body.plan.openPositions].sort((a: Json, b: Json) => b.fte - a.fte)[0];
    expect(open.fte).toBeGreaterThan(0.5);
    const bad = await call("POST", "/staff-position/updateOpen", token.user, {
      id: open.id,
      unitRoleId: open.unitRoleId,
      fte: open.fte,
      requisitionNumber: "REQ_2026_000001",
    });
    expect(bad).toMatchObject({ status: 400, body: { message: STAFFING_MESSAGES.requisition } });
    const smaller = await call("POST", "/staff-position/updateOpen", token.user, {
      id: open.id,
      unitRoleId: open.unitRoleId,
      fte: 0.01,
      shift: open.shift,
      startTime: open.startTime,
      endTime: open.endTime,
      requisitionNumber: "REQ-27-0001",
      isTraveller: true,
    });
    expect(smaller.status).toBe(200);
    const refused = await call("PATCH", "/wizard/", token.user, { planId, step: "FinalizePositionControl" });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toMatch(/^The gap must be 0.00 FTE/);
    const fixed = await call("POST", "/staff-position/updateOpen", token.user, {
      id: open.id,
      unitRoleId: open.unitRoleId,
      fte: open.fte,
      shift: open.shift,
      startTime: open.startTime,
      endTime: open.endTime,
      requisitionNumber: "REQ-27-0001",
      isTraveller: true,
    });
    expect(fixed.body.plan.openPositions.find((o: Json) => o.id === open.id)).toMatchObject({
      requisitionNumber: "REQ-27-0001",
      isTraveller: true,
    });
    // An edited open position keeps its place: the list is in role, shift, id order, not storage order.
    const ids = (plan: Json) => (plan.openPositions as Json[]).map((o) => o.id);
    expect(ids(fixed.body.plan)).toEqual(ids(body.plan));
    const roleIndex = new Map<string, number>((body.plan.roles as Json[]).map((r, index) => [r.id, index]));
    const roleOf = (o: Json) => roleIndex.get(o.unitRoleId) ?? body.plan.roles.length;
    const shiftIndex = (o: Json) => ["Days", "Evenings", "Nights", null].indexOf(o.shift);
    const inOrder = [...(body.plan.openPositions as Json[])].sort(
      (a, b) => roleOf(a) - roleOf(b) || shiftIndex(a) - shiftIndex(b) || (a.id < b.id ? -1 : 1),
    );
    const ties = inOrder.filter(
      (o, i) => i > 0 && o.unitRoleId === inOrder[i - 1]?.unitRoleId && o.shift === inOrder[i - 1]?.shift,
    );
    expect(ties.length).toBeGreaterThan(0);
    expect(ids(body.plan)).toEqual(inOrder.map((o) => o.id));
    const done = await call("PATCH", "/wizard/", token.user, { planId, step: "FinalizePositionControl" });
    expect(statuses(done.body)).toMatchObject({
      FinalizePositionControl: "Completed",
      ReviewAttestation: "InProgress",
    });
  });

  it("reading the wizard costs a fixed number of queries, whatever the number of staff", async () => {
    server.database.queries.length = 0;
    await call("GET", `/wizard/${CC_6010}`, token.user);
    const withStaff = server.database.queries.filter((q) => !/^(begin|commit)/i.test(q)).length;
    expect(withStaff).toBeLessThanOrEqual(12);
    server.database.queries.length = 0;
    await call("GET", `/wizard/${CC_6030}`, token.user);
    expect(server.database.queries.length).toBeLessThanOrEqual(withStaff);
  });

  it("attestation (who, when) completes and locks the wizard; changes are then refused", async () => {
    const attested = await call("PATCH", "/wizard/", token.user, { planId, step: "ReviewAttestation" });
    expect(attested.status).toBe(200);
    expect(attested.body.plan).toMatchObject({ attestedByName: "Jordan Patel" });
    expect(attested.body.plan.lockedAt).toBeTruthy();
    expect(Object.values(statuses(attested.body)).every((s) => s === "Completed")).toBe(true);
    const locked = await call("POST", "/staffing", token.user, {
      staffingId: planId,
      census: 23,
      careTeamTarget: 9.6,
      nonProductiveGoalPercentage: 10,
      targetOvertimePercentage: 5,
    });
    expect(locked).toMatchObject({ status: 409, body: { message: WIZARD_MESSAGES.locked } });
    expect(await auditCount("staffing_plan.attest")).toBe(1);
    const cc = await graphqlRequest(
      server.baseUrl,
      token.user,
      `query { me { costCenterPermissions { code wizardStatus } } }`,
    );
    const perms = (cc.body.data?.me as Json).costCenterPermissions;
    expect(perms.find((p: Json) => p.code === "6010").wizardStatus).toBe("Completed");
  });

  it("an admin unlocks it (the cost-center maintenance call) and the manager can change it again", async () => {
    expect((await call("PATCH", `/wizard/${CC_6010}/unlock`, token.admin)).status).toBe(200);
    const { body } = await call("GET", `/wizard/${CC_6010}`, token.user);
    expect(body.plan.lockedAt).toBeNull();
    expect(statuses(body).ReviewAttestation).toBe("InProgress");
  });
});

describe("budget season", () => {
  it("a wizard begun before budget season shows the notice and is re-verified", async () => {
    const today = demoFacilityToday();
    const month = today.month;
    await db()
      .update(facilityBudgetSettings)
      .set({
        budgetSeasonBeginMonth: month,
        budgetSeasonBeginDay: 1,
        budgetSeasonEndMonth: month,
        budgetSeasonEndDay: 28 + (today.day > 28 ? 3 : 0),
      })
      .where(eq(facilityBudgetSettings.facilityId, DEMO_FACILITY_ID));
    const notYet = await call("POST", `/wizard/budget-season/${CC_6010}`, token.user);
    // Begun today: inside the season already.
    if (today.day > 1)
      expect(notYet).toMatchObject({ status: 409, body: { message: WIZARD_MESSAGES.notReverifiable } });
    await db()
      .update(staffingPlans)
      .set({ startedAt: new Date(Date.UTC(today.year, today.month - 2, 1)) })
      .where(eq(staffingPlans.id, planId));
    const before = (await call("GET", `/wizard/${CC_6010}`, token.user)).body;
    expect(before.plan.needsReverification).toBe(true);
    expect(before.plan.notices.map((n: Json) => n.message)).toContain(WIZARD_NOTICES.budgetSeason);
    expect((await call("POST", `/wizard/budget-season/${CC_6010}`, token.exec)).status).toBe(403);
    const reset = await call("POST", `/wizard/budget-season/${CC_6010}`, token.user);
    expect(reset.status).toBe(200);
    expect(reset.body.plan.needsReverification).toBe(false);
    expect(Object.values(statuses(reset.body)).every((s) => s === "InProgress")).toBe(true);
    expect(await auditCount("staffing_plan.budget_season_reset")).toBe(1);
    // An administrator may re-verify too (the cost-center maintenance screen's budget-season action).
    await db()
      .update(staffingPlans)
      .set({ startedAt: new Date(Date.UTC(today.year, today.month - 2, 1)) })
      .where(eq(staffingPlans.id, planId));
    const byAdmin = await call("POST", `/wizard/budget-season/${CC_6010}`, token.admin);
    expect(byAdmin.status).toBe(200);
    expect(byAdmin.body.canEdit).toBe(false);
    expect(byAdmin.body.plan.needsReverification).toBe(false);
    expect(await auditCount("staffing_plan.budget_season_reset")).toBe(2);
  });
});

describe("lists and helpers", () => {
  it("education, shifts, end times and the what-if model", async () => {
    const education = await call("GET", `/education?unitId=${CC_6010}`, token.user);
    expect(education.body).toContain("BSN");
    const shifts = await call("GET", `/shift?unitId=${CC_6010}`, token.user);
    expect(shifts.body[0]).toEqual({ name: "Days", startTime: "0700", endTime: "1930" });
    expect((await call("GET", "/positions/end-time?startTime=1900&duration=12.5", token.user)).body.endTime).toBe(
      "0730",
    );
    expect((await call("GET", "/positions/end-time?startTime=2500&duration=8", token.user)).status).toBe(400);
    const model = await call("POST", "/staffing/model", token.exec, {
      unitId: CC_6010,
      census: 22,
      careTeamTarget: 9.6,
      nonProductiveGoalPercentage: 15,
      targetOvertimePercentage: 0,
      productiveFteBudget: null,
      totalPaidFteBudget: null,
      roles: [RN, CNA, NM],
    });
    expect(model.status).toBe(200);
    expect(model.body.summary.position24HDistribution).toHaveLength(24);
    const badModel = await call("POST", "/staffing/model", token.user, {
      unitId: CC_6010,
      census: 22,
      careTeamTarget: 9.6,
      nonProductiveGoalPercentage: 10,
      targetOvertimePercentage: 0,
      productiveFteBudget: null,
      totalPaidFteBudget: null,
      roles: [{ ...NM, fte: 2 }],
    });
    expect(badModel).toMatchObject({ status: 400, body: { message: STAFFING_MESSAGES.exemptFte } });
    const audits = await db().select({ id: auditLog.id }).from(auditLog).where(like(auditLog.action, "%model%"));
    expect(audits).toEqual([]);
  });
});

describe("positions by id and shifts (the plan is open again after re-verification)", () => {
  it("GET, PATCH and DELETE /api/positions/{id}; over-assigning is refused", async () => {
    const { body } = await call("GET", `/wizard/${CC_6010}`, token.user);
    const position = body.plan.staffPositions.find((p: Json) => p.fte >= 0.5);
    const person = body.plan.staff.find((s: Json) => s.staffId === position.staffId);
    const read = await call("GET", `/positions/${position.id}`, token.exec);
    expect(read).toMatchObject({ status: 200, body: { id: position.id, fte: position.fte } });
    expect((await call("GET", `/positions/${position.id}`, token.admin)).status).toBe(403);
    const over = await call("PATCH", `/positions/${position.id}`, token.user, {
      fte: roundFte(person.costCenterFte + 0.5),
    });
    expect(over.status).toBe(400);
    const bad = await call("PATCH", `/positions/${position.id}`, token.user, { fte: "half" });
    expect(bad).toMatchObject({ status: 400, body: { message: STAFFING_MESSAGES.fte } });
    const smaller = await call("PATCH", `/positions/${position.id}`, token.user, { fte: 0.1 });
    expect(smaller.status).toBe(200);
    expect(smaller.body.plan.staffPositions.find((p: Json) => p.id === position.id).fte).toBe(0.1);
    expect(smaller.body.plan.staff.find((s: Json) => s.staffId === person.staffId).isAssigned).toBe(false);
    expect((await call("PATCH", `/positions/${position.id}`, token.exec, { fte: 0.2 })).status).toBe(403);
    expect(await auditCount("staff_position.update")).toBe(1);
    // A transfer within the cost center: the same FTE on another role and shift.
    const moved = await call("POST", "/staff-position/transfer", token.user, {
      staffPositionId: position.id,
      unitRoleId: body.plan.roles.find((r: Json) => r.name === "Certified Nursing Assistant").id,
      shift: "Evenings",
    });
    expect(moved.status).toBe(200);
    expect(moved.body.plan.staffPositions.find((p: Json) => p.id === position.id)).toMatchObject({
      roleName: "Certified Nursing Assistant",
      shift: "Evenings",
      startTime: "1500",
      endTime: "2300",
      fte: 0.1,
    });
    const noShift = await call("POST", "/staff-position/transfer", token.user, {
      staffPositionId: position.id,
      unitRoleId: body.plan.roles.find((r: Json) => r.name === "Registered Nurse").id,
      shift: "Evenings",
    });
    expect(noShift).toMatchObject({ status: 400, body: { message: "Choose one of the shifts of Registered Nurse." } });
    expect(
      (
        await call("POST", "/staff-position/transfer", token.exec, {
          staffPositionId: position.id,
          unitRoleId: position.unitRoleId,
          shift: position.shift,
        })
      ).status,
    ).toBe(403);
    expect(await auditCount("staff_position.transfer")).toBe(1);
    // A save costs a fixed number of statements, whatever the number of staff and positions.
    server.database.queries.length = 0;
    await call("PATCH", `/positions/${position.id}`, token.user, { fte: 0.2 });
    expect(server.database.queries.length).toBeLessThanOrEqual(20);
    const removed = await call("DELETE", `/positions/${position.id}`, token.user);
    expect(removed.body.plan.staffPositions.some((p: Json) => p.id === position.id)).toBe(false);
    expect((await call("GET", `/positions/${position.id}`, token.user)).status).toBe(404);
  });

  it("POST /api/shift adds or replaces one shift of a variable role, with the role rules", async () => {
    const { body } = await call("GET", `/wizard/${CC_6010}`, token.user);
    const rn = body.plan.roles.find((r: Json) => r.name === "Registered Nurse");
    const nm = body.plan.roles.find((r: Json) => r.name === "Nurse Manager");
    const added = await call("POST", "/shift", token.user, {
      roleId: rn.id,
      shift: "Evenings",
      startTime: "1100",
      durationHours: 8,
      staffPerShift: 1,
    });
    expect(added.status).toBe(200);
    const shifts = added.body.plan.roles.find((r: Json) => r.id === rn.id).shifts;
    expect(shifts.map((s: Json) => `${s.shift} ${s.startTime}-${s.endTime}`)).toEqual([
      "Days 0700-1930",
      "Evenings 1100-1900",
      "Nights 1900-0730",
    ]);
    const bad = await call("POST", "/shift", token.user, {
      roleId: rn.id,
      shift: "Evenings",
      startTime: "2401",
      durationHours: 8,
      staffPerShift: 1,
    });
    expect(bad).toMatchObject({ status: 400, body: { message: STAFFING_MESSAGES.militaryTime } });
    const exempt = await call("POST", "/shift", token.user, {
      roleId: nm.id,
      shift: "Days",
      startTime: "0700",
      durationHours: 8,
      staffPerShift: 1,
    });
    expect(exempt.status).toBe(400);
    // Someone on the new Evenings shift; taking the shift away again takes their position with it.
    const free = added.body.plan.staff.find((p: Json) => p.costCenterFte - p.assignedFte >= 0.1);
    const placed = await call("POST", "/staff-position", token.user, {
      staffingId: planId,
      staffId: free.staffId,
      unitRoleId: rn.id,
      shift: "Evenings",
      fte: 0.1,
    });
    expect(placed.status).toBe(201);
    const onEvenings = placed.body.plan.staffPositions.filter(
      (p: Json) => p.unitRoleId === rn.id && p.shift === "Evenings",
    );
    expect(onEvenings).toHaveLength(1);
    const withoutEvenings = await call("PUT", `/role/${rn.id}`, token.user, RN);
    const rnPositions = withoutEvenings.body.plan.staffPositions.filter((p: Json) => p.unitRoleId === rn.id);
    expect(rnPositions.some((p: Json) => p.shift === "Evenings")).toBe(false);
    expect(rnPositions.length).toBeGreaterThan(0);
    const [audit] = await db()
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, "unit_role.update"))
      .orderBy(desc(auditLog.id))
      .limit(1);
    // The audit keeps the role's shifts before and after, in the shift order.
    const shiftTimes = (snapshot: unknown) =>
      (snapshot as Json).shifts.map((s: Json) => `${s.shift} ${s.startTime} ${s.durationHours}`);
    expect(shiftTimes(audit?.before)).toEqual(["Days 0700 12.5", "Evenings 1100 8", "Nights 1900 12.5"]);
    expect(shiftTimes(audit?.after)).toEqual(["Days 0700 12.5", "Nights 1900 12.5"]);
    expect(audit?.after).toMatchObject({ id: rn.id, name: "Registered Nurse", isExempt: false });
    // A shift that starts an hour earlier moves its staff positions' hours: 0600 + 12.5 h = 1830.
    const earlier = await call("PUT", `/role/${rn.id}`, token.user, {
      ...RN,
      shifts: RN.shifts.map((s) => (s.shift === "Days" ? { ...s, startTime: "0600" } : s)),
    });
    expect(earlier.status).toBe(200);
    const rnHours = (view: Json) =>
      [
        ...new Set(
          view.plan.staffPositions
            .filter((p: Json) => p.unitRoleId === rn.id)
            .map((p: Json) => `${p.shift} ${p.startTime}-${p.endTime}`),
        ),
      ].sort();
    expect(rnHours(earlier.body)).toEqual(["Days 0600-1830", "Nights 1900-0730"]);
    const restored = await call("PUT", `/role/${rn.id}`, token.user, RN);
    expect(rnHours(restored.body)).toEqual(["Days 0700-1930", "Nights 1900-0730"]);
    expect(
      (
        await call("POST", "/shift", token.exec, {
          roleId: rn.id,
          shift: "Days",
          startTime: "0700",
          durationHours: 8,
          staffPerShift: 1,
        })
      ).status,
    ).toBe(403);
  });
});

describe("cross-cost-center writes", () => {
  it("cross-cost-center write: an open position cannot name another plan's role", async () => {
    // Another cost center's plan with a role of its own (6040: the manager has no access there).
    const [mine] = await db().select().from(staffingPlans).where(eq(staffingPlans.id, planId));
    const [otherPlan] = await db()
      .insert(staffingPlans)
      .values({ costCenterId: CC_6040, budgetYear: mine?.budgetYear as number })
      .returning();
    const [foreignRole] = await db()
      .insert(unitRoles)
      .values({ planId: otherPlan?.id as string, name: "Registered Nurse", isExempt: false })
      .returning();
    const openRows = async () => (await db().select({ id: openPositions.id }).from(openPositions)).length;
    const before = await openRows();
    const creates = await auditCount("open_position.create");
    const refusal = {
      message: "Choose a role of this plan.",
      fieldErrors: { unitRoleId: "Choose a role of this plan." },
    };

    for (const unitRoleId of [foreignRole?.id as string, randomUUID()]) {
      // REST, shift omitted: refused (not a 500 for an unknown id), nothing written.
      const rest = await call("POST", "/staff-position/open", token.user, { staffingId: planId, unitRoleId, fte: 0.5 });
      expect(rest).toMatchObject({ status: 400, body: refusal });
      // GraphQL, shift omitted: the same refusal.
      const gql = await graphqlRequest(
        server.baseUrl,
        token.user,
        `mutation($p: ID!, $r: ID!) { createOpenPosition(planId: $p, input: { unitRoleId: $r, fte: 0.5 }) { __typename ... on DomainError { message } } }`,
        { p: planId, r: unitRoleId },
      );
      expect(gql.body.data?.createOpenPosition).toEqual({ __typename: "DomainError", message: refusal.message });
    }
    expect(await openRows()).toBe(before);
    expect(
      await db()
        .select()
        .from(openPositions)
        .where(eq(openPositions.unitRoleId, foreignRole?.id as string)),
    ).toEqual([]);
    expect(await auditCount("open_position.create")).toBe(creates);

    // A role of this plan without a shift is still stored shift-less.
    const { body } = await call("GET", `/wizard/${CC_6010}`, token.user);
    const rn = body.plan.roles.find((r: Json) => r.name === "Registered Nurse");
    const own = await call("POST", "/staff-position/open", token.user, {
      staffingId: planId,
      unitRoleId: rn.id,
      fte: 0.5,
    });
    expect(own.status).toBe(201);
    const added = own.body.plan.openPositions.filter(
      (o: Json) => !body.plan.openPositions.some((p: Json) => p.id === o.id),
    );
    expect(added).toMatchObject([{ unitRoleId: rn.id, shift: null, fte: 0.5 }]);
    expect((await call("DELETE", `/staff-position/open/${added[0].id}`, token.user)).status).toBe(200);

    await db()
      .delete(staffingPlans)
      .where(eq(staffingPlans.id, otherPlan?.id as string));
  });
});
