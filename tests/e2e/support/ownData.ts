import type { Page } from "@playwright/test";
import { DEMO_USER_IDS, demoId } from "../../../db/seed/demo";
import { UPLOAD_COLUMNS } from "../../../schema/uploads";
import { signIn } from "./signIn";
import { test as base, expect } from "./test";

/**
 * Browser tests own their data (issue #12): each test makes the cost center, staff and plan it
 * changes, through GraphQL, so a retry starts from clean data and no test leans on another's
 * leftovers. Whatever must change for the whole facility (its settings, the demo manager's
 * permissions) is put back in a fixture's teardown, which runs even when the test fails or times out.
 */

// biome-ignore lint/suspicious/noExplicitAny: GraphQL answers are read field by field and asserted.
export type Json = Record<string, any>;

/**
 * A GraphQL call with the page's signed-in token, sent as a script sends it (the app's pages run
 * only the app's own operations); the whole answer, errors included.
 */
export async function graphqlAsPage(page: Page, query: string, variables: Record<string, unknown> = {}): Promise<Json> {
  const token = await page.evaluate(() => sessionStorage.getItem("accessToken"));
  const response = await page.request.post("/graphql", {
    headers: { authorization: `Bearer ${token}` },
    data: { query, variables },
  });
  return (await response.json()) as Json;
}

/** A GraphQL call as the page's signed-in account; the call must have no GraphQL errors. */
export async function gql(page: Page, query: string, variables: Record<string, unknown> = {}): Promise<Json> {
  const answer = await graphqlAsPage(page, query, variables);
  expect(answer.errors, JSON.stringify(answer.errors)).toBeUndefined();
  return answer.data as Json;
}

/** Each mutation answers a success type (`Mutation…Success`) or a DomainError; the test wants success. */
export async function mutate(
  page: Page,
  field: string,
  query: string,
  variables: Record<string, unknown> = {},
): Promise<Json> {
  const data = await gql(page, query, variables);
  expect(data[field].__typename, JSON.stringify(data[field])).toMatch(/^Mutation.*Success$/);
  return data[field].data as Json;
}

/**
 * Sends a mutation `field(input: $input)` straight to the API as the page's account, past the form's
 * own checks: the server must refuse it with a DomainError that names the field and its rule.
 */
export async function expectServerRefusal(
  page: Page,
  mutation: { field: string; inputType: string; input: Record<string, unknown> },
  fieldError: { field: string; message: string },
): Promise<void> {
  const { field, inputType, input } = mutation;
  const data = await gql(
    page,
    `mutation ($input: ${inputType}!) { ${field}(input: $input) {
      __typename ... on DomainError { message fieldErrors { field message } } } }`,
    { input },
  );
  expect(data[field].__typename).toBe("DomainError");
  expect(data[field].fieldErrors).toContainEqual(fieldError);
}

/** The selection of a mutation's answer: the success's `data { … }`, else the DomainError's message. */
const answer = (success: string, selection: string) =>
  `__typename ... on ${success} { data { ${selection} } } ... on DomainError { message }`;

let sequence = 0;
/** Digits unique to this try (a retry runs in a new worker, so it gets new ones). */
export function uniqueDigits(): string {
  sequence += 1;
  return `${String(Date.now()).slice(-8)}${String(sequence % 100).padStart(2, "0")}`;
}
/** Letters and digits unique to this try, for names, employee ids and e-mails. */
export function uniqueWord(): string {
  sequence += 1;
  return `${Date.now().toString(36)}${sequence.toString(36)}`;
}

// ---------------------------------------------------------------------------------------------
// Cost centers, permissions, staff
// ---------------------------------------------------------------------------------------------

export type OwnCostCenter = { id: string; code: string; name: string };

/** A new cost center with a number unique to this try (7 + 10 digits). */
export async function createCostCenter(admin: Page, name = "Own Data Unit"): Promise<OwnCostCenter> {
  const code = `7${uniqueDigits()}`;
  const fullName = `${name} ${code.slice(-4)}`;
  const created = await mutate(
    admin,
    "createCostCenter",
    `mutation ($input: CostCenterInput!) { createCostCenter(input: $input) {
      ${answer("MutationCreateCostCenterSuccess", "id code name")} } }`,
    { input: { code, name: fullName } },
  );
  return { id: created.id as string, code: created.code as string, name: created.name as string };
}

const UPDATE_ACCESS = `mutation ($id: ID!, $input: UpdateUserAccessInput!) { updateUserAccess(id: $id, input: $input) {
  ${answer("MutationUpdateUserAccessSuccess", "id")} } }`;

/** The non-executive ones of a user's permissions, as an update states them. */
const nonExecutivePermissions = (permissions: Json[]): Json[] =>
  permissions
    .filter((p) => !p.executive)
    .map(({ costCenterId, completeWizard, manageStaff, readOnly, fte }) => ({
      costCenterId,
      completeWizard,
      manageStaff,
      readOnly,
      fte,
    }));

/** A user's non-executive permissions as an update states them, and their notes. */
async function permissionsOf(admin: Page, userId: string): Promise<{ kept: Json[]; notes: string | null }> {
  const { user } = await gql(
    admin,
    `query ($id: ID!) { user(id: $id) { notes costCenterPermissions { costCenterId completeWizard manageStaff readOnly executive fte } } }`,
    { id: userId },
  );
  return { kept: nonExecutivePermissions(user.costCenterPermissions as Json[]), notes: user.notes as string | null };
}

/**
 * Gives a user (the demo manager by default) Complete Wizard on cost centers, keeping every
 * permission they hold. The added ones carry FTE 0: the permissions' FTEs must still add up to the
 * person's assigned FTE, and FTE 0 makes no staff membership, so the manager is no staff row there.
 */
export async function grantCompleteWizard(
  admin: Page,
  costCenterIds: readonly string[],
  userId: string = DEMO_USER_IDS.user,
  { manageStaff = false }: { manageStaff?: boolean } = {},
): Promise<void> {
  const { kept, notes } = await permissionsOf(admin, userId);
  const added = costCenterIds
    .filter((id) => !kept.some((p) => p.costCenterId === id))
    .map((costCenterId) => ({ costCenterId, completeWizard: true, manageStaff, readOnly: false, fte: 0 }));
  await mutate(admin, "updateUserAccess", UPDATE_ACCESS, {
    id: userId,
    input: { costCenterPermissions: [...kept, ...added], executive: false, notes },
  });
}

/** Changes what a user (the demo manager by default) may do on one cost center they hold a permission on. */
export async function changePermission(
  admin: Page,
  costCenterId: string,
  flags: { completeWizard: boolean; manageStaff: boolean; readOnly: boolean },
  userId: string = DEMO_USER_IDS.user,
): Promise<void> {
  const { kept, notes } = await permissionsOf(admin, userId);
  await mutate(admin, "updateUserAccess", UPDATE_ACCESS, {
    id: userId,
    input: {
      costCenterPermissions: kept.map((p) => (p.costCenterId === costCenterId ? { ...p, ...flags } : p)),
      executive: false,
      notes,
    },
  });
}

/** The demo executive's cost centers as an update states them (executive, read-only, FTE 0). */
async function executiveCostCenters(admin: Page, userId: string): Promise<{ ids: string[]; notes: string | null }> {
  const { user } = await gql(
    admin,
    `query ($id: ID!) { user(id: $id) { notes costCenterPermissions { costCenterId executive } } }`,
    { id: userId },
  );
  const ids = (user.costCenterPermissions as Json[]).filter((p) => p.executive).map((p) => p.costCenterId as string);
  return { ids, notes: user.notes as string | null };
}

/** Sets the executive's cost centers (the demo executive by default) to exactly these. */
export async function setExecutiveCostCenters(
  admin: Page,
  costCenterIds: readonly string[],
  userId: string = DEMO_USER_IDS.exec,
): Promise<void> {
  const { notes } = await executiveCostCenters(admin, userId);
  await mutate(admin, "updateUserAccess", UPDATE_ACCESS, {
    id: userId,
    input: {
      costCenterPermissions: costCenterIds.map((costCenterId) => ({
        costCenterId,
        completeWizard: false,
        manageStaff: false,
        readOnly: true,
        fte: 0,
      })),
      executive: true,
      notes,
    },
  });
}

/** Adds cost centers to the executive's (the demo executive by default); answers the ones held before. */
export async function grantExecutive(
  admin: Page,
  costCenterIds: readonly string[],
  userId: string = DEMO_USER_IDS.exec,
): Promise<string[]> {
  const { ids } = await executiveCostCenters(admin, userId);
  await setExecutiveCostCenters(admin, [...new Set([...ids, ...costCenterIds])], userId);
  return ids;
}

/** Takes a user's permissions on these cost centers away again, keeping every other one as it is now. */
export async function revokeCostCenters(
  admin: Page,
  costCenterIds: readonly string[],
  userId: string = DEMO_USER_IDS.user,
): Promise<void> {
  const { kept, notes } = await permissionsOf(admin, userId);
  const left = kept.filter((p) => !costCenterIds.includes(p.costCenterId));
  if (left.length === kept.length) return;
  await mutate(admin, "updateUserAccess", UPDATE_ACCESS, {
    id: userId,
    input: { costCenterPermissions: left, executive: false, notes },
  });
}

/** The seed's positions (job titles of the user access list) by their place in db/seed/demo.ts. */
export const POSITION_IDS = {
  chargeNurse: demoId("position", 7),
  staffNurse: demoId("position", 8),
} as const;

export type StaffSpec = {
  firstName: string;
  /** Defaults to a word unique to this try, so e-mails and employee ids never collide. */
  lastName?: string;
  /** Regular and traveller FTE; a PRN always gets the facility's PRN FTE standard (the server's rule). */
  fte?: number;
  type?: "Regular" | "Traveller" | "PRN";
  /** YYYY-MM-DD; required for a traveller. */
  contractDate?: string;
  /** A position of the user access list; Staff Nurse unless told. */
  positionId?: string;
};

export type StaffMember = {
  userId: string;
  staffId: string;
  firstName: string;
  lastName: string;
  name: string;
  email: string;
  employeeId: string;
  fte: number;
  type: "Regular" | "Traveller" | "PRN";
};

/** The facility's PRN FTE standard now. */
export async function facilityPrnStandard(admin: Page): Promise<number> {
  const { facilitySettings } = await gql(admin, "{ facilitySettings { budgetSettings { prnStaffValue } } }");
  return facilitySettings.budgetSettings.prnStaffValue as number;
}

/**
 * A new staff member (and user, invited as the add-user form does) in one cost center with their
 * FTE there: `addUserOutsideOrganization` with one permission, neither Complete Wizard nor Manage Staff.
 */
export async function addStaff(admin: Page, costCenterId: string, spec: StaffSpec): Promise<StaffMember> {
  const type = spec.type ?? "Regular";
  const fte = type === "PRN" ? await facilityPrnStandard(admin) : (spec.fte ?? 1);
  const lastName = spec.lastName ?? `Own${uniqueWord()}`;
  const word = uniqueWord();
  const email = `${spec.firstName}.${lastName}.${word}@example.test`.toLowerCase();
  const user = await mutate(
    admin,
    "addUserOutsideOrganization",
    `mutation ($input: AddUserOutsideInput!) { addUserOutsideOrganization(input: $input) {
      ${answer("MutationAddUserOutsideOrganizationSuccess", "id staffId")} } }`,
    {
      input: {
        positionId: spec.positionId ?? POSITION_IDS.staffNurse,
        empId: `OWN-${word}`,
        dateOfHire: "2024-03-15",
        assignedFte: fte,
        isTraveller: type === "Traveller",
        prn: type === "PRN",
        contractDate: spec.contractDate ?? null,
        firstName: spec.firstName,
        lastName,
        executive: false,
        email,
        costCenterPermissions: [{ costCenterId, fte, completeWizard: false, manageStaff: false, readOnly: false }],
      },
    },
  );
  return {
    userId: user.id as string,
    staffId: user.staffId as string,
    firstName: spec.firstName,
    lastName,
    name: `${spec.firstName} ${lastName}`,
    email,
    employeeId: `OWN-${word}`,
    fte,
    type,
  };
}

const DELETE_USER = `mutation ($id: ID!, $input: DeleteUserInput!) { deleteUser(id: $id, input: $input) {
  ${answer("MutationDeleteUserSuccess", "id")} } }`;

/**
 * Deletes a user and their staff record (a voluntary termination): they leave every list. With
 * `ifPresent`, a user the test already deleted is no error (for teardown).
 */
export async function deleteStaff(admin: Page, userId: string, options: { ifPresent?: boolean } = {}): Promise<void> {
  const data = await gql(admin, DELETE_USER, {
    id: userId,
    input: { mode: "userAndStaff", reason: "VoluntaryTermination" },
  });
  const result = data.deleteUser as Json;
  if (options.ifPresent && result.__typename === "DomainError" && /not found/i.test(String(result.message))) return;
  expect(result.__typename, JSON.stringify(result)).toBe("MutationDeleteUserSuccess");
}

/**
 * A staff member who is no user (a candidate of the add-within form), in one cost center: added
 * as a user, then deleted as a user only, kept as staff there.
 */
export async function addStaffCandidate(admin: Page, costCenterId: string, spec: StaffSpec): Promise<StaffMember> {
  const member = await addStaff(admin, costCenterId, spec);
  await mutate(admin, "deleteUser", DELETE_USER, {
    id: member.userId,
    input: { mode: "user", keepInCostCenterId: costCenterId },
  });
  return member;
}

/** Every user of the access list by id: their position, notes and non-executive permissions. */
async function accessList(admin: Page): Promise<Map<string, Json>> {
  const { userAccessibility } = await gql(
    admin,
    `{ userAccessibility { positions { id users { id email notes costCenterPermissions {
      costCenterId completeWizard manageStaff readOnly executive fte } } } } }`,
  );
  const byId = new Map<string, Json>();
  for (const position of userAccessibility.positions as Json[]) {
    for (const user of position.users as Json[]) byId.set(user.id as string, { ...user, positionId: position.id });
  }
  return byId;
}

/** A user's id by e-mail (the access list's users). */
export async function userIdByEmail(admin: Page, email: string): Promise<string> {
  const list = await accessList(admin);
  const found = [...list.values()].find((u) => String(u.email).toLowerCase() === email.toLowerCase());
  expect(found, `a user ${email}`).toBeDefined();
  return found?.id as string;
}

/**
 * A new user through a Users upload (CSV, as the upload screen sends it: a slot, the file PUT to
 * storage, the import queued and followed until it ends). Every uploaded user is marked as changed
 * by an upload (REVIEW on the user access list).
 */
export async function uploadUser(
  admin: Page,
  spec: { costCenterCode: string; firstName: string; lastName: string; positionTitle: string; fte: number },
): Promise<{ userId: string; email: string; name: string }> {
  const email = `${spec.firstName}.${spec.lastName}.${uniqueWord()}@example.test`.toLowerCase();
  const header = UPLOAD_COLUMNS.Users.map((column) => column.header);
  const row = [
    email,
    spec.firstName,
    "",
    spec.lastName,
    "",
    spec.positionTitle,
    "User",
    "No",
    spec.costCenterCode,
    String(spec.fte),
    "No",
    "No",
    "",
  ];
  expect(row).toHaveLength(header.length);
  const csv = `${header.join(",")}\n${row.join(",")}\n`;
  const slot = await mutate(
    admin,
    "requestUploadSlot",
    `mutation ($input: UploadSlotInput!) { requestUploadSlot(input: $input) {
      ${answer("MutationRequestUploadSlotSuccess", "uploadId uploadUrl uploadSasKey")} } }`,
    { input: { kind: "Users", originalFileName: "own-users.csv", fileSize: csv.length } },
  );
  const stored = await admin.evaluate(
    async ({ url, body }) => {
      const response = await fetch(url, {
        method: "PUT",
        headers: { "x-ms-blob-type": "BlockBlob", "content-type": "text/csv" },
        body,
      });
      return response.status;
    },
    { url: `${slot.uploadUrl}?${slot.uploadSasKey}`, body: csv },
  );
  expect(stored).toBeGreaterThanOrEqual(200);
  expect(stored).toBeLessThan(300);
  await mutate(
    admin,
    "completeUpload",
    `mutation ($id: ID!) { completeUpload(uploadId: $id) { ${answer("MutationCompleteUploadSuccess", "id status")} } }`,
    { id: slot.uploadId },
  );
  await expect
    .poll(
      async () => {
        const { upload } = await gql(admin, "query ($id: ID!) { upload(id: $id) { status errors { message } } }", {
          id: slot.uploadId,
        });
        return upload.status === "Error" ? JSON.stringify(upload.errors) : upload.status;
      },
      { timeout: 30_000 },
    )
    .toBe("Success");
  return { userId: await userIdByEmail(admin, email), email, name: `${spec.firstName} ${spec.lastName}` };
}

// ---------------------------------------------------------------------------------------------
// Staffing plans
// ---------------------------------------------------------------------------------------------

export type ShiftName = "Days" | "Evenings" | "Nights";
export type RoleSpec = {
  name: string;
  jobId: string;
  isExempt: boolean;
  fte?: number;
  /** Minutes per shift; the default (30 min on shifts of 8 h or more) when left out. */
  unpaidBreakMinutes?: number;
  shifts?: { shift: ShiftName; startTime: string; durationHours: number; staffPerShift: number }[];
};
export type UnitSpec = {
  census: number;
  careTeamTarget: number;
  nonProductiveGoalPercentage: number;
  targetOvertimePercentage: number;
  productiveFteBudget?: number;
  totalPaidFteBudget?: number;
};
/** A staff member's position in the plan: a role by name, its shift (none for exempt roles), the FTE. */
export type AssignmentSpec = { staffId: string; role: string; shift: ShiftName | null; fte: number };
export type WizardStepName =
  | "UnitDefinition"
  | "DefineRoles"
  | "CreateCareSchedules"
  | "AssignStaff"
  | "FinalizePositionControl";

/** The seed's jobs by their place in db/seed/demo.ts (JOBS). */
export const JOB_IDS = {
  registeredNurse: demoId("job", 1),
  certifiedNursingAssistant: demoId("job", 4),
  unitSecretary: demoId("job", 6),
  nurseManager: demoId("job", 7),
} as const;

/** The small unit several specs plan: census 2 at 6 HPPD, 10 % non-productive, no overtime target. */
export const SMALL_UNIT: UnitSpec = {
  census: 2,
  careTeamTarget: 6,
  nonProductiveGoalPercentage: 10,
  targetOvertimePercentage: 0,
};
/** A Registered Nurse role: one on days from 0700 for 12.5 h (12 paid after the 30 min break). */
export const RN_DAYS: RoleSpec = {
  name: "Registered Nurse",
  jobId: JOB_IDS.registeredNurse,
  isExempt: false,
  shifts: [{ shift: "Days", startTime: "0700", durationHours: 12.5, staffPerShift: 1 }],
};
/** A Unit Secretary role: one on days from 0800 for 8 h (7.5 paid after the 30 min break). */
export const SECRETARY_DAYS: RoleSpec = {
  name: "Unit Secretary",
  jobId: JOB_IDS.unitSecretary,
  isExempt: false,
  shifts: [{ shift: "Days", startTime: "0800", durationHours: 8, staffPerShift: 1 }],
};

const PLAN_FIELDS =
  "plan { id roles { id name } openPositions { id fte shift startTime endTime unitRoleId isTraveller } }";

/**
 * A plan mutation `field(arguments)` declaring `parameters`, as the plan's Complete Wizard holder;
 * answers the plan as PLAN_FIELDS selects it.
 */
async function mutatePlan(
  manager: Page,
  field: string,
  parameters: string,
  args: string,
  variables: Record<string, unknown>,
): Promise<Json> {
  const success = `Mutation${field.charAt(0).toUpperCase()}${field.slice(1)}Success`;
  const data = await mutate(
    manager,
    field,
    `mutation (${parameters}) { ${field}(${args}) { ${answer(success, PLAN_FIELDS)} } }`,
    variables,
  );
  return data.plan as Json;
}

/** Calculates the plan's open positions (what stays unfilled), as step 5's button does. */
export async function calculateOpenPositions(manager: Page, planId: string): Promise<Json> {
  return mutatePlan(manager, "calculateOpenPositions", "$planId: ID!", "planId: $planId", { planId });
}

/** Completes a wizard step, as its main button does. */
export async function completeStep(manager: Page, planId: string, step: WizardStepName): Promise<Json> {
  return mutatePlan(manager, "completeWizardStep", "$planId: ID!, $step: WizardStep!", "planId: $planId, step: $step", {
    planId,
    step,
  });
}

/** Gives an open position of the plan a requisition number, keeping the rest of it. */
export async function setRequisition(manager: Page, open: Json, requisitionNumber: string): Promise<Json> {
  return mutatePlan(manager, "updateOpenPosition", "$id: ID!, $input: OpenPositionInput!", "id: $id, input: $input", {
    id: open.id,
    input: {
      unitRoleId: open.unitRoleId,
      fte: open.fte,
      shift: open.shift,
      startTime: open.startTime,
      endTime: open.endTime,
      isTraveller: open.isTraveller,
      requisitionNumber,
    },
  });
}

/**
 * Begins the cost center's plan as its Complete Wizard holder and builds it up to a step: the unit
 * definition, the roles, the staff's positions, then completes the steps named in order (open
 * positions are calculated before FinalizePositionControl). Answers the plan as the last call left it.
 */
export async function buildPlan(
  manager: Page,
  costCenterId: string,
  options: {
    unit: UnitSpec;
    roles: readonly RoleSpec[];
    assignments?: readonly AssignmentSpec[];
    steps: readonly WizardStepName[];
  },
): Promise<Json> {
  const started = await mutatePlan(manager, "startStaffingPlan", "$id: ID!", "costCenterId: $id", { id: costCenterId });
  const planId = started.id as string;
  let plan = await mutatePlan(
    manager,
    "saveUnitDefinition",
    "$planId: ID!, $input: UnitDefinitionInput!",
    "planId: $planId, input: $input",
    { planId, input: options.unit },
  );
  for (const role of options.roles) {
    plan = await mutatePlan(
      manager,
      "createUnitRole",
      "$planId: ID!, $input: UnitRoleInput!",
      "planId: $planId, input: $input",
      { planId, input: role },
    );
  }
  for (const position of options.assignments ?? []) {
    const role = (plan.roles as Json[]).find((r) => r.name === position.role);
    expect(role, `a role named ${position.role}`).toBeDefined();
    plan = await mutatePlan(
      manager,
      "assignStaffPosition",
      "$planId: ID!, $input: StaffPositionInput!",
      "planId: $planId, input: $input",
      {
        planId,
        input: { staffId: position.staffId, unitRoleId: role?.id, shift: position.shift, fte: position.fte },
      },
    );
  }
  for (const step of options.steps) {
    if (step === "FinalizePositionControl") plan = await calculateOpenPositions(manager, planId);
    plan = await completeStep(manager, planId, step);
  }
  return plan;
}

/**
 * Builds a plan on a cost center as the demo manager, in a page of its own (beside `page`'s) that is
 * closed after; `openPositions` then calculates its open positions as step 5's button does.
 */
export async function buildPlanAsManager(
  page: Page,
  costCenterId: string,
  options: Parameters<typeof buildPlan>[2] & { openPositions?: boolean },
): Promise<Json> {
  const manager = await page.context().browser()?.newPage();
  if (!manager) throw new Error("no browser");
  try {
    await signIn(manager, "user", null);
    const plan = await buildPlan(manager, costCenterId, options);
    return options.openPositions ? await calculateOpenPositions(manager, plan.id as string) : plan;
  } finally {
    await manager.close();
  }
}

/**
 * Runs `read` with the demo executive overseeing these cost centers as well (it gets the executive's
 * cost centers before); the executive's cost centers are put back after, pass or fail.
 */
export async function asExecutiveOf<T>(
  admin: Page,
  costCenterIds: readonly string[],
  read: (before: readonly string[]) => Promise<T>,
): Promise<T> {
  const before = await grantExecutive(admin, costCenterIds);
  try {
    return await read(before);
  } finally {
    await setExecutiveCostCenters(admin, before);
  }
}

/** Opens a wizard step of a cost center as the page's account, and waits for its heading. */
export async function openWizardStep(page: Page, costCenterId: string, path: string, heading: string): Promise<void> {
  await page.evaluate((id) => sessionStorage.setItem("costCenterId", id), costCenterId);
  await page.goto(path);
  await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible();
}

// ---------------------------------------------------------------------------------------------
// Facility-wide settings: a snapshot now, put back in teardown
// ---------------------------------------------------------------------------------------------

const SETTINGS_QUERY = `{
  facilitySettings {
    facilityName facilityOwner systemName divisionName annualHoursPerFte averageHourlyRate timeZone education
    budgetSettings { prnStaffValue fiscalYearMonthsBegin fiscalYearDaysBegin budgetSeasonBeginMonth budgetSeasonBeginDay
      budgetSeasonEndMonth budgetSeasonEndDay nextPayPeriodBegin nextPayPeriodEnd }
    shiftSettings { dayShiftStart dayShiftEnd eveningShiftStart eveningShiftEnd nightShiftStart nightShiftEnd
      otherShiftStart otherShiftEnd dropdownStartTime dropdownEndTime emailContact startDay endDay }
  }
  adminTasks { taskName taskState }
}`;

type FacilitySnapshot = Json;

async function facilitySnapshot(admin: Page): Promise<FacilitySnapshot> {
  return gql(admin, SETTINGS_QUERY);
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** Puts back whatever part of the facility's settings and onboarding tasks differs from the snapshot. */
async function restoreFacility(admin: Page, before: FacilitySnapshot): Promise<void> {
  const now = await facilitySnapshot(admin);
  const was = before.facilitySettings as Json;
  const is = now.facilitySettings as Json;
  // Each settings screen's mutation and the part of the settings it saves; a part the snapshot
  // does not hold is left alone.
  const screens: { field: string; input: string; part: (s: Json) => Json | undefined }[] = [
    {
      field: "defineSystemRelationships",
      input: "SystemRelationshipsInput",
      part: (s) => ({
        facilityName: s.facilityName,
        facilityOwner: s.facilityOwner,
        systemName: s.systemName,
        divisionName: s.divisionName,
      }),
    },
    {
      field: "updateFinancialInformation",
      input: "FinancialInformationInput",
      part: (s) =>
        s.budgetSettings
          ? { ...s.budgetSettings, annualHoursPerFte: s.annualHoursPerFte, averageHourlyRate: s.averageHourlyRate }
          : undefined,
    },
    {
      field: "updateHrGuidelines",
      input: "HrGuidelinesInput",
      part: (s) => (s.shiftSettings ? { ...s.shiftSettings, timeZone: s.timeZone, education: s.education } : undefined),
    },
  ];
  for (const { field, input, part } of screens) {
    if (part(was) === undefined || same(part(was), part(is))) continue;
    const success = `Mutation${field.charAt(0).toUpperCase()}${field.slice(1)}Success`;
    await mutate(
      admin,
      field,
      `mutation ($input: ${input}!) { ${field}(input: $input) { ${answer(success, "id")} } }`,
      { input: part(was) },
    );
  }
  // Saving a screen completes its onboarding task: put each task's state back too.
  const tasksNow = now.adminTasks as Json[];
  for (const task of before.adminTasks as Json[]) {
    if (tasksNow.find((t) => t.taskName === task.taskName)?.taskState === task.taskState) continue;
    await mutate(
      admin,
      "updateAdminTask",
      `mutation ($input: AdminTaskInput!) { updateAdminTask(input: $input) {
        ${answer("MutationUpdateAdminTaskSuccess", "taskName")} } }`,
      { input: { taskName: task.taskName, taskState: task.taskState } },
    );
  }
}

// ---------------------------------------------------------------------------------------------
// Fixtures
// ---------------------------------------------------------------------------------------------

/**
 * Puts back the users of the access list as they were: each one's position, notes and permissions
 * (users added since are left to their own teardown).
 */
async function restoreAccess(admin: Page, before: Map<string, Json>): Promise<void> {
  const now = await accessList(admin);
  const permissions = (user: Json) =>
    nonExecutivePermissions(user.costCenterPermissions as Json[]).sort((a, b) =>
      String(a.costCenterId).localeCompare(String(b.costCenterId)),
    );
  const moves = new Map<string, string[]>();
  for (const [id, was] of before) {
    const is = now.get(id);
    if (!is) continue;
    if (is.positionId !== was.positionId) moves.set(was.positionId, [...(moves.get(was.positionId) ?? []), id]);
    const executive = (was.costCenterPermissions as Json[]).some((p) => p.executive);
    if (executive) continue;
    if (!same(permissions(was), permissions(is)) || was.notes !== is.notes) {
      await mutate(admin, "updateUserAccess", UPDATE_ACCESS, {
        id,
        input: { costCenterPermissions: permissions(was), executive: false, notes: was.notes },
      });
    }
  }
  for (const [positionId, userIds] of moves) {
    await mutate(
      admin,
      "moveStaff",
      `mutation ($target: ID!, $ids: [ID!]!) { moveStaff(targetPositionId: $target, userIds: $ids) {
        ${answer("MutationMoveStaffSuccess", "id")} } }`,
      { target: positionId, ids: userIds },
    );
  }
}

// ---------------------------------------------------------------------------------------------
// Fixtures
// ---------------------------------------------------------------------------------------------

/** A cost center of the test's own (by default with the demo manager's Complete Wizard on it). */
export type OwnUnit = OwnCostCenter & {
  /** `${code} ${name}`, as pickers and permission rows show it. */
  label: string;
  /** Puts a new staff member into the cost center; they are deleted again in teardown. */
  addStaff: (spec: StaffSpec) => Promise<StaffMember>;
  /** A new user of this cost center through a Users upload (REVIEW state); deleted in teardown. */
  uploadUser: (spec: { firstName: string; lastName: string; positionTitle: string; fte: number }) => Promise<{
    userId: string;
    email: string;
    name: string;
  }>;
};

export type OwnDataFixtures = {
  /** A page signed in as the demo admin, in a browser context of its own. */
  admin: Page;
  /**
   * Makes cost centers of the test's own; teardown takes the manager's permissions on them away and
   * deletes the users put in. `grant: false` leaves the manager out; `manageStaff: true` gives them
   * Manage Staff as well.
   */
  ownUnits: { create: (name?: string, options?: { grant?: boolean; manageStaff?: boolean }) => Promise<OwnUnit> };
  /** One new cost center; the demo manager holds Complete Wizard on it until teardown. */
  ownUnit: OwnUnit;
  /** Snapshots the facility's settings and onboarding tasks; teardown puts back what changed. */
  facilitySettings: FacilitySnapshot;
  /** Snapshots every user's position, notes and permissions; teardown puts back what changed. */
  userAccess: Map<string, Json>;
};

export const test = base.extend<OwnDataFixtures>({
  admin: async ({ browser }, use) => {
    const context = await browser.newContext();
    const admin = await context.newPage();
    await signIn(admin, "admin", null);
    await use(admin);
    await context.close();
  },
  ownUnits: async ({ admin }, use) => {
    const granted: string[] = [];
    const users: string[] = [];
    try {
      await use({
        create: async (name, options = {}) => {
          const costCenter = await createCostCenter(admin, name);
          if (options.grant ?? true) {
            granted.push(costCenter.id);
            await grantCompleteWizard(admin, [costCenter.id], DEMO_USER_IDS.user, {
              manageStaff: options.manageStaff ?? false,
            });
          }
          return {
            ...costCenter,
            label: `${costCenter.code} ${costCenter.name}`,
            addStaff: async (spec) => {
              const member = await addStaff(admin, costCenter.id, spec);
              users.push(member.userId);
              return member;
            },
            uploadUser: async (spec) => {
              const user = await uploadUser(admin, { ...spec, costCenterCode: costCenter.code });
              users.push(user.userId);
              return user;
            },
          };
        },
      });
    } finally {
      if (granted.length > 0) await revokeCostCenters(admin, granted);
      for (const userId of users) await deleteStaff(admin, userId, { ifPresent: true });
    }
  },
  ownUnit: async ({ ownUnits }, use) => {
    await use(await ownUnits.create());
  },
  facilitySettings: async ({ admin }, use) => {
    const before = await facilitySnapshot(admin);
    try {
      await use(before);
    } finally {
      await restoreFacility(admin, before);
    }
  },
  userAccess: async ({ admin }, use) => {
    const before = await accessList(admin);
    try {
      await use(before);
    } finally {
      await restoreAccess(admin, before);
    }
  },
});

export { expect };
