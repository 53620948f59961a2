import { describe, expect, it } from "vitest";
import { type WizardChange, type WizardData, withChange } from "./useWizard";

/** A wizard as the read answers it, cut to what the merge looks at (lists of one, figures of one). */
function wizardRead(): WizardData {
  return {
    __typename: "Wizard",
    costCenterId: "cc-1",
    costCenterCode: "6010",
    costCenterName: "Med Surg",
    viewerCanEdit: true,
    budgetYear: 2027,
    annualHoursPerFte: 2080,
    prnStandard: 0.2,
    jobs: [{ __typename: "Job", id: "job-1", name: "RN", isExempt: false }],
    plan: {
      __typename: "StaffingPlan",
      id: "plan-1",
      census: 20,
      totals: { totalGap: 1.5 },
      steps: [{ __typename: "WizardStepState", step: "AssignStaff", status: "Completed" }],
      roles: [{ id: "role-1", name: "RN" }],
      staff: [{ staffId: "s-1", assignedFte: 0 }],
      staffPositions: [],
      openPositions: [{ id: "open-1", fte: 1 }],
    },
  } as unknown as WizardData;
}

describe("withChange: a save's answer laid over the wizard shown", () => {
  it("a staff change replaces the figures and the staff lists and keeps the roles and open positions", () => {
    const change = {
      costCenterId: "cc-1",
      plan: {
        id: "plan-1",
        census: 20,
        totals: { totalGap: 0.5 },
        steps: [{ step: "AssignStaff", status: "InProgress" }],
        staff: [{ staffId: "s-1", assignedFte: 1 }],
        staffPositions: [{ id: "pos-1", staffId: "s-1", fte: 1 }],
      },
    } as unknown as WizardChange;
    const after = withChange(wizardRead(), change) as unknown as Record<string, Record<string, unknown>>;
    expect(after.plan).toMatchObject({
      totals: { totalGap: 0.5 },
      steps: [{ step: "AssignStaff", status: "InProgress" }],
      staff: [{ staffId: "s-1", assignedFte: 1 }],
      staffPositions: [{ id: "pos-1" }],
      roles: [{ id: "role-1" }],
      openPositions: [{ id: "open-1", fte: 1 }],
    });
    expect(after.jobs).toEqual(wizardRead().jobs);
  });

  it("a whole wizard stands on its own, with or without one shown", () => {
    const whole = wizardRead();
    expect(withChange(null, whole)).toEqual(whole);
    const noPlan = { ...whole, plan: null };
    expect(withChange(whole, noPlan)).toEqual(noPlan);
  });

  it("a partial answer with nothing shown, or for another plan, is not a wizard: it must be read again", () => {
    const partial = { costCenterId: "cc-1", plan: { id: "plan-1", census: 22 } } as unknown as WizardChange;
    expect(withChange(null, partial)).toBeNull();
    const otherPlan = { costCenterId: "cc-1", plan: { id: "plan-2", census: 22 } } as unknown as WizardChange;
    expect(withChange(wizardRead(), otherPlan)).toBeNull();
  });
});
