import { eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import {
  costCenterPermissions,
  costCenterStaff,
  jobs,
  staff,
  staffingPlans,
  staffPositions,
  unitRoles,
} from "../../db/schema";
import { DEMO_FACILITY_ID, DEMO_USER_IDS, demoId } from "../../db/seed/demo";
import { DEMO_ACCOUNTS } from "../../db/seed/demoAccounts";
import { resultRows } from "../support/database";
import { graphqlRequest } from "../support/graphql";
import { useTestServer } from "../support/testServer";

const { server, token } = useTestServer();

/** Fixed staff of the demo seed (db/seed/demo.ts). */
const JORDAN = demoId("staff", 1); // the demo user account's staff record: 6010 0.6, 6020 0.4
const SARAH = demoId("staff", 2); // Sarah Whitfield, Nurse Manager of ICU (6040): not visible to Jordan
const KEVIN = demoId("staff", 6); // Kevin Osei, Charge Nurse in 3 West (6010)
const PATRICIA = demoId("staff", 8); // Patricia Vance, Director of Nursing, no cost center
const OTHER_FACILITY = "00000000-0000-4000-8000-000000000000";
const ICU = demoId("costCenter", 4);
const THREE_WEST = demoId("costCenter", 1);
const FOUR_EAST = demoId("costCenter", 2);
let terminatedId = "";

type StaffRow = { id: string; firstName: string; lastName: string; employeeId: string; terminated: boolean };
let allStaff: StaffRow[] = [];
let costCentersOf = new Map<string, string[]>();

beforeAll(async () => {
  const db = server.database.db;

  // One terminated employee (the seed has none): the last generated staff member of 3 West.
  const [member] = await db
    .select({ id: costCenterStaff.staffId })
    .from(costCenterStaff)
    .where(eq(costCenterStaff.costCenterId, THREE_WEST))
    .orderBy(sql`${costCenterStaff.staffId} desc`)
    .limit(1);
  terminatedId = member?.id ?? "";
  await db
    .update(staff)
    .set({ terminationDate: "2026-10-15", terminationType: "VoluntaryTermination" })
    .where(eq(staff.id, terminatedId));

  // Two budget years of plans for 3 West; Jordan holds positions in both, only the latest counts.
  const [oldPlan, plan] = await db
    .insert(staffingPlans)
    .values([
      { costCenterId: THREE_WEST, budgetYear: 2026 },
      { costCenterId: THREE_WEST, budgetYear: 2027 },
    ])
    .returning({ id: staffingPlans.id });
  if (!oldPlan || !plan) throw new Error("no plans");
  const [manager, legacy, orphan, old] = await db
    .insert(unitRoles)
    .values([
      { planId: plan.id, jobId: demoId("job", 7), name: "Manager role", isExempt: true, fte: 0.5, sortOrder: 0 },
      { planId: plan.id, name: "Unit Float", sortOrder: 1 },
      { planId: plan.id, name: "Removed later", sortOrder: 2 },
      { planId: oldPlan.id, jobId: demoId("job", 1), name: "RN", sortOrder: 0 },
    ])
    .returning({ id: unitRoles.id });
  if (!manager || !legacy || !orphan || !old) throw new Error("no roles");
  await db.insert(staffPositions).values([
    { planId: plan.id, staffId: JORDAN, unitRoleId: manager.id, fte: 0.5, shift: "Days" },
    { planId: plan.id, staffId: JORDAN, unitRoleId: legacy.id, fte: 0.1, shift: "Nights" },
    { planId: oldPlan.id, staffId: JORDAN, unitRoleId: old.id, fte: 0.6, shift: "Days" },
  ]);

  const rows = await db
    .select({
      id: staff.id,
      firstName: staff.firstName,
      lastName: staff.lastName,
      employeeId: staff.employeeId,
      terminated: sql<boolean>`${staff.terminationDate} is not null`,
    })
    .from(staff)
    .where(eq(staff.facilityId, DEMO_FACILITY_ID));
  allStaff = rows;
  costCentersOf = new Map(rows.map((row) => [row.id, []]));
  for (const m of await db.select().from(costCenterStaff)) costCentersOf.get(m.staffId)?.push(m.costCenterId);
});

/** The rule, computed here independently of the service over every staff row. */
function expectedSearch(term: string, permitted: Set<string> | "all"): string[] {
  const t = term.trim().toLowerCase();
  return allStaff
    .filter((s) => !s.terminated)
    .filter((s) =>
      [s.firstName, s.lastName, `${s.firstName} ${s.lastName}`, s.employeeId].some((text) =>
        text.toLowerCase().includes(t),
      ),
    )
    .filter((s) => {
      if (permitted === "all") return true;
      const homes = costCentersOf.get(s.id) ?? [];
      return homes.length === 0 || homes.some((id) => permitted.has(id));
    })
    .sort((a, b) => {
      const key = (s: StaffRow) => [s.firstName.toLowerCase(), s.lastName.toLowerCase(), s.employeeId];
      const [x, y] = [key(a), key(b)];
      for (let i = 0; i < 3; i++) if (x[i] !== y[i]) return (x[i] ?? "") < (y[i] ?? "") ? -1 : 1;
      return 0;
    })
    .slice(0, 25)
    .map((s) => s.id);
}

async function permittedCostCenters(userId: string): Promise<Set<string>> {
  const rows = await server.database.db
    .select({ id: costCenterPermissions.costCenterId })
    .from(costCenterPermissions)
    .where(eq(costCenterPermissions.userId, userId));
  return new Set(rows.map((row) => row.id));
}

type SearchResult = {
  id: string;
  firstName: string;
  middleName: string | null;
  lastName: string;
  employeeId: string;
  staffType: string;
};
type ErrorBody = { message: string; code: string; fieldErrors?: Record<string, string> };

const SEARCH = `query Search($facilityId: ID!, $term: String!) {
  employeeSearch(facilityId: $facilityId, term: $term) { id firstName middleName lastName employeeId staffType }
}`;
const DETAILS = `query Details($facilityId: ID!, $id: ID!) {
  employee(facilityId: $facilityId, id: $id) {
    id firstName middleName lastName internalId facilityName staffType education userEmail
    totalFullTimeEquivalence dateOfHire contractDate terminationDate terminationType requisitionNumber
    costCenters {
      costCenterId costCenterName internalCode costCenterFullTimeEquivalence
      managerFirstName managerLastName managerEmail
      staffPositions { jobName shiftName staffPositionFullTimeEquivalence }
    }
  }
}`;

async function search(account: keyof typeof token, term: string, facilityId = DEMO_FACILITY_ID) {
  const { body } = await graphqlRequest(server.baseUrl, token[account], SEARCH, { facilityId, term });
  return {
    data: (body.data?.employeeSearch ?? null) as SearchResult[] | null,
    error: body.errors?.[0] as { message: string; extensions?: { code?: string } } | undefined,
  };
}

async function details(account: keyof typeof token, id: string, facilityId = DEMO_FACILITY_ID) {
  const { body } = await graphqlRequest(server.baseUrl, token[account], DETAILS, { facilityId, id });
  return {
    data: (body.data?.employee ?? null) as Record<string, unknown> | null,
    error: body.errors?.[0] as { message: string; extensions?: { code?: string } } | undefined,
  };
}

async function rest<T>(path: string, bearer: string) {
  const response = await fetch(`${server.baseUrl}/api${path}`, { headers: { authorization: `Bearer ${bearer}` } });
  return { status: response.status, body: (await response.json()) as T };
}

describe("employee search", () => {
  it("finds an employee by first name, last name, 'first last' and employee id, ignoring case", async () => {
    const sarah = {
      id: SARAH,
      firstName: "Sarah",
      middleName: null,
      lastName: "Whitfield",
      employeeId: "100050-NM",
      staffType: "Regular",
    };
    for (const term of ["whitf", "WHITFIELD", "sarah whit", "100050-nm", "  0050-N  "]) {
      const { data } = await search("admin", term);
      expect(data, term).toContainEqual(sarah);
    }
    const { data } = await search("admin", "Sarah Whitfield");
    expect(data).toEqual([sarah]);
  });

  it("gives admins the whole facility: at most 25, sorted by first name then last name", async () => {
    for (const term of ["an", "Mi", "ar", "1002", "o'b", "rn", "zz", "Kevin O"]) {
      const { data } = await search("admin", term);
      expect(
        data?.map((row) => row.id),
        term,
      ).toEqual(expectedSearch(term, "all"));
    }
    expect((await search("admin", "an")).data).toHaveLength(25);
  });

  it("takes LIKE wildcards literally, and never matches across the name and the employee id", async () => {
    for (const term of ["%%", "__", "%%%", "___", "a%n", "\\%"])
      expect((await search("admin", term)).data, term).toEqual([]);
    expect((await search("admin", "patel 100042")).data).toEqual([]);
    expect((await search("admin", "patel\u001f100042")).data).toEqual([]);
    expect((await search("admin", "patel")).data?.map((row) => row.employeeId)).toContain("100042-NM");
  });

  it("gives exec and user accounts the staff of their cost centers plus staff with no cost center", async () => {
    const userPermitted = await permittedCostCenters(DEMO_USER_IDS.user);
    const execPermitted = await permittedCostCenters(DEMO_USER_IDS.exec);
    expect(userPermitted.size).toBe(3);
    expect(execPermitted.size).toBe(12);
    for (const term of ["an", "er", "100", "Lee", "Whit", "Vance"]) {
      const user = await search("user", term);
      expect(
        user.data?.map((row) => row.id),
        term,
      ).toEqual(expectedSearch(term, userPermitted));
      const exec = await search("exec", term);
      expect(
        exec.data?.map((row) => row.id),
        term,
      ).toEqual(expectedSearch(term, execPermitted));
    }
    // Concretely: Sarah (ICU) is hidden from the 3 West manager; Kevin (3 West) and Patricia (no unit) are not.
    expect((await search("user", "Whitfield")).data).toEqual([]);
    expect((await search("exec", "Whitfield")).data?.map((row) => row.id)).toEqual([SARAH]);
    expect((await search("user", "Kevin Osei")).data?.map((row) => row.id)).toEqual([KEVIN]);
    expect((await search("user", "Patricia Vance")).data?.map((row) => row.id)).toEqual([PATRICIA]);
  });

  it("leaves terminated staff out", async () => {
    const terminated = allStaff.find((s) => s.id === terminatedId);
    expect(terminated?.terminated).toBe(true);
    const { data } = await search("admin", terminated?.employeeId ?? "");
    expect(data?.map((row) => row.id)).not.toContain(terminatedId);
  });

  it("refuses a term under 2 characters with the spec's message", async () => {
    for (const term of ["", "a", "  b  "]) {
      const { data, error } = await search("admin", term);
      expect(data).toBeNull();
      expect(error).toMatchObject({
        message: "Type at least 2 characters to search",
        extensions: { code: "INVALID", fieldErrors: { term: "Type at least 2 characters to search" } },
      });
    }
    const { status, body } = await rest<ErrorBody>(
      `/staff/facility/${DEMO_FACILITY_ID}/search?searchTerm=a`,
      token.user,
    );
    expect(status).toBe(400);
    expect(body).toEqual({
      message: "Type at least 2 characters to search",
      code: "invalid",
      fieldErrors: { term: "Type at least 2 characters to search" },
    });
  });

  it("refuses another facility and answers a malformed facility id", async () => {
    for (const account of ["admin", "exec", "user"] as const) {
      expect((await search(account, "an", OTHER_FACILITY)).error?.extensions?.code).toBe("FORBIDDEN");
    }
    const malformed = await search("admin", "an", "not-an-id");
    expect(malformed.error).toMatchObject({
      message: "'not-an-id' is not a valid facility id",
      extensions: { code: "INVALID" },
    });
    expect((await rest<ErrorBody>(`/staff/facility/${OTHER_FACILITY}/search?searchTerm=an`, token.admin)).status).toBe(
      403,
    );
  });

  it("answers the same over REST (GET /api/staff/facility/{facilityId}/search)", async () => {
    const { status, body } = await rest<SearchResult[]>(
      `/staff/facility/${DEMO_FACILITY_ID}/search?searchTerm=${encodeURIComponent("kevin osei")}`,
      token.user,
    );
    expect(status).toBe(200);
    expect(body).toEqual([
      {
        id: KEVIN,
        firstName: "Kevin",
        middleName: null,
        lastName: "Osei",
        employeeId: "100062-CN",
        staffType: "Regular",
      },
    ]);
  });

  it("runs one query for the whole list, whatever the account type", async () => {
    for (const account of ["admin", "user"] as const) {
      server.database.queries.length = 0;
      const { data } = await search(account, "an");
      expect(data?.length).toBeGreaterThan(10);
      // One to resolve the viewer, one for the search.
      expect(server.database.queries).toHaveLength(2);
    }
  });

  it("matches the trigram index's expression, so the planner can use it", async () => {
    const plan = await server.database.db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      const result = await tx.execute(
        sql`explain select ${staff.id} from ${staff} where ${staff.searchText} like ${"%whitf%"}`,
      );
      const rows = resultRows<Record<string, string>>(result);
      return rows.map((row) => Object.values(row).join(" ")).join("\n");
    });
    expect(plan).toContain("staff_search_trgm_idx");
  });
});

describe("employee details", () => {
  it("shows the spec's fields, cost centers with their manager, and the latest plan's positions", async () => {
    const { data, error } = await details("user", JORDAN);
    expect(error).toBeUndefined();
    expect(data).toEqual({
      id: JORDAN,
      firstName: "Jordan",
      middleName: null,
      lastName: "Patel",
      internalId: "100042-NM",
      facilityName: "St. Catherine Medical Center",
      staffType: "Regular",
      education: "MSN",
      userEmail: DEMO_ACCOUNTS.user.email,
      totalFullTimeEquivalence: 1,
      dateOfHire: "2016-11-03",
      contractDate: null,
      terminationDate: null,
      terminationType: null,
      requisitionNumber: null,
      costCenters: [
        {
          costCenterId: THREE_WEST,
          costCenterName: "Medical Surgical 3 West",
          internalCode: "6010",
          costCenterFullTimeEquivalence: 0.6,
          managerFirstName: "Jordan",
          managerLastName: "Patel",
          managerEmail: DEMO_ACCOUNTS.user.email,
          staffPositions: [
            { jobName: "Nurse Manager", shiftName: "Days", staffPositionFullTimeEquivalence: 0.5 },
            { jobName: "Unit Float", shiftName: "Nights", staffPositionFullTimeEquivalence: 0.1 },
          ],
        },
        {
          costCenterId: FOUR_EAST,
          costCenterName: "Medical Surgical 4 East",
          internalCode: "6020",
          costCenterFullTimeEquivalence: 0.4,
          managerFirstName: "Jordan",
          managerLastName: "Patel",
          managerEmail: DEMO_ACCOUNTS.user.email,
          staffPositions: [],
        },
      ],
    });
  });

  it("shows a staff member without a user account, without a cost center, and a terminated one", async () => {
    const sarah = await details("admin", SARAH);
    expect(sarah.data).toMatchObject({
      firstName: "Sarah",
      lastName: "Whitfield",
      internalId: "100050-NM",
      userEmail: "sarah.whitfield@stcatherine.example",
      costCenters: [
        {
          costCenterId: ICU,
          costCenterName: "Intensive Care Unit",
          internalCode: "6040",
          costCenterFullTimeEquivalence: 1,
          managerFirstName: "Sarah",
          managerLastName: "Whitfield",
          staffPositions: [],
        },
      ],
    });
    const patricia = await details("user", PATRICIA);
    expect(patricia.data).toMatchObject({ firstName: "Patricia", lastName: "Vance", costCenters: [] });
    const terminated = await details("admin", terminatedId);
    expect(terminated.data).toMatchObject({
      terminationDate: "2026-10-15",
      terminationType: "VoluntaryTermination",
    });
  });

  it("answers a staff member the viewer may not see exactly like one that does not exist", async () => {
    const hidden = await details("user", SARAH);
    const missing = await details("user", "00000000-0000-4000-8000-00000000abcd");
    expect(hidden.data).toBeNull();
    expect(hidden.error).toMatchObject({ message: "Employee was not found", extensions: { code: "NOT_FOUND" } });
    expect(missing.error).toMatchObject({ message: "Employee was not found", extensions: { code: "NOT_FOUND" } });
    const restHidden = await rest<ErrorBody>(`/staff/facility/${DEMO_FACILITY_ID}/staff/${SARAH}`, token.user);
    expect(restHidden).toEqual({ status: 404, body: { message: "Employee was not found", code: "not_found" } });
    expect((await details("exec", SARAH)).data).toMatchObject({ id: SARAH });
  });

  it("refuses another facility and malformed ids", async () => {
    expect((await details("admin", SARAH, OTHER_FACILITY)).error?.extensions?.code).toBe("FORBIDDEN");
    expect((await details("admin", "42")).error).toMatchObject({
      message: "'42' is not a valid employee id",
      extensions: { code: "INVALID" },
    });
    expect((await details("admin", SARAH, "x")).error).toMatchObject({
      message: "'x' is not a valid facility id",
      extensions: { code: "INVALID" },
    });
    const restMalformed = await rest<ErrorBody>(`/staff/facility/${DEMO_FACILITY_ID}/staff/42`, token.admin);
    expect(restMalformed).toEqual({
      status: 400,
      body: { message: "'42' is not a valid employee id", code: "invalid" },
    });
  });

  it("answers the same over REST (GET /api/staff/facility/{facilityId}/staff/{id})", async () => {
    const { status, body } = await rest<Record<string, unknown>>(
      `/staff/facility/${DEMO_FACILITY_ID}/staff/${JORDAN}`,
      token.admin,
    );
    expect(status).toBe(200);
    expect(body).toEqual((await details("admin", JORDAN)).data);
  });

  it("need-to-know: shows a shared staff member's other cost centers only to viewers permitted there (item 10)", async () => {
    const db = server.database.db;
    const [shared] = await db
      .insert(staff)
      .values({
        facilityId: DEMO_FACILITY_ID,
        employeeId: "NTK-10",
        firstName: "Quinn",
        lastName: "Shared",
        assignedFte: 1,
      })
      .returning({ id: staff.id });
    if (!shared) throw new Error("no staff");
    await db.insert(costCenterStaff).values([
      { costCenterId: THREE_WEST, staffId: shared.id, fte: 0.5 },
      { costCenterId: ICU, staffId: shared.id, fte: 0.5 },
    ]);
    const threeWest = {
      costCenterId: THREE_WEST,
      costCenterName: "Medical Surgical 3 West",
      internalCode: "6010",
      costCenterFullTimeEquivalence: 0.5,
      managerFirstName: "Jordan",
      managerLastName: "Patel",
      managerEmail: DEMO_ACCOUNTS.user.email,
      staffPositions: [],
    };
    const icu = {
      costCenterId: ICU,
      costCenterName: "Intensive Care Unit",
      internalCode: "6040",
      costCenterFullTimeEquivalence: 0.5,
      managerFirstName: "Sarah",
      managerLastName: "Whitfield",
      managerEmail: "sarah.whitfield@stcatherine.example",
      staffPositions: [],
    };
    // The user account manages 3 West only: ICU (its name, FTE and manager) is left out, not even counted.
    expect((await details("user", shared.id)).data).toMatchObject({
      totalFullTimeEquivalence: 1,
      costCenters: [threeWest],
    });
    const restUser = await rest<Record<string, unknown>>(
      `/staff/facility/${DEMO_FACILITY_ID}/staff/${shared.id}`,
      token.user,
    );
    expect(restUser.status).toBe(200);
    expect(restUser.body.costCenters).toEqual([threeWest]);
    expect(JSON.stringify(restUser.body)).not.toContain("sarah.whitfield");
    // The executive holds a permission on both; the admin sees the facility.
    expect((await details("exec", shared.id)).data?.costCenters).toEqual([threeWest, icu]);
    expect((await details("admin", shared.id)).data?.costCenters).toEqual([threeWest, icu]);
  });

  it("runs a fixed number of queries, however many cost centers and positions", async () => {
    server.database.queries.length = 0;
    const { data } = await details("admin", JORDAN);
    expect(data?.costCenters).toHaveLength(2);
    // One to resolve the viewer; the employee; their cost centers with managers; their positions.
    expect(server.database.queries).toHaveLength(4);
  });
});

// Keep the jobs import honest: the manager role above points at the seed's 'Nurse Manager' job.
it("uses the seed's Nurse Manager job for the manager role", async () => {
  const [job] = await server.database.db
    .select({ name: jobs.name })
    .from(jobs)
    .where(eq(jobs.id, demoId("job", 7)));
  expect(job?.name).toBe("Nurse Manager");
});
