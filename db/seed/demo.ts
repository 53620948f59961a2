import { hashPassword } from "../../server/auth/passwords";
import type { Database, Transaction } from "../client";
import {
  adminTaskNameEnum,
  adminTasks,
  costCenterPermissions,
  costCenterStaff,
  costCenters,
  educationLevels,
  facilities,
  facilityBudgetSettings,
  facilityShiftSettings,
  jobCategories,
  jobs,
  localCredentials,
  organizations,
  positions,
  staff,
  users,
} from "../schema";
import { DEMO_ACCOUNTS } from "./demoAccounts";
import { mulberry32 } from "./random";

/**
 * The demo data set: one organisation, one facility with twelve cost centers, about three hundred
 * staff, the three demo accounts and a handful of further users. Deterministic (fixed UUIDs, a
 * seeded PRNG and a fixed reference date instead of the clock) and idempotent: when the demo
 * organisation already exists nothing is written.
 */

/** The date the data is generated relative to (hire dates, traveller contract ends). Not the clock. */
export const DEMO_REFERENCE_DATE = "2026-11-01";
const PRNG_SEED = 20261101;
/** Rows per insert statement; staff rows carry < 20 parameters each, far below 65,534. */
const CHUNK_SIZE = 200;
/** Random (non-user) staff generated in addition to the staff who are users. */
const GENERATED_STAFF = 289;
/** Generated staff left without any cost center (in addition to the two unassigned executives). */
const UNASSIGNED_GENERATED = 4;
/** Executives carry no FTE on their permissions (spec §5 "Executives are saved with fte 0"). */
const EXECUTIVE_FTE = 0;

// ---------------------------------------------------------------------------------------------
// Deterministic ids and randomness
// ---------------------------------------------------------------------------------------------

const KIND = {
  organization: 1,
  facility: 2,
  costCenter: 3,
  staff: 4,
  user: 5,
  position: 6,
  job: 7,
  education: 8,
  permission: 9,
} as const;

/** A fixed, readable UUID: `5eed00KK-0000-4000-8000-NNNNNNNNNNNN`. */
export function demoId(kind: keyof typeof KIND, n: number): string {
  const k = KIND[kind].toString(16).padStart(4, "0");
  return `5eed${k}-0000-4000-8000-${n.toString(16).padStart(12, "0")}`;
}

export const DEMO_ORGANIZATION_ID = demoId("organization", 1);
export const DEMO_FACILITY_ID = demoId("facility", 1);
export const DEMO_USER_IDS = {
  admin: demoId("user", 1),
  exec: demoId("user", 2),
  user: demoId("user", 3),
} as const;

class Rng {
  private readonly next: () => number;
  constructor(seed: number) {
    this.next = mulberry32(seed);
  }
  float(): number {
    return this.next();
  }
  /** Integer in [min, max], both inclusive. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }
  pick<T>(items: readonly T[]): T {
    const item = items[Math.floor(this.next() * items.length)];
    if (item === undefined) throw new Error("pick from an empty list");
    return item;
  }
  weighted<T>(items: readonly (readonly [T, number])[]): T {
    const total = items.reduce((sum, [, w]) => sum + w, 0);
    let r = this.next() * total;
    for (const [item, w] of items) {
      r -= w;
      if (r < 0) return item;
    }
    const last = items[items.length - 1];
    if (!last) throw new Error("weighted pick from an empty list");
    return last[0];
  }
  shuffle<T>(items: T[]): T[] {
    for (let i = items.length - 1; i > 0; i--) {
      const j = Math.floor(this.next() * (i + 1));
      const a = items[i] as T;
      items[i] = items[j] as T;
      items[j] = a;
    }
    return items;
  }
}

function addDays(isoDate: string, days: number): string {
  const d = new Date(`${isoDate}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

function round3(n: number): number {
  return Math.round(n * 1000) / 1000;
}

function chunks<T>(rows: readonly T[], size = CHUNK_SIZE): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < rows.length; i += size) out.push(rows.slice(i, i + size));
  return out;
}

// ---------------------------------------------------------------------------------------------
// Reference data
// ---------------------------------------------------------------------------------------------

/** isDirectCare: the default of the category's jobs (only direct-care hours count toward HPPD). */
const JOB_CATEGORIES = [
  { id: 0, name: "None", isDirectCare: true },
  { id: 1, name: "Registered Nurse", isDirectCare: true },
  { id: 2, name: "Licensed Practical Nurse", isDirectCare: true },
  { id: 3, name: "Nursing Assistant", isDirectCare: true },
  { id: 4, name: "Unit Support", isDirectCare: false },
  { id: 5, name: "Leadership", isDirectCare: false },
  { id: 6, name: "Allied Health", isDirectCare: false },
] as const;

type JobKey = "RN" | "CN" | "LPN" | "CNA" | "PCT" | "US" | "NM" | "ANM" | "CE" | "RT";

/** key = the employee-ID suffix used for staff holding the job. */
const JOBS: readonly { key: JobKey; name: string; categoryId: number; isExempt: boolean }[] = [
  { key: "RN", name: "Registered Nurse", categoryId: 1, isExempt: false },
  { key: "CN", name: "Charge Nurse", categoryId: 1, isExempt: false },
  { key: "LPN", name: "Licensed Practical Nurse", categoryId: 2, isExempt: false },
  { key: "CNA", name: "Certified Nursing Assistant", categoryId: 3, isExempt: false },
  { key: "PCT", name: "Patient Care Technician", categoryId: 3, isExempt: false },
  { key: "US", name: "Unit Secretary", categoryId: 4, isExempt: false },
  { key: "NM", name: "Nurse Manager", categoryId: 5, isExempt: true },
  { key: "ANM", name: "Assistant Nurse Manager", categoryId: 5, isExempt: true },
  { key: "CE", name: "Clinical Educator", categoryId: 5, isExempt: true },
  { key: "RT", name: "Respiratory Therapist", categoryId: 6, isExempt: false },
];

/** The name of the job a demo employee holds, which their Employee ID's suffix names. */
export function demoJobOfEmployeeId(employeeId: string): string {
  const key = employeeId.slice(employeeId.lastIndexOf("-") + 1);
  const job = JOBS.find((j) => j.key === key);
  if (!job) throw new Error(`Employee ID ${employeeId} names no demo job`);
  return job.name;
}

const EDUCATION_LEVELS = ["ADN", "BSN", "MSN", "DNP", "LPN Diploma", "CNA Certificate", "High School Diploma"] as const;
type Education = (typeof EDUCATION_LEVELS)[number];

export const DEMO_COST_CENTERS = [
  { code: "6010", name: "Medical Surgical 3 West" },
  { code: "6020", name: "Medical Surgical 4 East" },
  { code: "6030", name: "Telemetry" },
  { code: "6040", name: "Intensive Care Unit" },
  { code: "6050", name: "Step-Down Unit" },
  { code: "6060", name: "Emergency Department" },
  { code: "6070", name: "Labor and Delivery" },
  { code: "6080", name: "Mother Baby" },
  { code: "6090", name: "Pediatrics" },
  { code: "6100", name: "Behavioral Health" },
  { code: "6110", name: "Oncology" },
  { code: "6120", name: "Orthopedics" },
] as const;
type CostCenterCode = (typeof DEMO_COST_CENTERS)[number]["code"];

const costCenterId = (code: CostCenterCode): string =>
  demoId("costCenter", DEMO_COST_CENTERS.findIndex((c) => c.code === code) + 1);

const POSITIONS = [
  { title: "Software Admin", description: "Manages the application for the facility" },
  { title: "Chief Nursing Officer", description: "Executive leader of nursing across the facility" },
  { title: "Chief Financial Officer", description: "Executive leader of finance and budgets" },
  { title: "Director of Nursing", description: "Oversees a group of nursing units" },
  { title: "Nurse Manager", description: "Builds the staffing plan and manages unit staff" },
  { title: "Assistant Nurse Manager", description: "Supports the nurse manager on the unit" },
  { title: "Charge Nurse", description: "Leads the unit on a shift" },
  { title: "Staff Nurse", description: "Provides direct patient care" },
] as const;
type PositionTitle = (typeof POSITIONS)[number]["title"];

const positionId = (title: PositionTitle): string =>
  demoId("position", POSITIONS.findIndex((p) => p.title === title) + 1);

const FIRST_NAMES = [
  "Olivia",
  "Liam",
  "Emma",
  "Noah",
  "Ava",
  "Elijah",
  "Sophia",
  "James",
  "Isabella",
  "William",
  "Mia",
  "Benjamin",
  "Charlotte",
  "Lucas",
  "Amelia",
  "Henry",
  "Harper",
  "Theodore",
  "Evelyn",
  "Samuel",
  "Abigail",
  "Daniel",
  "Emily",
  "Michael",
  "Ella",
  "Matthew",
  "Grace",
  "David",
  "Chloe",
  "Joseph",
  "Victoria",
  "Anthony",
  "Zoe",
  "Andrew",
  "Hannah",
  "Joshua",
  "Lily",
  "Christopher",
  "Nora",
  "Ryan",
  "Maya",
  "Nathan",
  "Aaliyah",
  "Carlos",
  "Priya",
  "Kevin",
  "Fatima",
  "Marcus",
  "Mei",
  "Jamal",
  "Rosa",
  "Tyrone",
  "Leah",
  "Andre",
  "Keisha",
  "Diego",
  "Aisha",
  "Brian",
  "Lauren",
  "Omar",
] as const;

const LAST_NAMES = [
  "Smith",
  "Johnson",
  "Williams",
  "Brown",
  "Jones",
  "Garcia",
  "Miller",
  "Davis",
  "Rodriguez",
  "Martinez",
  "Hernandez",
  "Lopez",
  "Gonzalez",
  "Wilson",
  "Anderson",
  "Thomas",
  "Taylor",
  "Moore",
  "Jackson",
  "Martin",
  "Lee",
  "Perez",
  "Thompson",
  "White",
  "Harris",
  "Sanchez",
  "Clark",
  "Ramirez",
  "Lewis",
  "Robinson",
  "Walker",
  "Young",
  "Allen",
  "King",
  "Wright",
  "Scott",
  "Torres",
  "Nguyen",
  "Hill",
  "Flores",
  "Green",
  "Adams",
  "Nelson",
  "Baker",
  "Hall",
  "Rivera",
  "Campbell",
  "Mitchell",
  "Carter",
  "Roberts",
  "O'Brien",
  "Kowalski",
  "Chen",
  "Okafor",
  "Murphy",
  "Sullivan",
  "Brennan",
  "Kim",
  "Singh",
  "Duarte",
] as const;

const STAFF_NOTES = [
  "Preceptor for new graduates",
  "Float pool eligible",
  "Orientation ends 12/15",
  "Bilingual (Spanish)",
  "Charge-qualified",
  "Returning from leave 12/01",
  "Night shift preferred",
  "Weekend option program",
] as const;

// ---------------------------------------------------------------------------------------------
// Staff generation
// ---------------------------------------------------------------------------------------------

type StaffRow = typeof staff.$inferInsert & { id: string };
type MembershipRow = typeof costCenterStaff.$inferInsert;
type UserRow = typeof users.$inferInsert & { id: string };
type PermissionRow = typeof costCenterPermissions.$inferInsert;

const emailFor = (first: string, last: string) => {
  const local = `${first}.${last}`.toLowerCase().replace(/[^a-z.]/g, "");
  return `${local}@stcatherine.example`;
};

function educationFor(job: JobKey, rng: Rng): Education | null {
  switch (job) {
    case "RN":
    case "CN":
      return rng.weighted<Education | null>([
        ["BSN", 50],
        ["ADN", 33],
        ["MSN", 9],
        [null, 8],
      ]);
    case "NM":
    case "ANM":
    case "CE":
      return rng.weighted<Education | null>([
        ["MSN", 60],
        ["BSN", 30],
        ["DNP", 10],
      ]);
    case "LPN":
      return rng.weighted<Education | null>([
        ["LPN Diploma", 85],
        [null, 15],
      ]);
    case "CNA":
    case "PCT":
      return rng.weighted<Education | null>([
        ["CNA Certificate", 60],
        ["High School Diploma", 25],
        [null, 15],
      ]);
    case "US":
      return rng.weighted<Education | null>([
        ["High School Diploma", 70],
        [null, 30],
      ]);
    case "RT":
      return rng.weighted<Education | null>([
        ["BSN", 10],
        [null, 90],
      ]);
  }
}

/** The staff who are also users: fixed names, so the user-access screen shows stable people. */
type LeaderSpec = {
  key: string;
  first: string;
  last: string;
  /** Employee-ID suffix: the job held. */
  suffix: string;
  fte: number;
  /** Cost-center memberships; empty = an unassigned employee. */
  homes: readonly (readonly [CostCenterCode, number])[];
  education: Education | null;
  hiredDaysAgo: number;
  notes?: string;
};

const LEADERS: readonly LeaderSpec[] = [
  // The demo manager account (Jordan Patel) is created from DEMO_ACCOUNTS.user below.
  {
    key: "nm-icu",
    first: "Sarah",
    last: "Whitfield",
    suffix: "NM",
    fte: 1,
    homes: [["6040", 1]],
    education: "MSN",
    hiredDaysAgo: 4380,
  },
  {
    key: "nm-ed",
    first: "Marcus",
    last: "Delgado",
    suffix: "NM",
    fte: 1,
    homes: [["6060", 1]],
    education: "BSN",
    hiredDaysAgo: 3120,
  },
  {
    key: "nm-ld",
    first: "Angela",
    last: "Brooks",
    suffix: "NM",
    fte: 1,
    homes: [["6070", 1]],
    education: "DNP",
    hiredDaysAgo: 5210,
  },
  {
    key: "anm-sdu",
    first: "Tasha",
    last: "Greenwood",
    suffix: "ANM",
    fte: 0.9,
    homes: [["6050", 0.9]],
    education: "BSN",
    hiredDaysAgo: 2450,
  },
  {
    key: "cn-3w",
    first: "Kevin",
    last: "Osei",
    suffix: "CN",
    fte: 0.9,
    homes: [["6010", 0.9]],
    education: "BSN",
    hiredDaysAgo: 1890,
  },
  {
    key: "cn-icu",
    first: "Rachel",
    last: "Lindqvist",
    suffix: "CN",
    fte: 1,
    homes: [["6040", 1]],
    education: "ADN",
    hiredDaysAgo: 2760,
    notes: "Moved from Step-Down by upload",
  },
  {
    key: "don",
    first: "Patricia",
    last: "Vance",
    suffix: "DON",
    fte: 1,
    homes: [],
    education: "DNP",
    hiredDaysAgo: 6900,
  },
  {
    key: "cfo",
    first: "Robert",
    last: "Castellano",
    suffix: "CFO",
    fte: 1,
    homes: [],
    education: null,
    hiredDaysAgo: 2200,
  },
  {
    key: "sn-noperm",
    first: "Emily",
    last: "Tran",
    suffix: "RN",
    fte: 0.9,
    homes: [["6090", 0.9]],
    education: "BSN",
    hiredDaysAgo: 410,
  },
  {
    key: "cn-noperm",
    first: "Derek",
    last: "Hollis",
    suffix: "CN",
    fte: 1,
    homes: [["6110", 1]],
    education: "ADN",
    hiredDaysAgo: 3300,
  },
];

type Generated = {
  staff: StaffRow[];
  memberships: MembershipRow[];
  /** leader key (and "manager" for Jordan Patel) → staff id */
  staffIdByKey: Map<string, string>;
};

function generateStaff(): Generated {
  const rng = new Rng(PRNG_SEED);
  const staffRows: StaffRow[] = [];
  const memberships: MembershipRow[] = [];
  const staffIdByKey = new Map<string, string>();
  let staffSeq = 0;
  const nextStaffId = () => demoId("staff", ++staffSeq);
  const member = (sid: string, code: CostCenterCode, fte: number) =>
    memberships.push({ costCenterId: costCenterId(code), staffId: sid, fte: round3(fte) });

  // The demo manager account's own staff record: 0.6 in 3 West, 0.4 in 4 East.
  const managerId = nextStaffId();
  staffIdByKey.set("manager", managerId);
  staffRows.push({
    id: managerId,
    facilityId: DEMO_FACILITY_ID,
    employeeId: "100042-NM",
    firstName: DEMO_ACCOUNTS.user.firstName,
    lastName: DEMO_ACCOUNTS.user.lastName,
    email: DEMO_ACCOUNTS.user.email,
    dateOfHire: addDays(DEMO_REFERENCE_DATE, -3650),
    assignedFte: 1,
    staffType: "Regular",
    education: "MSN",
  });
  member(managerId, "6010", 0.6);
  member(managerId, "6020", 0.4);

  // The staff who are users.
  LEADERS.forEach((l, i) => {
    const sid = nextStaffId();
    staffIdByKey.set(l.key, sid);
    staffRows.push({
      id: sid,
      facilityId: DEMO_FACILITY_ID,
      employeeId: `${100050 + i * 3}-${l.suffix}`,
      firstName: l.first,
      lastName: l.last,
      email: emailFor(l.first, l.last),
      dateOfHire: addDays(DEMO_REFERENCE_DATE, -l.hiredDaysAgo),
      assignedFte: l.fte,
      staffType: "Regular",
      education: l.education,
      notes: l.notes ?? null,
    });
    for (const [code, fte] of l.homes) member(sid, code, fte);
  });

  // Unique first/last pairs, shuffled; skip the names already used above.
  const taken = new Set([
    `${DEMO_ACCOUNTS.user.firstName} ${DEMO_ACCOUNTS.user.lastName}`,
    `${DEMO_ACCOUNTS.admin.firstName} ${DEMO_ACCOUNTS.admin.lastName}`,
    `${DEMO_ACCOUNTS.exec.firstName} ${DEMO_ACCOUNTS.exec.lastName}`,
    ...LEADERS.map((l) => `${l.first} ${l.last}`),
  ]);
  const pairs = rng
    .shuffle(FIRST_NAMES.flatMap((f) => LAST_NAMES.map((l) => [f, l] as const)))
    .filter(([f, l]) => !taken.has(`${f} ${l}`));

  const codes = DEMO_COST_CENTERS.map((c) => c.code);
  let empNo = 100200;
  for (let i = 0; i < GENERATED_STAFF; i++) {
    const pair = pairs[i];
    if (!pair) throw new Error("not enough name pairs");
    const [first, last] = pair;
    const typeRoll = rng.float();
    const staffType = typeRoll < 0.1 ? "PRN" : typeRoll < 0.18 ? "Traveller" : "Regular";
    const job: JobKey =
      staffType === "Traveller"
        ? rng.weighted<JobKey>([
            ["RN", 85],
            ["RT", 10],
            ["PCT", 5],
          ])
        : rng.weighted<JobKey>([
            ["RN", 46],
            ["CN", 6],
            ["LPN", 8],
            ["CNA", 14],
            ["PCT", 10],
            ["US", 6],
            ["RT", 5],
            ["ANM", 3],
            ["CE", 2],
          ]);
    const assignedFte =
      staffType === "PRN"
        ? 0.2
        : staffType === "Traveller"
          ? rng.pick([1, 0.9])
          : rng.weighted<number>([
              [1, 40],
              [0.9, 30],
              [0.8, 12],
              [0.6, 10],
              [0.5, 8],
            ]);
    empNo += rng.int(1, 9);
    const hiredDaysAgo = staffType === "Traveller" ? rng.int(20, 180) : rng.int(30, 25 * 365);
    const middleName = rng.float() < 0.25 ? rng.pick(FIRST_NAMES) : null;
    const education = educationFor(job, rng);
    const notes = rng.float() < 0.06 ? rng.pick(STAFF_NOTES) : null;
    const sid = nextStaffId();
    staffRows.push({
      id: sid,
      facilityId: DEMO_FACILITY_ID,
      employeeId: `${empNo}-${job}`,
      firstName: first,
      middleName,
      lastName: last,
      email: emailFor(first, last),
      dateOfHire: addDays(DEMO_REFERENCE_DATE, -hiredDaysAgo),
      assignedFte,
      staffType,
      contractEndDate: staffType === "Traveller" ? addDays(DEMO_REFERENCE_DATE, rng.int(21, 91)) : null,
      requisitionNumber: staffType === "Traveller" ? `REQ-26-${String(empNo).slice(-4)}` : null,
      education,
      notes,
    });

    // The last few generated staff are new hires not yet placed in a unit.
    if (i >= GENERATED_STAFF - UNASSIGNED_GENERATED) continue;
    const home = codes[i % codes.length] as CostCenterCode;
    if (staffType === "Regular" && rng.float() < 0.05) {
      // Split between the home unit and a second one.
      const second = codes[(i + rng.int(1, codes.length - 1)) % codes.length] as CostCenterCode;
      const secondFte = Math.round(assignedFte * 4) / 10;
      member(sid, home, assignedFte - secondFte);
      member(sid, second, secondFte);
    } else {
      member(sid, home, assignedFte);
    }
  }
  return { staff: staffRows, memberships, staffIdByKey };
}

// ---------------------------------------------------------------------------------------------
// The seed
// ---------------------------------------------------------------------------------------------

export async function seedDemo(
  db: Database,
): Promise<{ organizationId: string; facilityId: string; created: boolean }> {
  const result = { organizationId: DEMO_ORGANIZATION_ID, facilityId: DEMO_FACILITY_ID };
  return db.transaction(async (tx) => {
    // The organisation's row first: when several instances seed one empty database at once, the
    // others wait on this row until the first commits, then insert nothing and stop here.
    const inserted = await tx
      .insert(organizations)
      .values({ id: DEMO_ORGANIZATION_ID, name: "Riverside Health System" })
      .onConflictDoNothing()
      .returning({ id: organizations.id });
    if (inserted.length === 0) return { ...result, created: false };
    await insertAll(tx);
    return { ...result, created: true };
  });
}

/** Everything of the demo facility but its organisation (seedDemo inserts that first). */
async function insertAll(tx: Transaction): Promise<void> {
  const facilityId = DEMO_FACILITY_ID;

  await tx
    .insert(facilities)
    .values({
      id: facilityId,
      organizationId: DEMO_ORGANIZATION_ID,
      name: "St. Catherine Medical Center",
      owner: "Riverside Health System",
      systemName: "Riverside Health System",
      divisionName: "Northeast Region",
      timeZone: "US/Eastern",
      annualHoursPerFte: 2080,
    })
    .onConflictDoNothing();
  await tx
    .insert(facilityBudgetSettings)
    .values({
      facilityId,
      prnStaffValue: 0.2,
      fiscalYearMonthsBegin: 7,
      fiscalYearDaysBegin: 1,
      budgetSeasonBeginMonth: 3,
      budgetSeasonBeginDay: 1,
      budgetSeasonEndMonth: 5,
      budgetSeasonEndDay: 31,
      nextPayPeriodBegin: 1,
      nextPayPeriodEnd: 14,
    })
    .onConflictDoNothing();
  await tx
    .insert(facilityShiftSettings)
    .values({
      facilityId,
      dayShiftStart: "0700",
      dayShiftEnd: "1930",
      eveningShiftStart: "1500",
      eveningShiftEnd: "2330",
      nightShiftStart: "1900",
      nightShiftEnd: "0730",
      startDay: 1,
      endDay: 7,
      dropdownStartTime: "0000",
      dropdownEndTime: "2400",
      emailContact: "staffing@stcatherine.example",
    })
    .onConflictDoNothing();

  await tx
    .insert(jobCategories)
    .values([...JOB_CATEGORIES])
    .onConflictDoNothing();
  await tx
    .insert(jobs)
    .values(
      JOBS.map((j, i) => ({
        id: demoId("job", i + 1),
        facilityId,
        name: j.name,
        categoryId: j.categoryId,
        isExempt: j.isExempt,
        isDirectCare: JOB_CATEGORIES.find((c) => c.id === j.categoryId)?.isDirectCare ?? true,
      })),
    )
    .onConflictDoNothing();
  await tx
    .insert(educationLevels)
    .values(EDUCATION_LEVELS.map((name, i) => ({ id: demoId("education", i + 1), facilityId, name })))
    .onConflictDoNothing();
  await tx
    .insert(costCenters)
    .values(
      DEMO_COST_CENTERS.map((c, i) => ({ id: demoId("costCenter", i + 1), facilityId, code: c.code, name: c.name })),
    )
    .onConflictDoNothing();
  await tx
    .insert(positions)
    .values(POSITIONS.map((p, i) => ({ id: demoId("position", i + 1), facilityId, ...p })))
    .onConflictDoNothing();

  const generated = generateStaff();
  for (const rows of chunks(generated.staff)) await tx.insert(staff).values(rows).onConflictDoNothing();
  for (const rows of chunks(generated.memberships)) await tx.insert(costCenterStaff).values(rows).onConflictDoNothing();

  const { userRows, permissionRows } = buildUsers(generated);
  for (const rows of chunks(userRows)) await tx.insert(users).values(rows).onConflictDoNothing();
  for (const rows of chunks(permissionRows)) await tx.insert(costCenterPermissions).values(rows).onConflictDoNothing();

  // Passwords are hashed only here, on the creating run.
  const credentialRows = await Promise.all(
    (Object.keys(DEMO_USER_IDS) as (keyof typeof DEMO_USER_IDS)[]).map(async (kind) => ({
      userId: DEMO_USER_IDS[kind],
      passwordHash: await hashPassword(DEMO_ACCOUNTS[kind].password),
    })),
  );
  await tx.insert(localCredentials).values(credentialRows).onConflictDoNothing();

  await tx
    .insert(adminTasks)
    .values(
      adminTaskNameEnum.enumValues.map((taskName) => ({
        facilityId,
        taskName,
        // The demo's system relationships are defined, and its cost centers have managers.
        taskState:
          taskName === "DefineSystemRelations" || taskName === "AddCostCenters"
            ? ("Completed" as const)
            : ("Pending" as const),
      })),
    )
    .onConflictDoNothing();
}

function buildUsers(generated: Generated): { userRows: UserRow[]; permissionRows: PermissionRow[] } {
  const base = { organizationId: DEMO_ORGANIZATION_ID, facilityId: DEMO_FACILITY_ID };
  const userRows: UserRow[] = [];
  const permissionRows: PermissionRow[] = [];
  let permissionSeq = 0;
  const staffByKey = (key: string) => {
    const id = generated.staffIdByKey.get(key);
    if (!id) throw new Error(`no staff for ${key}`);
    return generated.staff.find((s) => s.id === id) as StaffRow;
  };
  const permit = (
    userId: string,
    grants: readonly (readonly [
      CostCenterCode,
      { fte: number | null; completeWizard?: boolean; manageStaff?: boolean; readOnly?: boolean; executive?: boolean },
    ])[],
  ) => {
    grants.forEach(([code, g], sortOrder) => {
      permissionRows.push({
        id: demoId("permission", ++permissionSeq),
        userId,
        costCenterId: costCenterId(code),
        fte: g.fte,
        completeWizard: g.completeWizard ?? false,
        manageStaff: g.manageStaff ?? false,
        readOnly: g.readOnly ?? !(g.completeWizard || g.manageStaff),
        executive: g.executive ?? false,
        sortOrder,
      });
    });
  };
  const executiveOver = (codes: readonly CostCenterCode[]) =>
    codes.map((code) => [code, { fte: EXECUTIVE_FTE, readOnly: true, executive: true }] as const);
  const allCodes = DEMO_COST_CENTERS.map((c) => c.code);

  // The three demo accounts; they have signed in before, so identitySubject is set.
  const { admin, exec, user } = DEMO_ACCOUNTS;
  userRows.push({
    ...base,
    id: DEMO_USER_IDS.admin,
    identitySubject: DEMO_USER_IDS.admin,
    email: admin.email,
    firstName: admin.firstName,
    lastName: admin.lastName,
    userType: "Admin",
    positionId: positionId("Software Admin"),
  });
  userRows.push({
    ...base,
    id: DEMO_USER_IDS.exec,
    identitySubject: DEMO_USER_IDS.exec,
    email: exec.email,
    firstName: exec.firstName,
    lastName: exec.lastName,
    userType: "User",
    positionId: positionId("Chief Nursing Officer"),
  });
  permit(DEMO_USER_IDS.exec, executiveOver(allCodes));
  userRows.push({
    ...base,
    id: DEMO_USER_IDS.user,
    identitySubject: DEMO_USER_IDS.user,
    staffId: generated.staffIdByKey.get("manager") ?? null,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    userType: "User",
    positionId: positionId("Nurse Manager"),
  });
  permit(DEMO_USER_IDS.user, [
    ["6010", { fte: 0.6, completeWizard: true, manageStaff: true }],
    ["6020", { fte: 0.4, completeWizard: true, manageStaff: true }],
    // Read-only on Telemetry: no FTE there (0 keeps the FTE sum equal to the staff FTE).
    ["6030", { fte: 0, readOnly: true }],
  ]);

  // Further users drawn from the staff; not yet signed in (identitySubject null), no password.
  let userSeq = 3;
  const staffUser = (
    key: string,
    title: PositionTitle,
    extra: { uploadChange?: boolean; notes?: string } = {},
  ): string => {
    const s = staffByKey(key);
    const id = demoId("user", ++userSeq);
    userRows.push({
      ...base,
      id,
      staffId: s.id,
      identitySubject: null,
      email: s.email ?? emailFor(s.firstName, s.lastName),
      firstName: s.firstName,
      middleName: s.middleName ?? null,
      lastName: s.lastName,
      userType: "User",
      positionId: positionId(title),
      uploadChange: extra.uploadChange ?? false,
      notes: extra.notes ?? null,
    });
    return id;
  };
  const fteOf = (key: string) => staffByKey(key).assignedFte ?? 0;

  permit(staffUser("nm-icu", "Nurse Manager"), [
    ["6040", { fte: fteOf("nm-icu"), completeWizard: true, manageStaff: true }],
  ]);
  permit(staffUser("nm-ed", "Nurse Manager"), [
    ["6060", { fte: fteOf("nm-ed"), completeWizard: true, manageStaff: true }],
  ]);
  permit(staffUser("nm-ld", "Nurse Manager"), [
    ["6070", { fte: fteOf("nm-ld"), completeWizard: true, manageStaff: true }],
  ]);
  permit(staffUser("anm-sdu", "Assistant Nurse Manager"), [["6050", { fte: fteOf("anm-sdu"), readOnly: true }]]);
  permit(staffUser("cn-3w", "Charge Nurse", { notes: "Nights" }), [["6010", { fte: fteOf("cn-3w"), readOnly: true }]]);
  permit(staffUser("cn-icu", "Charge Nurse", { uploadChange: true }), [
    ["6040", { fte: fteOf("cn-icu"), readOnly: true }],
  ]);
  permit(staffUser("don", "Director of Nursing"), executiveOver(["6010", "6020", "6030", "6040"]));
  permit(staffUser("cfo", "Chief Financial Officer"), executiveOver(allCodes));
  // Two users with no permissions at all: the user-access screen shows them as UNASSIGNED.
  staffUser("sn-noperm", "Staff Nurse", { notes: "Awaiting cost center access" });
  staffUser("cn-noperm", "Charge Nurse");

  return { userRows, permissionRows };
}
