
      export interface PossibleTypesResultData {
        possibleTypes: {
          [key: string]: string[]
        }
      }
      const result: PossibleTypesResultData = {
  "possibleTypes": {
    "Error": [
      "DomainError"
    ],
    "MutationAddStaffMemberResult": [
      "DomainError",
      "MutationAddStaffMemberSuccess"
    ],
    "MutationAddUserOutsideOrganizationResult": [
      "DomainError",
      "MutationAddUserOutsideOrganizationSuccess"
    ],
    "MutationAddUserWithinOrganizationResult": [
      "DomainError",
      "MutationAddUserWithinOrganizationSuccess"
    ],
    "MutationApplyPrnStandardResult": [
      "DomainError",
      "MutationApplyPrnStandardSuccess"
    ],
    "MutationAssignStaffPositionResult": [
      "DomainError",
      "MutationAssignStaffPositionSuccess"
    ],
    "MutationAttestStaffingPlanResult": [
      "DomainError",
      "MutationAttestStaffingPlanSuccess"
    ],
    "MutationBudgetSeasonResetResult": [
      "DomainError",
      "MutationBudgetSeasonResetSuccess"
    ],
    "MutationCalculateOpenPositionsResult": [
      "DomainError",
      "MutationCalculateOpenPositionsSuccess"
    ],
    "MutationCarryModellingScenarioIntoWizardResult": [
      "DomainError",
      "MutationCarryModellingScenarioIntoWizardSuccess"
    ],
    "MutationCompleteUploadResult": [
      "DomainError",
      "MutationCompleteUploadSuccess"
    ],
    "MutationCompleteWizardStepResult": [
      "DomainError",
      "MutationCompleteWizardStepSuccess"
    ],
    "MutationCreateCostCenterResult": [
      "DomainError",
      "MutationCreateCostCenterSuccess"
    ],
    "MutationCreateJobResult": [
      "DomainError",
      "MutationCreateJobSuccess"
    ],
    "MutationCreateOpenPositionResult": [
      "DomainError",
      "MutationCreateOpenPositionSuccess"
    ],
    "MutationCreateUnitRoleResult": [
      "DomainError",
      "MutationCreateUnitRoleSuccess"
    ],
    "MutationDeactivateCostCenterResult": [
      "DomainError",
      "MutationDeactivateCostCenterSuccess"
    ],
    "MutationDefineSystemRelationshipsResult": [
      "DomainError",
      "MutationDefineSystemRelationshipsSuccess"
    ],
    "MutationDeleteModellingScenarioResult": [
      "DomainError",
      "MutationDeleteModellingScenarioSuccess"
    ],
    "MutationDeleteOpenPositionResult": [
      "DomainError",
      "MutationDeleteOpenPositionSuccess"
    ],
    "MutationDeleteUnitRoleResult": [
      "DomainError",
      "MutationDeleteUnitRoleSuccess"
    ],
    "MutationDeleteUserResult": [
      "DomainError",
      "MutationDeleteUserSuccess"
    ],
    "MutationFinishUserAccessibilityResult": [
      "DomainError",
      "MutationFinishUserAccessibilitySuccess"
    ],
    "MutationMoveStaffResult": [
      "DomainError",
      "MutationMoveStaffSuccess"
    ],
    "MutationReactivateCostCenterResult": [
      "DomainError",
      "MutationReactivateCostCenterSuccess"
    ],
    "MutationRemoveStaffMemberResult": [
      "DomainError",
      "MutationRemoveStaffMemberSuccess"
    ],
    "MutationRemoveStaffPositionResult": [
      "DomainError",
      "MutationRemoveStaffPositionSuccess"
    ],
    "MutationRenewUploadSlotResult": [
      "DomainError",
      "MutationRenewUploadSlotSuccess"
    ],
    "MutationRequestUploadSlotResult": [
      "DomainError",
      "MutationRequestUploadSlotSuccess"
    ],
    "MutationResendInviteResult": [
      "DomainError",
      "MutationResendInviteSuccess"
    ],
    "MutationResetCostCenterResult": [
      "DomainError",
      "MutationResetCostCenterSuccess"
    ],
    "MutationSaveCareScheduleResult": [
      "DomainError",
      "MutationSaveCareScheduleSuccess"
    ],
    "MutationSaveModellingScenarioResult": [
      "DomainError",
      "MutationSaveModellingScenarioSuccess"
    ],
    "MutationSaveUnitDefinitionResult": [
      "DomainError",
      "MutationSaveUnitDefinitionSuccess"
    ],
    "MutationSendContactMessageResult": [
      "DomainError",
      "MutationSendContactMessageSuccess"
    ],
    "MutationSetJobCategoryResult": [
      "DomainError",
      "MutationSetJobCategorySuccess"
    ],
    "MutationSetJobDirectCareResult": [
      "DomainError",
      "MutationSetJobDirectCareSuccess"
    ],
    "MutationSetTravellerContractDateResult": [
      "DomainError",
      "MutationSetTravellerContractDateSuccess"
    ],
    "MutationSplitStaffPositionResult": [
      "DomainError",
      "MutationSplitStaffPositionSuccess"
    ],
    "MutationStartStaffingPlanResult": [
      "DomainError",
      "MutationStartStaffingPlanSuccess"
    ],
    "MutationTransferStaffMemberResult": [
      "DomainError",
      "MutationTransferStaffMemberSuccess"
    ],
    "MutationTransferStaffPositionResult": [
      "DomainError",
      "MutationTransferStaffPositionSuccess"
    ],
    "MutationUnlockCostCenterWizardResult": [
      "DomainError",
      "MutationUnlockCostCenterWizardSuccess"
    ],
    "MutationUpdateAdminTaskResult": [
      "DomainError",
      "MutationUpdateAdminTaskSuccess"
    ],
    "MutationUpdateCostCenterResult": [
      "DomainError",
      "MutationUpdateCostCenterSuccess"
    ],
    "MutationUpdateFinancialInformationResult": [
      "DomainError",
      "MutationUpdateFinancialInformationSuccess"
    ],
    "MutationUpdateHrGuidelinesResult": [
      "DomainError",
      "MutationUpdateHrGuidelinesSuccess"
    ],
    "MutationUpdateMyProfileResult": [
      "DomainError",
      "MutationUpdateMyProfileSuccess"
    ],
    "MutationUpdateOpenPositionResult": [
      "DomainError",
      "MutationUpdateOpenPositionSuccess"
    ],
    "MutationUpdateStaffMemberResult": [
      "DomainError",
      "MutationUpdateStaffMemberSuccess"
    ],
    "MutationUpdateUnitRoleResult": [
      "DomainError",
      "MutationUpdateUnitRoleSuccess"
    ],
    "MutationUpdateUserAccessResult": [
      "DomainError",
      "MutationUpdateUserAccessSuccess"
    ],
    "UploadProgress": [
      "Upload",
      "UploadHistoryEntry",
      "UploadStatusUpdate"
    ]
  }
};
      export default result;
    