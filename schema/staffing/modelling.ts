import {
  emptyRoleTotals,
  type HeldPosition,
  type PlanSummary,
  type PositionNeed,
  type PositionTotals,
  planSummary,
  positionControl,
  positionNeeds,
  type Replacement,
  type RequestedPosition,
  type RoleInput,
  type RolePositionTotals,
} from "./math";
import {
  type RoleRuleInput,
  roleSchema,
  roleSettingsOf,
  shiftOf,
  type UnitDefinitionInput,
  unitDefinitionSchema,
} from "./rules";

export const MODELLING_LIMITS = { scenarioNameMax: 40, scenariosPerPlan: 20, rolesMax: 60 } as const;

export const MODELLING_MESSAGES = {
  scenarioName: `Name the scenario (1 to ${MODELLING_LIMITS.scenarioNameMax} characters).`,
  scenarioNameTaken: "This plan already has a scenario of that name.",
  tooManyScenarios: `A plan keeps at most ${MODELLING_LIMITS.scenariosPerPlan} scenarios; delete one first.`,
  tooManyRoles: `A model may have at most ${MODELLING_LIMITS.rolesMax} roles.`,
  rolesList: "roles must be a list",
  unknownRole: "A role of this scenario is no longer in the plan; add it as a new role or start again from the plan.",
  noPlan: "This cost center has no staffing plan for the budget year yet. Begin one in the wizard to model it.",
  carried: "The scenario is now the plan. Review the wizard's steps and attest the plan again.",
} as const;

/** A role of a model: a role of the plan (`unitRoleId`) as the scenario has it, or a new one (null). */
export type ModelRole = Omit<RoleRuleInput, "replacement"> & { replacement: Replacement; unitRoleId: string | null };
export type ModelInputs = UnitDefinitionInput & { roles: ModelRole[] };

/**
 * The model's inputs and nothing else, from anything that carries them with more (the plan's view
 * with its figures, a checked draft): what is sent as a model and what the figures are made from.
 */
export function modelInputsOf(inputs: ModelInputs): ModelInputs {
  return {
    census: inputs.census,
    careTeamTarget: inputs.careTeamTarget,
    nonProductiveGoalPercentage: inputs.nonProductiveGoalPercentage,
    targetOvertimePercentage: inputs.targetOvertimePercentage,
    productiveFteBudget: inputs.productiveFteBudget,
    totalPaidFteBudget: inputs.totalPaidFteBudget,
    roles: inputs.roles.map((role) => ({
      unitRoleId: role.unitRoleId,
      ...roleSettingsOf(role),
      shifts: role.shifts.map(shiftOf),
    })),
  };
}

/** What the model does not change: the people who hold positions, the requisitions, the facility's figures. */
export type ModelBasis = {
  annualHoursPerFte: number;
  /** The facility's average hourly rate, when finance has set one (Basic Financial Information). */
  averageHourlyRate: number | null;
  /** The facility's jobs' direct-care flags; a role without a job counts as direct care. */
  directCareOfJob: ReadonlyMap<string, boolean>;
  held: readonly HeldPosition[];
  requested: readonly RequestedPosition[];
};

/** The basis from what the server sends: the facility's figures and jobs, the plan's held and requested FTE. */
export function modelBasis(source: {
  annualHoursPerFte: number;
  averageHourlyRate?: number | null;
  jobs: readonly { id: string; isDirectCare: boolean }[];
  held: readonly HeldPosition[];
  requested: readonly RequestedPosition[];
}): ModelBasis {
  return {
    annualHoursPerFte: source.annualHoursPerFte,
    averageHourlyRate: source.averageHourlyRate ?? null,
    directCareOfJob: new Map(source.jobs.map((job) => [job.id, job.isDirectCare])),
    held: source.held,
    requested: source.requested,
  };
}

export type ModelRoleFigures = RolePositionTotals & { roleKey: string; name: string; productiveFte: number };

export type ModelFigures = {
  summary: PlanSummary;
  needs: PositionNeed[];
  totals: PositionTotals;
  /** Per role, in the order of the inputs. */
  roles: ModelRoleFigures[];
  /** Paid FTE × the facility's hours per FTE. */
  annualPaidHours: number;
  /** Annual paid hours × the average hourly rate; null while the facility has no rate. */
  annualCost: number | null;
};

export type ModelCheck = { ok: true; inputs: ModelInputs } | { ok: false; problems: Record<string, string> };

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/**
 * Checks a model's inputs with step 1's and step 2's rules. The budgets, which step 1 treats as
 * optional, may be left out. Problems are keyed by path ('census', 'roles.2.shifts.0.staffPerShift').
 */
export function checkModelInputs(input: unknown): ModelCheck {
  const problems: Record<string, string> = {};
  const body = isRecord(input) ? input : {};
  const unit = unitDefinitionSchema.safeParse({
    ...body,
    productiveFteBudget: body.productiveFteBudget ?? null,
    totalPaidFteBudget: body.totalPaidFteBudget ?? null,
  });
  if (!unit.success) for (const issue of unit.error.issues) problems[issue.path.join(".")] ??= issue.message;
  const roles: ModelRole[] = [];
  if (!Array.isArray(body.roles)) problems.roles = MODELLING_MESSAGES.rolesList;
  else if (body.roles.length > MODELLING_LIMITS.rolesMax) problems.roles = MODELLING_MESSAGES.tooManyRoles;
  else
    body.roles.forEach((raw, index) => {
      const role = roleSchema.safeParse(raw);
      const unitRoleId = isRecord(raw) && typeof raw.unitRoleId === "string" ? raw.unitRoleId : null;
      if (role.success) roles.push({ ...role.data, replacement: role.data.replacement as Replacement, unitRoleId });
      else for (const issue of role.error.issues) problems[["roles", index, ...issue.path].join(".")] ??= issue.message;
    });
  if (Object.keys(problems).length > 0 || !unit.success) return { ok: false, problems };
  return { ok: true, inputs: { ...unit.data, roles } };
}

/** A model role's key: its plan role's id, or its place among the inputs for a new role. */
export function modelRoleKey(role: Pick<ModelRole, "unitRoleId">, index: number): string {
  return role.unitRoleId ?? `new-${index}`;
}

/** The model's figures: the one staffing model (`./math`) over the inputs, against the basis's positions. */
export function modelFigures(inputs: ModelInputs, basis: ModelBasis): ModelFigures {
  const roles: RoleInput[] = inputs.roles.map((role, index) => ({
    key: modelRoleKey(role, index),
    name: role.name,
    isExempt: role.isExempt,
    fte: role.fte,
    replacement: role.replacement,
    unpaidBreakMinutes: role.unpaidBreakMinutes,
    isDirectCare: role.jobId ? (basis.directCareOfJob.get(role.jobId) ?? true) : true,
    shifts: role.shifts,
  }));
  const H = basis.annualHoursPerFte;
  const needs = positionNeeds(roles, inputs.nonProductiveGoalPercentage, H);
  const summary = planSummary(inputs, roles, H, needs);
  const control = positionControl(needs, basis.held, basis.requested);
  const totalsOf = new Map(control.byRole.map((r) => [r.roleKey, r]));
  const productiveOf = new Map<string, number>();
  for (const need of needs) productiveOf.set(need.roleKey, (productiveOf.get(need.roleKey) ?? 0) + need.productiveFte);
  const annualPaidHours = summary.totalPaidFte * H;
  return {
    summary,
    needs,
    totals: control.totals,
    roles: roles.map((role) => ({
      ...(totalsOf.get(role.key) ?? emptyRoleTotals(role.key)),
      roleKey: role.key,
      name: role.name,
      productiveFte: productiveOf.get(role.key) ?? 0,
    })),
    annualPaidHours,
    annualCost: basis.averageHourlyRate === null ? null : annualPaidHours * basis.averageHourlyRate,
  };
}
