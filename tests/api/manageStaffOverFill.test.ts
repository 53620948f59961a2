import { describe, expect, it } from "vitest";
import { demoId } from "../../db/seed/demo";
import { expectJson, restFetch } from "../support/rest";
import { type Json, planCalls } from "../support/staffingPlans";
import { useTestServer } from "../support/testServer";

/**
 * Over-filled positions on Manage Staff (GraphQL `manageStaff`, REST `GET /api/staff`): a position
 * of the cost center's plan holding more FTE (hired, traveller, requested) than the plan needs is
 * named with the figures, for the list and for each staff member holding a position in it. The demo
 * manager holds Complete Wizard and Manage Staff on 6010 (this file's own database).
 */

const { server, token: tokens } = useTestServer();
const cc6010 = demoId("costCenter", 1);

const call = (method: string, path: string, body?: unknown, token = tokens.user) =>
  restFetch(server.baseUrl, method, path, token, body);
const ok = expectJson;

const LIST_QUERY = `query($id: ID!) { manageStaff(costCenterId: $id) {
  overFilledPositions { unitRoleId roleName shift assignedFte neededFte overFte warning }
  staff { staffId overFilledPositions { warning } }
} }`;

describe("Manage Staff names the plan's over-filled positions", () => {
  it("with the FTE assigned, needed and over, per position and per holder; gone once the over-fill is removed", async () => {
    const manager = planCalls(server.baseUrl, tokens.user);
    const planId = await manager.startPlan(cc6010, {
      census: 2,
      careTeamTarget: 6,
      nonProductiveGoalPercentage: 0,
      targetOvertimePercentage: 0,
    });
    await manager.createRole(planId, {
      name: "Registered Nurse",
      jobId: demoId("job", 1),
      isExempt: false,
      shifts: [
        { shift: "Days", startTime: "0700", durationHours: 12.5, staffPerShift: 1 },
        { shift: "Nights", startTime: "1900", durationHours: 12.5, staffPerShift: 1 },
      ],
    });
    await manager.createRole(planId, { name: "Nurse Manager", jobId: demoId("job", 7), isExempt: true, fte: 0.5 });
    const wizard = async () => (await manager.wizard(cc6010)).plan as Json;
    const roles = (await wizard()).roles as Json[];
    const rn = roles.find((r) => r.name === "Registered Nurse")?.id as string;
    const nm = roles.find((r) => r.name === "Nurse Manager")?.id as string;

    const person = async (firstName: string, fte: number) =>
      (
        await manager.addStaffMember(cc6010, {
          employeeId: `OF-${firstName}-${Date.now() % 100000}`,
          firstName,
          lastName: "Overfill",
          staffType: "Regular",
          dateOfHire: "01/15/2024",
          fte,
        })
      ).staffId as string;
    const [ana, ben, cleo, dee] = [
      await person("Ana", 1),
      await person("Ben", 1),
      await person("Cleo", 0.8),
      await person("Dee", 1),
    ];
    const place = (staffId: string, unitRoleId: string, shift: string | null, fte: number) =>
      manager.assignStaff(planId, { staffId, unitRoleId, shift, fte });
    await place(ana, rn, "Days", 1);
    await place(ben, rn, "Days", 1);
    await place(dee, rn, "Nights", 1);
    await place(cleo, nm, null, 0.8);
    await ok(
      await call("POST", "/staff-position/open", { staffingId: planId, unitRoleId: rn, shift: "Days", fte: 0.5 }),
      201,
    );

    // Registered Nurse, Days: 12.5 h less the 30-minute unpaid break = 12 paid hours, 1 a shift, non-productive 0 %:
    //   need = 12 × 365 ÷ 2080 = 4,380 ÷ 2,080 = 2.105769… (2.11 as shown);
    //   assigned = Ana 1.00 + Ben 1.00 hired + 0.50 requested = 2.50; over = 2.50 − 2.105769 = 0.394231 → 0.39.
    // Registered Nurse, Nights: Dee's 1.00 against 2.105769: short, no warning.
    // Nurse Manager (exempt, Fixed): need = its FTE, 0.50; assigned = Cleo's 0.80; over = 0.30. No shift named.
    const rnDays = "Registered Nurse, Days: 2.50 FTE assigned against 2.11 needed (0.39 over)";
    const nmOver = "Nurse Manager: 0.80 FTE assigned against 0.50 needed (0.30 over)";
    const listed = await ok(await call("GET", `/staff?costCenterId=${cc6010}`));
    expect(listed.overFilledPositions).toHaveLength(2);
    const [days, exempt] = listed.overFilledPositions as Json[];
    expect(days).toMatchObject({
      unitRoleId: rn,
      roleName: "Registered Nurse",
      shift: "Days",
      assignedFte: 2.5,
      overFte: 0.39,
      warning: rnDays,
    });
    expect(days?.neededFte).toBeCloseTo(2.105769, 6);
    expect(exempt).toEqual({
      unitRoleId: nm,
      roleName: "Nurse Manager",
      shift: null,
      assignedFte: 0.8,
      neededFte: 0.5,
      overFte: 0.3,
      warning: nmOver,
    });
    const warningsOf = (staff: Json[], staffId: string) =>
      (staff.find((s) => s.staffId === staffId)?.overFilledPositions as Json[]).map((o) => o.warning);
    const rest = listed.staff as Json[];
    expect(warningsOf(rest, ana)).toEqual([rnDays]);
    expect(warningsOf(rest, ben)).toEqual([rnDays]);
    expect(warningsOf(rest, cleo)).toEqual([nmOver]);
    expect(warningsOf(rest, dee)).toEqual([]);

    // GraphQL answers the same; the wizard's Assign Staff step shows the same over-hire for the position.
    const graphql = await manager.gql(LIST_QUERY, { id: cc6010 });
    expect(graphql.errors).toBeUndefined();
    const answer = graphql.data?.manageStaff as Json;
    expect((answer.overFilledPositions as Json[]).map((o) => o.warning)).toEqual([rnDays, nmOver]);
    expect(warningsOf(answer.staff as Json[], ben)).toEqual([rnDays]);
    const needs = (await wizard()).needs as Json[];
    expect(needs.map((n) => [n.roleName, n.shift, n.overHireFte])).toEqual([
      ["Registered Nurse", "Days", 0.39],
      ["Registered Nurse", "Nights", 0],
      ["Nurse Manager", null, 0.3],
    ]);

    // An edit answers the staff member with the warnings of the positions they hold.
    const edited = await ok(await call("PUT", `/staff/${ana}`, { costCenterId: cc6010, notes: "Days" }));
    expect((edited.overFilledPositions as Json[]).map((o) => o.warning)).toEqual([rnDays]);

    // Without the requisition RN Days holds 2.00 against 2.11 (short 0.11): no warning; without Cleo's position the manager role is empty.
    const [requisition] = (await wizard()).openPositions as Json[];
    await ok(await call("DELETE", `/staff-position/open/${requisition?.id}`));
    const afterRequisition = await ok(await call("GET", `/staff?costCenterId=${cc6010}`));
    expect((afterRequisition.overFilledPositions as Json[]).map((o) => o.warning)).toEqual([nmOver]);
    expect(warningsOf(afterRequisition.staff as Json[], ana)).toEqual([]);
    const cleoPosition = ((await wizard()).staffPositions as Json[]).find((p) => p.staffId === cleo);
    await ok(await call("DELETE", `/staff-position/${cleoPosition?.id}`));
    const none = await ok(await call("GET", `/staff?costCenterId=${cc6010}`));
    expect(none.overFilledPositions).toEqual([]);
    expect((none.staff as Json[]).every((s) => (s.overFilledPositions as Json[]).length === 0)).toBe(true);
  });

  it("a cost center without a plan has none", async () => {
    const listed = await ok(await call("GET", `/staff?costCenterId=${demoId("costCenter", 2)}`));
    expect(listed.overFilledPositions).toEqual([]);
  });
});
