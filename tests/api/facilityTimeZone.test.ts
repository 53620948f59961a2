import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { facilities, facilityBudgetSettings } from "../../db/schema";
import { DEMO_FACILITY_ID, DEMO_USER_IDS, demoId } from "../../db/seed/demo";
import { MANAGE_STAFF_MESSAGES } from "../../schema/manageStaff";
import { transferStaffMember } from "../../server/services/manageStaff";
import { getWizard } from "../../server/services/staffingPlans";
import { resolveViewer } from "../../server/services/viewer";
import { graphqlRequest } from "../support/graphql";
import { useTestServer } from "../support/testServer";

/**
 * Issue #15 item 3: a facility's dates (budget year, budget season, "today") are read in the
 * time zone its HR guidelines choose, not in UTC where the server runs. The moments below sit
 * between midnight UTC and midnight at the facility, where the two disagree.
 */

const { server, token: tokens } = useTestServer();
const cc6010 = demoId("costCenter", 1);

beforeAll(async () => {
  await server.database.db
    .update(facilityBudgetSettings)
    .set({ fiscalYearMonthsBegin: 7, fiscalYearDaysBegin: 1 })
    .where(eq(facilityBudgetSettings.facilityId, DEMO_FACILITY_ID));
});

const db = () => server.database.db;
const inZone = (timeZone: string) =>
  db().update(facilities).set({ timeZone }).where(eq(facilities.id, DEMO_FACILITY_ID));
const manager = () => resolveViewer(db(), { subject: DEMO_USER_IDS.user, email: undefined, claims: {} });

describe("the facility's time zone", () => {
  it("is the viewer's, for the client to read dates in", async () => {
    await inZone("US/Hawaii");
    const { body } = await graphqlRequest(server.baseUrl, tokens.user, "{ me { facilityTimeZone } }");
    expect(body.data).toEqual({ me: { facilityTimeZone: "US/Hawaii" } });
  });

  it("decides the budget year at the facility's midnight", async () => {
    // 08:00 UTC on 1 July 2026 is 22:00 on 30 June in Honolulu (UTC-10): the fiscal year from
    // 1 July has not begun there, so the budget year is still 2025. In New York (EDT, UTC-4) it
    // is 04:00 on 1 July: 2026.
    const moment = new Date("2026-07-01T08:00:00Z");
    await inZone("US/Hawaii");
    expect((await getWizard(db(), await manager(), cc6010, moment)).budgetYear).toBe(2025);
    await inZone("US/Eastern");
    expect((await getWizard(db(), await manager(), cc6010, moment)).budgetYear).toBe(2026);
  });

  it("refuses a termination dated after the facility's today", async () => {
    await inZone("US/Eastern");
    const added = await fetch(`${server.baseUrl}/api/staff`, {
      method: "POST",
      headers: { authorization: `Bearer ${tokens.user}`, "content-type": "application/json" },
      body: JSON.stringify({
        costCenterId: cc6010,
        employeeId: `TZ-${Date.now() % 100000}`,
        firstName: "Ines",
        lastName: "Zone",
        staffType: "Regular",
        dateOfHire: "01/15/2024",
        fte: 0.5,
      }),
    });
    expect(added.status).toBe(201);
    const { staffId } = (await added.json()) as { staffId: string };
    // 03:00 UTC on 25 Nov 2026 is 22:00 on 24 Nov in New York (EST, UTC-5): the 25th is tomorrow there.
    const moment = new Date("2026-11-25T03:00:00Z");
    const terminate = async (terminationDate: string) =>
      transferStaffMember(
        db(),
        await manager(),
        cc6010,
        staffId,
        { transferType: "VoluntaryTermination", terminationDate },
        moment,
      );
    await expect(terminate("2026-11-25")).rejects.toThrow(MANAGE_STAFF_MESSAGES.futureTermination);
    await expect(terminate("2026-11-24")).resolves.toMatchObject({ terminationDate: "2026-11-24" });
  });
});
