import { and, asc, eq } from "drizzle-orm";
import type { Database } from "../../db/client";
import { costCenterPermissions, costCenterStaff, costCenters, jobs, staff } from "../../db/schema";
import { DEMO_FACILITY_ID, demoJobOfEmployeeId, seedDemo } from "../../db/seed/demo";
import {
  applyPrnStandard,
  assignStaffPosition,
  attestStaffingPlan,
  calculateOpenPositions,
  completeWizardStep,
  createRole,
  saveUnitDefinition,
  startStaffingPlan,
} from "../services/staffingPlans";
import { type Viewer, viewerOfUser } from "../services/viewer";

/**
 * The demo on a start in embedded identity mode: its facility (db/seed/demo.ts) the first time, by
 * one instance of several starting together; with `withPlans`, that instance then adds its sample
 * staffing plans (seedDemoPlans).
 */
export async function seedDemoOnStart(db: Database, options: { withPlans: boolean }) {
  const demo = await seedDemo(db);
  if (demo.created && options.withPlans) await seedDemoPlans(db);
  return demo;
}

/**
 * The demo's sample staffing plans, so that the executives' screens have figures on a first run.
 * Each is built through the wizard's own services, as its unit's nurse manager would, so every
 * figure is the app's and the audit log tells who did what:
 * - Intensive Care Unit (6040) and Emergency Department (6060): attested for the budget year;
 * - Labor and Delivery (6070): begun, at step 3 (the care schedules).
 * The demo manager account's own units (6010, 6020) and Telemetry are left for a person to plan.
 */
export async function seedDemoPlans(db: Database): Promise<void> {
  for (const unit of DEMO_PLANS) await planUnit(db, unit);
}

type DemoPlan = {
  code: string;
  unit: {
    census: number;
    careTeamTarget: number;
    nonProductiveGoalPercentage: number;
    targetOvertimePercentage: number;
    productiveFteBudget: number;
    totalPaidFteBudget: number;
  };
  /** Steps 1 and 2 only (the wizard left at step 3), or every step and the attestation. */
  attested: boolean;
};

const DEMO_PLANS: readonly DemoPlan[] = [
  {
    code: "6040",
    unit: {
      census: 10,
      careTeamTarget: 11,
      nonProductiveGoalPercentage: 12,
      targetOvertimePercentage: 3,
      productiveFteBudget: 26,
      totalPaidFteBudget: 30,
    },
    attested: true,
  },
  {
    code: "6060",
    unit: {
      census: 28,
      careTeamTarget: 3.5,
      nonProductiveGoalPercentage: 11,
      targetOvertimePercentage: 4,
      productiveFteBudget: 22,
      totalPaidFteBudget: 25,
    },
    attested: true,
  },
  {
    code: "6070",
    unit: {
      census: 8,
      careTeamTarget: 12,
      nonProductiveGoalPercentage: 10,
      targetOvertimePercentage: 2,
      productiveFteBudget: 23,
      totalPaidFteBudget: 26,
    },
    attested: false,
  },
];

/** Hours a 12-hour shift is paid (12.5 h less the 30-minute break), and a year's paid hours of 1 FTE. */
const PAID_SHIFT_HOURS = 12;
const ANNUAL_HOURS_PER_FTE = 2080;

/**
 * A role for a job whose holders in the unit have `fte` between them. Exempt: that FTE. Otherwise
 * as many seats on 12-hour shifts as that FTE works (1 FTE works ANNUAL_HOURS_PER_FTE a year, a
 * seat PAID_SHIFT_HOURS every day): days and nights from one and a half seats, days alone below.
 * The non-productive share and the odd seat then leave a gap that step 5's open positions fill, as
 * a unit's vacancies would.
 */
function demoRole(job: { id: string; name: string; isExempt: boolean }, fte: number) {
  if (job.isExempt) {
    return {
      name: job.name,
      jobId: job.id,
      isExempt: true,
      fte: Math.max(0.1, Math.round(fte * 10) / 10),
      shifts: undefined,
    };
  }
  const seats = (fte * ANNUAL_HOURS_PER_FTE) / (PAID_SHIFT_HOURS * 365);
  const shift = (name: "Days" | "Nights", startTime: string, staffPerShift: number) => ({
    shift: name,
    startTime,
    durationHours: PAID_SHIFT_HOURS + 0.5,
    staffPerShift,
  });
  const shifts =
    seats < 1.5
      ? [shift("Days", "0700", 1)]
      : [shift("Days", "0700", Math.round(seats / 2)), shift("Nights", "1900", Math.max(1, Math.floor(seats / 2)))];
  return { name: job.name, jobId: job.id, isExempt: false, shifts };
}

async function planUnit(db: Database, demo: DemoPlan): Promise<void> {
  const [costCenter] = await db
    .select({ id: costCenters.id })
    .from(costCenters)
    .where(and(eq(costCenters.facilityId, DEMO_FACILITY_ID), eq(costCenters.code, demo.code)));
  if (!costCenter) throw new Error(`The demo has no cost center ${demo.code}`);
  const manager = await managerOf(db, costCenter.id);
  const started = await startStaffingPlan(db, manager, costCenter.id);
  const planId = started.plan?.id;
  if (!planId) throw new Error(`No plan was begun for ${demo.code}`);
  await saveUnitDefinition(db, manager, planId, demo.unit);

  // One role per job the unit's staff hold (the employee ID's suffix names it, db/seed/demo.ts).
  const members = await db
    .select({ staffId: staff.id, employeeId: staff.employeeId, staffType: staff.staffType, fte: costCenterStaff.fte })
    .from(costCenterStaff)
    .innerJoin(staff, eq(staff.id, costCenterStaff.staffId))
    .where(eq(costCenterStaff.costCenterId, costCenter.id))
    .orderBy(asc(staff.employeeId));
  const facilityJobs = await db
    .select({ id: jobs.id, name: jobs.name, isExempt: jobs.isExempt })
    .from(jobs)
    .where(eq(jobs.facilityId, DEMO_FACILITY_ID));
  const holdersOf = new Map<string, typeof members>();
  for (const member of members) {
    const jobName = demoJobOfEmployeeId(member.employeeId);
    holdersOf.set(jobName, [...(holdersOf.get(jobName) ?? []), member]);
  }
  const roles: { id: string; shifts: ("Days" | "Nights" | null)[]; holders: typeof members }[] = [];
  for (const [jobName, holders] of holdersOf) {
    const job = facilityJobs.find((j) => j.name === jobName);
    if (!job) throw new Error(`The demo has no job ${jobName}`);
    const input = demoRole(
      job,
      holders.reduce((sum, h) => sum + h.fte, 0),
    );
    const view = await createRole(db, manager, planId, input);
    const role = view.plan?.roles.find((r) => r.name === job.name);
    if (!role) throw new Error(`The role ${job.name} was not added`);
    roles.push({ id: role.id, shifts: input.shifts ? input.shifts.map((s) => s.shift) : [null], holders });
  }
  await completeWizardStep(db, manager, planId, "UnitDefinition");
  await completeWizardStep(db, manager, planId, "DefineRoles");
  if (!demo.attested) return;

  await completeWizardStep(db, manager, planId, "CreateCareSchedules");
  // Each holder in their job's role, on its shifts in turn.
  for (const role of roles) {
    for (const [index, holder] of role.holders.entries()) {
      if (holder.staffType === "PRN") await applyPrnStandard(db, manager, planId, holder.staffId);
      await assignStaffPosition(db, manager, planId, {
        staffId: holder.staffId,
        unitRoleId: role.id,
        shift: role.shifts[index % role.shifts.length],
        fte: holder.fte,
      });
    }
  }
  await completeWizardStep(db, manager, planId, "AssignStaff");
  await calculateOpenPositions(db, manager, planId);
  await completeWizardStep(db, manager, planId, "FinalizePositionControl");
  await attestStaffingPlan(db, manager, planId);
}

/** The user who holds Complete Wizard on the cost center, as the wizard's services see them. */
async function managerOf(db: Database, costCenterId: string): Promise<Viewer> {
  const [holder] = await db
    .select({ userId: costCenterPermissions.userId })
    .from(costCenterPermissions)
    .where(and(eq(costCenterPermissions.costCenterId, costCenterId), eq(costCenterPermissions.completeWizard, true)));
  if (!holder) throw new Error(`Nobody holds Complete Wizard on cost center ${costCenterId}`);
  return viewerOfUser(db, holder.userId);
}
