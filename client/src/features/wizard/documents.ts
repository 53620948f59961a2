import { graphql } from "../../gql";

/**
 * What any change of a plan can move: the plan's own fields, its steps and every figure computed
 * from the whole plan (care schedule, summary, totals, needs, notices). Every save answers at least
 * these; the lists a change can touch come with it (the wizard's answer to a save is what changed,
 * not the whole wizard: at 300 staff and 500 open positions the lists are most of it).
 */
export const Wizard_PlanFiguresFragment = graphql(`
  fragment Wizard_PlanFigures on StaffingPlan {
    id
    budgetYear
    census
    careTeamTarget
    nonProductiveGoalPercentage
    targetOvertimePercentage
    productiveFteBudget
    totalPaidFteBudget
    startedAt
    attestedAt
    attestedByName
    isLocked
    annualHoursPerFte
    needsReverification
    steps { step status isFormValid problems }
    careSchedule { total byRole { unitRoleId name hours } }
    summary { dailyPlannedCare dailyPlannedHours directCareHours careTeamHours fixedDailyHours budgetBalance censusDrivenFte directCareFte censusDrivenDifference productiveFte totalPaidFte overtimeFte productiveFteVariance paidFteVariance }
    totals { totalBudgetedWorked totalBudgetedPaid hiredExemptFte hiredVariableFte hiredFte prnFte totalTravellerFte totalRequestedFte totalBudgetedHiredDifference totalGap totalOverHire }
    needs { unitRoleId roleName isExempt isDirectCare shift startTime endTime durationHours paidHours productiveFte paidFte hiredFte travellerFte requestedFte filledFte openFte gapFte overHireFte }
    notices { step message }
  }
`);

/** The plan's staff and the positions they hold (step 4): what a staff change answers besides the figures. */
export const Wizard_PlanStaffFragment = graphql(`
  fragment Wizard_PlanStaff on StaffingPlan {
    staff { staffId employeeId firstName lastName staffType dateOfHire contractEndDate education costCenterFte assignedFte isAssigned isComplete needsContractDate needsPrnStandard }
    staffPositions { id staffId unitRoleId roleName shift fte startTime endTime }
  }
`);

/** The plan's open positions (step 5): what an open-position change answers besides the figures. */
export const Wizard_PlanOpenPositionsFragment = graphql(`
  fragment Wizard_PlanOpenPositions on StaffingPlan {
    openPositions { id unitRoleId roleName requisitionNumber fte shift startTime endTime durationHours isTraveller }
  }
`);

/**
 * Everything the six steps show: the wizard's read, and the answer of the changes that can touch
 * every part (beginning a plan, a role change, which renames and removes positions, attesting).
 */
export const Wizard_FieldsFragment = graphql(`
  fragment Wizard_Fields on Wizard {
    costCenterId
    costCenterCode
    costCenterName
    viewerCanEdit
    budgetYear
    annualHoursPerFte
    prnStandard
    jobs { id name isExempt }
    plan {
      ...Wizard_PlanFigures
      roles { id jobId name isExempt fte replacement unpaidBreakMinutes isDirectCare isComplete shifts { id shift startTime endTime durationHours paidHours staffPerShift } }
      ...Wizard_PlanStaff
      ...Wizard_PlanOpenPositions
    }
  }
`);

/** The answer of a change that moves only the figures (unit definition, care schedule, a step completed). */
export const Wizard_FiguresChangeFragment = graphql(`
  fragment Wizard_FiguresChange on Wizard {
    costCenterId
    plan { ...Wizard_PlanFigures }
  }
`);

/** The answer of a staff change (assign, split, transfer, remove, contract date, PRN standard). */
export const Wizard_StaffChangeFragment = graphql(`
  fragment Wizard_StaffChange on Wizard {
    costCenterId
    plan { ...Wizard_PlanFigures ...Wizard_PlanStaff }
  }
`);

/** The answer of an open-position change (calculate, add, edit, delete). */
export const Wizard_OpenPositionsChangeFragment = graphql(`
  fragment Wizard_OpenPositionsChange on Wizard {
    costCenterId
    plan { ...Wizard_PlanFigures ...Wizard_PlanOpenPositions }
  }
`);

export const Wizard_Query = graphql(`
  query Wizard_Query($costCenterId: ID!) {
    wizard(costCenterId: $costCenterId) {
      ...Wizard_Fields
    }
  }
`);

export const Wizard_StartStaffingPlanMutation = graphql(`
  mutation Wizard_StartStaffingPlanMutation($costCenterId: ID!) {
    startStaffingPlan(costCenterId: $costCenterId) {
      __typename
      ... on MutationStartStaffingPlanSuccess {
        data {
          ...Wizard_Fields
        }
      }
      ...DomainError_Fields
    }
  }
`);

export const Wizard_SaveUnitDefinitionMutation = graphql(`
  mutation Wizard_SaveUnitDefinitionMutation($planId: ID!, $input: UnitDefinitionInput!) {
    saveUnitDefinition(planId: $planId, input: $input) {
      __typename
      ... on MutationSaveUnitDefinitionSuccess {
        data {
          ...Wizard_FiguresChange
        }
      }
      ...DomainError_Fields
    }
  }
`);

export const Wizard_CreateUnitRoleMutation = graphql(`
  mutation Wizard_CreateUnitRoleMutation($planId: ID!, $input: UnitRoleInput!) {
    createUnitRole(planId: $planId, input: $input) {
      __typename
      ... on MutationCreateUnitRoleSuccess {
        data {
          ...Wizard_Fields
        }
      }
      ...DomainError_Fields
    }
  }
`);

export const Wizard_UpdateUnitRoleMutation = graphql(`
  mutation Wizard_UpdateUnitRoleMutation($id: ID!, $input: UnitRoleInput!) {
    updateUnitRole(id: $id, input: $input) {
      __typename
      ... on MutationUpdateUnitRoleSuccess {
        data {
          ...Wizard_Fields
        }
      }
      ...DomainError_Fields
    }
  }
`);

export const Wizard_DeleteUnitRoleMutation = graphql(`
  mutation Wizard_DeleteUnitRoleMutation($id: ID!) {
    deleteUnitRole(id: $id) {
      __typename
      ... on MutationDeleteUnitRoleSuccess {
        data {
          ...Wizard_Fields
        }
      }
      ...DomainError_Fields
    }
  }
`);

export const Wizard_SaveCareScheduleMutation = graphql(`
  mutation Wizard_SaveCareScheduleMutation($planId: ID!) {
    saveCareSchedule(planId: $planId) {
      __typename
      ... on MutationSaveCareScheduleSuccess {
        data {
          ...Wizard_FiguresChange
        }
      }
      ...DomainError_Fields
    }
  }
`);

export const Wizard_AssignStaffPositionMutation = graphql(`
  mutation Wizard_AssignStaffPositionMutation($planId: ID!, $input: StaffPositionInput!) {
    assignStaffPosition(planId: $planId, input: $input) {
      __typename
      ... on MutationAssignStaffPositionSuccess {
        data {
          ...Wizard_StaffChange
        }
      }
      ...DomainError_Fields
    }
  }
`);

export const Wizard_SplitStaffPositionMutation = graphql(`
  mutation Wizard_SplitStaffPositionMutation($input: SplitStaffPositionInput!) {
    splitStaffPosition(input: $input) {
      __typename
      ... on MutationSplitStaffPositionSuccess {
        data {
          ...Wizard_StaffChange
        }
      }
      ...DomainError_Fields
    }
  }
`);

export const Wizard_RemoveStaffPositionMutation = graphql(`
  mutation Wizard_RemoveStaffPositionMutation($id: ID!) {
    removeStaffPosition(id: $id) {
      __typename
      ... on MutationRemoveStaffPositionSuccess {
        data {
          ...Wizard_StaffChange
        }
      }
      ...DomainError_Fields
    }
  }
`);

export const Wizard_SetTravellerContractDateMutation = graphql(`
  mutation Wizard_SetTravellerContractDateMutation($planId: ID!, $staffId: ID!, $contractEndDate: String!) {
    setTravellerContractDate(planId: $planId, staffId: $staffId, contractEndDate: $contractEndDate) {
      __typename
      ... on MutationSetTravellerContractDateSuccess {
        data {
          ...Wizard_StaffChange
        }
      }
      ...DomainError_Fields
    }
  }
`);

export const Wizard_ApplyPrnStandardMutation = graphql(`
  mutation Wizard_ApplyPrnStandardMutation($planId: ID!, $staffId: ID!) {
    applyPrnStandard(planId: $planId, staffId: $staffId) {
      __typename
      ... on MutationApplyPrnStandardSuccess {
        data {
          ...Wizard_StaffChange
        }
      }
      ...DomainError_Fields
    }
  }
`);

export const Wizard_CalculateOpenPositionsMutation = graphql(`
  mutation Wizard_CalculateOpenPositionsMutation($planId: ID!) {
    calculateOpenPositions(planId: $planId) {
      __typename
      ... on MutationCalculateOpenPositionsSuccess {
        data {
          ...Wizard_OpenPositionsChange
        }
      }
      ...DomainError_Fields
    }
  }
`);

export const Wizard_CreateOpenPositionMutation = graphql(`
  mutation Wizard_CreateOpenPositionMutation($planId: ID!, $input: OpenPositionInput!) {
    createOpenPosition(planId: $planId, input: $input) {
      __typename
      ... on MutationCreateOpenPositionSuccess {
        data {
          ...Wizard_OpenPositionsChange
        }
      }
      ...DomainError_Fields
    }
  }
`);

export const Wizard_UpdateOpenPositionMutation = graphql(`
  mutation Wizard_UpdateOpenPositionMutation($id: ID!, $input: OpenPositionInput!) {
    updateOpenPosition(id: $id, input: $input) {
      __typename
      ... on MutationUpdateOpenPositionSuccess {
        data {
          ...Wizard_OpenPositionsChange
        }
      }
      ...DomainError_Fields
    }
  }
`);

export const Wizard_DeleteOpenPositionMutation = graphql(`
  mutation Wizard_DeleteOpenPositionMutation($id: ID!) {
    deleteOpenPosition(id: $id) {
      __typename
      ... on MutationDeleteOpenPositionSuccess {
        data {
          ...Wizard_OpenPositionsChange
        }
      }
      ...DomainError_Fields
    }
  }
`);

export const Wizard_CompleteWizardStepMutation = graphql(`
  mutation Wizard_CompleteWizardStepMutation($planId: ID!, $step: WizardStep!) {
    completeWizardStep(planId: $planId, step: $step) {
      __typename
      ... on MutationCompleteWizardStepSuccess {
        data {
          ...Wizard_FiguresChange
        }
      }
      ...DomainError_Fields
    }
  }
`);

export const Wizard_AttestStaffingPlanMutation = graphql(`
  mutation Wizard_AttestStaffingPlanMutation($planId: ID!) {
    attestStaffingPlan(planId: $planId) {
      __typename
      ... on MutationAttestStaffingPlanSuccess {
        data {
          ...Wizard_Fields
        }
      }
      ...DomainError_Fields
    }
  }
`);

export const Wizard_BudgetSeasonResetMutation = graphql(`
  mutation Wizard_BudgetSeasonResetMutation($costCenterId: ID!) {
    budgetSeasonReset(costCenterId: $costCenterId) {
      __typename
      ... on MutationBudgetSeasonResetSuccess {
        data {
          ...Wizard_Fields
        }
      }
      ...DomainError_Fields
    }
  }
`);

export const Wizard_TransferStaffPositionMutation = graphql(`
  mutation Wizard_TransferStaffPositionMutation($input: TransferStaffPositionInput!) {
    transferStaffPosition(input: $input) {
      __typename
      ... on MutationTransferStaffPositionSuccess {
        data {
          ...Wizard_StaffChange
        }
      }
      ...DomainError_Fields
    }
  }
`);
