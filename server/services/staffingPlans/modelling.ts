// Modelling (issue #14): what-ifs on a cost center's plan, kept as named scenarios, and carried into
// the wizard only when the manager says so. The figures come from `modelFigures` in schema/, which
// the screen runs as the manager types and `POST /api/staffing/model` runs here on the same basis.
import { and, asc, eq, sql } from "drizzle-orm";
import type { Database, Queryable } from "../../../db/client";
import { facilities, jobs, modellingScenarios, staffingPlans, users } from "../../../db/schema";
import {
  checkModelInputs,
  type HeldPosition,
  MODELLING_LIMITS,
  MODELLING_MESSAGES,
  type ModelInputs,
  type ModelRole,
  modelBasis,
  modelFigures,
  modelInputsOf,
  type RequestedPosition,
  SAMPLE_UNIT_DEFINITION,
} from "../../../schema/staffing";
import { auditEntry, recordAudit } from "../audit";
import { DomainError, notFound, requireUuid } from "../errors";
import type { Viewer } from "../viewer";
import { type Access, access } from "./access";
import { planForEdit } from "./edit";
import { createRole, updateRole } from "./roles";
import { saveUnitDefinition } from "./unitDefinition";
import { buildView, contractCoverageIn, type PlanView, type WizardView } from "./view";

export type ModellingJob = { id: string; name: string; isDirectCare: boolean };
export type ModellingScenario = {
  id: string;
  planId: string;
  name: string;
  inputs: ModelInputs;
  createdByName: string | null;
  updatedAt: Date;
};

/** What the modelling screen needs: the saved plan as model inputs, and what a model does not change. */
export type Modelling = {
  costCenterId: string;
  costCenterCode: string;
  costCenterName: string;
  budgetYear: number;
  /** The cost center's Complete Wizard holder keeps scenarios and carries them into the wizard. */
  canEdit: boolean;
  annualHoursPerFte: number;
  averageHourlyRate: number | null;
  jobs: ModellingJob[];
  plan: {
    id: string;
    lockedAt: Date | null;
    needsReverification: boolean;
    inputs: ModelInputs;
    held: HeldPosition[];
    requested: RequestedPosition[];
    scenarios: ModellingScenario[];
  } | null;
};

/** `modelling(costCenterId)`: the cost center's plan of the budget year, ready to model, for its readers. */
export async function getModelling(db: Queryable, viewer: Viewer, costCenterId: string): Promise<Modelling> {
  const granted = await access(db, viewer, costCenterId, "read");
  const [view, facilityJobs, rate] = await Promise.all([
    buildView(db, granted, new Date()),
    jobsOf(db, granted.costCenter.facilityId),
    averageHourlyRateOf(db, granted.costCenter.facilityId),
  ]);
  const plan = view.plan;
  return {
    costCenterId: view.costCenterId,
    costCenterCode: view.costCenterCode,
    costCenterName: view.costCenterName,
    budgetYear: view.budgetYear,
    canEdit: view.canEdit,
    annualHoursPerFte: view.annualHoursPerFte,
    averageHourlyRate: rate,
    jobs: facilityJobs,
    plan: plan && {
      id: plan.id,
      lockedAt: plan.lockedAt,
      needsReverification: plan.needsReverification,
      inputs: inputsOfPlan(plan),
      held: heldOfPlan(plan, granted),
      requested: requestedOfPlan(plan),
      scenarios: await scenariosOf(db, plan.id),
    },
  };
}

/**
 * `POST /api/staffing/model`: the model's figures for unsaved inputs against the cost center's plan
 * (its staff positions and requisitions), nothing saved. The budgets may be left out, as in step 1.
 */
export async function modelStaffing(db: Queryable, viewer: Viewer, costCenterId: string, input: unknown) {
  const inputs = validInputs(input);
  const modelling = await getModelling(db, viewer, costCenterId);
  if (modelling.plan) assertRolesOfPlan(inputs, modelling.plan.inputs);
  else if (inputs.roles.some((role) => role.unitRoleId))
    throw new DomainError("invalid", MODELLING_MESSAGES.unknownRole);
  return {
    ...modelFigures(
      inputs,
      modelBasis({ ...modelling, held: modelling.plan?.held ?? [], requested: modelling.plan?.requested ?? [] }),
    ),
    annualHoursPerFte: modelling.annualHoursPerFte,
    averageHourlyRate: modelling.averageHourlyRate,
  };
}

/** Keeps a named scenario of the plan (a new one without `scenarioId`), for the cost center's wizard holder. */
export async function saveScenario(
  db: Database,
  viewer: Viewer,
  planId: string,
  scenarioId: string | null,
  name: unknown,
  input: unknown,
): Promise<ModellingScenario> {
  requireUuid(planId, "staffing plan");
  const scenarioName = typeof name === "string" ? name.trim() : "";
  if (scenarioName.length === 0 || scenarioName.length > MODELLING_LIMITS.scenarioNameMax)
    throw new DomainError("invalid", MODELLING_MESSAGES.scenarioName, { name: MODELLING_MESSAGES.scenarioName });
  const inputs = validInputs(input);
  return db.transaction(async (tx) => {
    const { plan } = await planOfScenarios(tx, viewer, planId);
    const modelling = await getModelling(tx, viewer, plan.costCenterId);
    assertRolesOfPlan(inputs, modelling.plan?.inputs ?? { roles: [] });
    const existing = modelling.plan?.scenarios ?? [];
    if (scenarioId !== null && !existing.some((s) => s.id === scenarioId)) throw notFound("Scenario");
    if (existing.some((s) => s.id !== scenarioId && s.name.toLowerCase() === scenarioName.toLowerCase()))
      throw new DomainError("conflict", MODELLING_MESSAGES.scenarioNameTaken, {
        name: MODELLING_MESSAGES.scenarioNameTaken,
      });
    if (scenarioId === null && existing.length >= MODELLING_LIMITS.scenariosPerPlan)
      throw new DomainError("conflict", MODELLING_MESSAGES.tooManyScenarios);
    const before = existing.find((s) => s.id === scenarioId) ?? null;
    const [row] =
      scenarioId === null
        ? await tx
            .insert(modellingScenarios)
            .values({ planId, name: scenarioName, inputs, createdByUserId: viewer.userId })
            .returning({ id: modellingScenarios.id })
        : await tx
            .update(modellingScenarios)
            .set({ name: scenarioName, inputs, updatedAt: new Date() })
            .where(eq(modellingScenarios.id, scenarioId))
            .returning({ id: modellingScenarios.id });
    const saved = (await scenariosOf(tx, planId)).find((s) => s.id === row?.id) as ModellingScenario;
    await recordAudit(
      tx,
      auditEntry(viewer, before ? "modelling_scenario.update" : "modelling_scenario.create", saved.id, before, saved),
    );
    return saved;
  });
}

/** Deletes a scenario (the plan is untouched), for the cost center's wizard holder. */
export async function deleteScenario(db: Database, viewer: Viewer, scenarioId: string): Promise<string> {
  return db.transaction(async (tx) => {
    const scenario = await scenarioForEdit(tx, viewer, scenarioId);
    await tx.delete(modellingScenarios).where(eq(modellingScenarios.id, scenarioId));
    await recordAudit(tx, auditEntry(viewer, "modelling_scenario.delete", scenarioId, scenario, null));
    return scenarioId;
  });
}

/**
 * Makes a scenario the plan: its unit definition, its changed roles and its new roles, all or
 * nothing, through the wizard's own steps (so every change is audited and the plan's later steps
 * go back to InProgress: the plan must be reviewed and attested again). A locked plan is refused.
 */
export async function carryScenarioIntoWizard(db: Database, viewer: Viewer, scenarioId: string): Promise<WizardView> {
  return db.transaction(async (tx) => {
    const scenario = await scenarioForEdit(tx, viewer, scenarioId);
    const { granted, plan } = await planForEdit(tx, viewer, scenario.planId);
    const modelling = await getModelling(tx, viewer, plan.costCenterId);
    const saved = modelling.plan?.inputs ?? { roles: [] as ModelRole[] };
    const inputs = validInputs(scenario.inputs);
    assertRolesOfPlan(inputs, saved);
    const { roles, ...unit } = inputs;
    // The wizard's steps, each in a savepoint of this one transaction; what the scenario left as it
    // was is not touched (no audit entry, no step sent back for it).
    const step = tx as unknown as Database;
    if (modelling.plan === null || unitShape(unit) !== unitShape(modelling.plan.inputs))
      await saveUnitDefinition(step, viewer, plan.id, unit);
    const savedRoles = new Map(saved.roles.map((role) => [role.unitRoleId, roleShape(role)]));
    for (const { unitRoleId, ...role } of roles) {
      if (unitRoleId === null) await createRole(step, viewer, plan.id, role);
      else if (roleShape(role) !== savedRoles.get(unitRoleId)) await updateRole(step, viewer, unitRoleId, role);
    }
    await recordAudit(tx, auditEntry(viewer, "modelling_scenario.carry", scenarioId, saved, inputs));
    return buildView(tx, granted, new Date());
  });
}

const unitShape = (unit: Omit<ModelInputs, "roles">) =>
  JSON.stringify([
    unit.census,
    unit.careTeamTarget,
    unit.nonProductiveGoalPercentage,
    unit.targetOvertimePercentage,
    unit.productiveFteBudget,
    unit.totalPaidFteBudget,
  ]);
const roleShape = (role: Omit<ModelRole, "unitRoleId">) =>
  JSON.stringify([
    role.jobId,
    role.name,
    role.isExempt,
    role.fte,
    role.replacement,
    role.unpaidBreakMinutes,
    role.shifts.map((s) => [s.shift, s.startTime, s.durationHours, s.staffPerShift]),
  ]);

function validInputs(input: unknown): ModelInputs {
  const check = checkModelInputs(input);
  if (check.ok) return check.inputs;
  const [first] = Object.values(check.problems);
  throw new DomainError("invalid", first ?? "The model is invalid", check.problems);
}

function assertRolesOfPlan(inputs: ModelInputs, saved: Pick<ModelInputs, "roles">) {
  const known = new Set(saved.roles.map((role) => role.unitRoleId));
  if (inputs.roles.some((role) => role.unitRoleId !== null && !known.has(role.unitRoleId)))
    throw new DomainError("invalid", MODELLING_MESSAGES.unknownRole);
}

/** The plan behind a scenario list, for the cost center's wizard holder; a signed plan keeps scenarios too. */
async function planOfScenarios(db: Queryable, viewer: Viewer, planId: string) {
  const [plan] = await db
    .select({ id: staffingPlans.id, costCenterId: staffingPlans.costCenterId })
    .from(staffingPlans)
    .where(eq(staffingPlans.id, planId));
  if (!plan) throw notFound("Staffing plan");
  await access(db, viewer, plan.costCenterId, "edit");
  return { plan };
}

async function scenarioForEdit(db: Queryable, viewer: Viewer, scenarioId: string) {
  requireUuid(scenarioId, "scenario");
  const [row] = await db
    .select({ planId: modellingScenarios.planId })
    .from(modellingScenarios)
    .where(eq(modellingScenarios.id, scenarioId));
  if (!row) throw notFound("Scenario");
  await planOfScenarios(db, viewer, row.planId);
  return (await scenariosOf(db, row.planId)).find((s) => s.id === scenarioId) as ModellingScenario;
}

async function scenariosOf(db: Queryable, planId: string): Promise<ModellingScenario[]> {
  return db
    .select({
      id: modellingScenarios.id,
      planId: modellingScenarios.planId,
      name: modellingScenarios.name,
      inputs: modellingScenarios.inputs,
      createdByName: sql<string | null>`${users.firstName} || ' ' || ${users.lastName}`,
      updatedAt: modellingScenarios.updatedAt,
    })
    .from(modellingScenarios)
    .leftJoin(users, eq(users.id, modellingScenarios.createdByUserId))
    .where(eq(modellingScenarios.planId, planId))
    .orderBy(sql`lower(${modellingScenarios.name})`);
}

function jobsOf(db: Queryable, facilityId: string): Promise<ModellingJob[]> {
  return db
    .select({ id: jobs.id, name: jobs.name, isDirectCare: jobs.isDirectCare })
    .from(jobs)
    .where(eq(jobs.facilityId, facilityId))
    .orderBy(sql`lower(${jobs.name})`, asc(jobs.id));
}

async function averageHourlyRateOf(db: Queryable, facilityId: string): Promise<number | null> {
  const [row] = await db
    .select({ rate: facilities.averageHourlyRate })
    .from(facilities)
    .where(and(eq(facilities.id, facilityId)));
  return row?.rate ?? null;
}

/** The plan as model inputs; a unit definition not yet entered starts from the sample model. */
function inputsOfPlan(plan: PlanView): ModelInputs {
  return modelInputsOf({
    ...plan,
    census: plan.census ?? SAMPLE_UNIT_DEFINITION.census,
    careTeamTarget: plan.careTeamTarget ?? SAMPLE_UNIT_DEFINITION.careTeamTarget,
    nonProductiveGoalPercentage: plan.nonProductiveGoalPercentage ?? SAMPLE_UNIT_DEFINITION.nonProductiveGoalPercentage,
    targetOvertimePercentage: plan.targetOvertimePercentage ?? SAMPLE_UNIT_DEFINITION.targetOvertimePercentage,
    roles: plan.roles.map((role) => ({ ...role, unitRoleId: role.id })),
  });
}

/** The FTE held per role, shift and staff type (travellers per share of the year covered), as the wizard counts it. */
function heldOfPlan(plan: PlanView, granted: Access): HeldPosition[] {
  const coverageOf = contractCoverageIn(plan.budgetYear, granted.budget);
  const roleOf = new Map(plan.roles.map((role) => [role.id, role]));
  const personOf = new Map(plan.staff.map((person) => [person.staffId, person]));
  const held = new Map<string, HeldPosition>();
  for (const position of plan.staffPositions) {
    const role = position.unitRoleId ? roleOf.get(position.unitRoleId) : undefined;
    const person = personOf.get(position.staffId);
    if (!role || !person) continue;
    const coverage = coverageOf(person.staffType, person.contractEndDate);
    const key = `${role.id}|${position.shift ?? ""}|${person.staffType}|${coverage}`;
    const entry = held.get(key);
    if (entry) entry.fte += position.fte;
    else
      held.set(key, {
        roleKey: role.id,
        shift: position.shift,
        fte: position.fte,
        staffType: person.staffType,
        isExempt: role.isExempt,
        coverage,
      });
  }
  return [...held.values()];
}

function requestedOfPlan(plan: PlanView): RequestedPosition[] {
  return plan.openPositions.map((open) => ({
    roleKey: open.unitRoleId,
    shift: open.shift,
    fte: open.fte,
    isTraveller: open.isTraveller,
  }));
}
