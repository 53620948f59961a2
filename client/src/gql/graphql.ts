/* eslint-disable */
/** Internal type. DO NOT USE DIRECTLY. */
type Exact<T extends { [key: string]: unknown }> = { [K in keyof T]: T[K] };
/** Internal type. DO NOT USE DIRECTLY. */
export type Incremental<T> = T | { [P in keyof T]?: P extends ' $fragmentName' | '__typename' ? T[P] : never };
import type { TypedDocumentNode as DocumentNode } from '@graphql-typed-document-node/core';
export type AccountType =
  | 'admin'
  | 'exec'
  | 'user';

/** Subject at most 120 characters, message at most 2000; both required. */
export type ContactMessageInput = {
  message: string;
  subject: string;
};

/** Number: digits only, at most 12. Name: at most 80 characters. */
export type CostCenterInput = {
  code: string;
  name: string;
};

export type DomainErrorCode =
  | 'conflict'
  | 'forbidden'
  | 'invalid'
  | 'not_found'
  | 'unauthenticated';

export type FinancialInformationInput = {
  /** Default 2080 (40 × 52). */
  annualHoursPerFte?: number | null | undefined;
  budgetSeasonBeginDay: number;
  budgetSeasonBeginMonth: number;
  budgetSeasonEndDay: number;
  budgetSeasonEndMonth: number;
  fiscalYearDaysBegin: number;
  fiscalYearMonthsBegin: number;
  nextPayPeriodBegin: number;
  nextPayPeriodEnd: number;
  prnStaffValue: number;
};

export type HrGuidelinesInput = {
  dayShiftEnd: string;
  dayShiftStart: string;
  dropdownEndTime: string;
  dropdownStartTime: string;
  education: Array<string>;
  emailContact: string;
  endDay: number;
  eveningShiftEnd: string;
  eveningShiftStart: string;
  nightShiftEnd: string;
  nightShiftStart: string;
  otherShiftEnd?: string | null | undefined;
  otherShiftStart?: string | null | undefined;
  startDay: number;
  timeZone: string;
};

/** The signed-in person's own names; letters, digits and spaces only, at most 50 characters. */
export type ProfileInput = {
  firstName: string;
  lastName: string;
  middleName?: string | null | undefined;
};

export type StaffType =
  | 'PRN'
  | 'Regular'
  | 'Traveller';

export type SystemRelationshipsInput = {
  /** N/A when the facility has none. */
  divisionName: string;
  facilityName: string;
  facilityOwner: string;
  systemName: string;
};

export type TaskState =
  | 'Completed'
  | 'Pending';

/** How far the planning wizard of a cost center is, for its latest budget year. */
export type WizardProgress =
  | 'Completed'
  | 'InProgress'
  | 'NotStarted';

export type ContactUsPage_SendContactMessageMutationMutationVariables = Exact<{
  input: ContactMessageInput;
}>;


export type ContactUsPage_SendContactMessageMutationMutation = { sendContactMessage:
    | { __typename: 'DomainError', message: string, code: DomainErrorCode, fieldErrors: Array<{ field: string, message: string }> }
    | { __typename: 'MutationSendContactMessageSuccess', data: { id: string, subject: string, message: string, createdAt: string } }
   };

export type AddCostCenter_CreateMutationMutationVariables = Exact<{
  input: CostCenterInput;
}>;


export type AddCostCenter_CreateMutationMutation = { createCostCenter:
    | { __typename: 'DomainError', message: string }
    | { __typename: 'MutationCreateCostCenterSuccess', data: { id: string, code: string, name: string } }
   };

export type CostCenterMaintenance_CostCentersQueryQueryVariables = Exact<{ [key: string]: never; }>;


export type CostCenterMaintenance_CostCentersQueryQuery = { costCenters: Array<{ id: string, code: string, name: string }> };

export type DeleteReset_DeactivateMutationMutationVariables = Exact<{
  id: string | number;
}>;


export type DeleteReset_DeactivateMutationMutation = { deactivateCostCenter:
    | { __typename: 'DomainError', message: string }
    | { __typename: 'MutationDeactivateCostCenterSuccess', data: { id: string } }
   };

export type DeleteReset_ResetMutationMutationVariables = Exact<{
  id: string | number;
}>;


export type DeleteReset_ResetMutationMutation = { resetCostCenter:
    | { __typename: 'DomainError', message: string }
    | { __typename: 'MutationResetCostCenterSuccess', data: { id: string } }
   };

export type DeleteReset_UnlockMutationMutationVariables = Exact<{
  id: string | number;
}>;


export type DeleteReset_UnlockMutationMutation = { unlockCostCenterWizard:
    | { __typename: 'DomainError', message: string }
    | { __typename: 'MutationUnlockCostCenterWizardSuccess', data: { id: string } }
   };

export type UpdateCostCenter_UpdateMutationMutationVariables = Exact<{
  id: string | number;
  input: CostCenterInput;
}>;


export type UpdateCostCenter_UpdateMutationMutation = { updateCostCenter:
    | { __typename: 'DomainError', message: string }
    | { __typename: 'MutationUpdateCostCenterSuccess', data: { id: string, code: string, name: string } }
   };

export type EmployeeSearch_SearchQueryQueryVariables = Exact<{
  facilityId: string | number;
  term: string;
}>;


export type EmployeeSearch_SearchQueryQuery = { employeeSearch: Array<{ id: string, firstName: string, middleName: string | null, lastName: string, employeeId: string, staffType: StaffType }> };

export type EmployeeSearch_EmployeeQueryQueryVariables = Exact<{
  facilityId: string | number;
  id: string | number;
}>;


export type EmployeeSearch_EmployeeQueryQuery = { employee: { id: string, firstName: string, middleName: string | null, lastName: string, internalId: string | null, facilityName: string, staffType: StaffType, education: string | null, userEmail: string | null, totalFullTimeEquivalence: number, dateOfHire: string | null, contractDate: string | null, terminationDate: string | null, terminationType: string | null, requisitionNumber: string | null, costCenters: Array<{ costCenterId: string, costCenterName: string, internalCode: string, costCenterFullTimeEquivalence: number, managerFirstName: string | null, managerLastName: string | null, managerEmail: string | null, staffPositions: Array<{ jobName: string, shiftName: string | null, staffPositionFullTimeEquivalence: number }> }> } };

export type FinancialInformation_FacilityQueryQueryVariables = Exact<{ [key: string]: never; }>;


export type FinancialInformation_FacilityQueryQuery = { facilitySettings: { id: string, annualHoursPerFte: number, budgetSettings: { prnStaffValue: number, fiscalYearMonthsBegin: number, fiscalYearDaysBegin: number, budgetSeasonBeginMonth: number, budgetSeasonBeginDay: number, budgetSeasonEndMonth: number, budgetSeasonEndDay: number, nextPayPeriodBegin: number, nextPayPeriodEnd: number } | null } };

export type FinancialInformation_UpdateMutationMutationVariables = Exact<{
  input: FinancialInformationInput;
}>;


export type FinancialInformation_UpdateMutationMutation = { updateFinancialInformation:
    | { __typename: 'DomainError', message: string, fieldErrors: Array<{ field: string, message: string }> }
    | { __typename: 'MutationUpdateFinancialInformationSuccess', data: { id: string, annualHoursPerFte: number, budgetSettings: { prnStaffValue: number, fiscalYearMonthsBegin: number, fiscalYearDaysBegin: number, budgetSeasonBeginMonth: number, budgetSeasonBeginDay: number, budgetSeasonEndMonth: number, budgetSeasonEndDay: number, nextPayPeriodBegin: number, nextPayPeriodEnd: number } | null } }
   };

export type HrGuidelines_FacilityQueryQueryVariables = Exact<{ [key: string]: never; }>;


export type HrGuidelines_FacilityQueryQuery = { facilitySettings: { id: string, timeZone: string, education: Array<string>, shiftSettings: { dayShiftStart: string, dayShiftEnd: string, eveningShiftStart: string, eveningShiftEnd: string, nightShiftStart: string, nightShiftEnd: string, otherShiftStart: string | null, otherShiftEnd: string | null, startDay: number, endDay: number, dropdownStartTime: string, dropdownEndTime: string, emailContact: string } | null } };

export type HrGuidelines_UpdateMutationMutationVariables = Exact<{
  input: HrGuidelinesInput;
}>;


export type HrGuidelines_UpdateMutationMutation = { updateHrGuidelines:
    | { __typename: 'DomainError', message: string, fieldErrors: Array<{ field: string, message: string }> }
    | { __typename: 'MutationUpdateHrGuidelinesSuccess', data: { id: string, timeZone: string, education: Array<string>, shiftSettings: { dayShiftStart: string, dayShiftEnd: string, eveningShiftStart: string, eveningShiftEnd: string, nightShiftStart: string, nightShiftEnd: string, otherShiftStart: string | null, otherShiftEnd: string | null, startDay: number, endDay: number, dropdownStartTime: string, dropdownEndTime: string, emailContact: string } | null } }
   };

export type SystemRelationships_FacilityQueryQueryVariables = Exact<{ [key: string]: never; }>;


export type SystemRelationships_FacilityQueryQuery = { facilitySettings: { id: string, facilityName: string, facilityOwner: string | null, systemName: string | null, divisionName: string | null } };

export type SystemRelationships_DefineMutationMutationVariables = Exact<{
  input: SystemRelationshipsInput;
}>;


export type SystemRelationships_DefineMutationMutation = { defineSystemRelationships:
    | { __typename: 'DomainError', message: string, fieldErrors: Array<{ field: string, message: string }> }
    | { __typename: 'MutationDefineSystemRelationshipsSuccess', data: { id: string, facilityName: string, facilityOwner: string | null, systemName: string | null, divisionName: string | null } }
   };

export type JobCategorization_JobsQueryQueryVariables = Exact<{ [key: string]: never; }>;


export type JobCategorization_JobsQueryQuery = { jobs: Array<{ id: string, name: string, categoryId: number, categoryName: string, isExempt: boolean }>, jobCategories: Array<{ id: number, name: string }> };

export type JobCategorization_SetJobCategoryMutationMutationVariables = Exact<{
  jobId: string | number;
  categoryId: number;
}>;


export type JobCategorization_SetJobCategoryMutationMutation = { setJobCategory:
    | { __typename: 'DomainError', message: string }
    | { __typename: 'MutationSetJobCategorySuccess', data: { id: string, categoryId: number, categoryName: string } }
   };

export type JobCategorization_CreateJobMutationMutationVariables = Exact<{
  name: string;
  categoryId: number;
}>;


export type JobCategorization_CreateJobMutationMutation = { createJob:
    | { __typename: 'DomainError', message: string, fieldErrors: Array<{ field: string, message: string }> }
    | { __typename: 'MutationCreateJobSuccess', data: { id: string, name: string } }
   };

export type AdminLanding_TasksQueryQueryVariables = Exact<{ [key: string]: never; }>;


export type AdminLanding_TasksQueryQuery = { adminTasks: Array<{ taskName: string, taskState: TaskState }> };

export type UserLanding_CostCentersQueryQueryVariables = Exact<{ [key: string]: never; }>;


export type UserLanding_CostCentersQueryQuery = { me: { id: string, costCenterPermissions: Array<{ costCenterId: string, code: string, name: string, completeWizard: boolean, manageStaff: boolean, readOnly: boolean, executive: boolean, wizardStatus: WizardProgress }> } };

export type ProfilePage_UserQueryQueryVariables = Exact<{
  id: string | number;
}>;


export type ProfilePage_UserQueryQuery = { user: { id: string, firstName: string, middleName: string | null, lastName: string, email: string } };

export type ProfilePage_UpdateMyProfileMutationMutationVariables = Exact<{
  input: ProfileInput;
}>;


export type ProfilePage_UpdateMyProfileMutationMutation = { updateMyProfile:
    | { __typename: 'DomainError', message: string, code: DomainErrorCode, fieldErrors: Array<{ field: string, message: string }> }
    | { __typename: 'MutationUpdateMyProfileSuccess', data: { id: string, firstName: string, middleName: string | null, lastName: string } }
   };

export type AppShell_ViewerQueryQueryVariables = Exact<{ [key: string]: never; }>;


export type AppShell_ViewerQueryQuery = { me: { id: string, name: string, firstName: string, lastName: string, initials: string, email: string, accountType: AccountType, facilityId: string, facilityName: string, organizationId: string } };


export const ContactUsPage_SendContactMessageMutationDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"ContactUsPage_SendContactMessageMutation"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ContactMessageInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"sendContactMessage"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"MutationSendContactMessageSuccess"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"data"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"subject"}},{"kind":"Field","name":{"kind":"Name","value":"message"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}}]}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"DomainError"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"message"}},{"kind":"Field","name":{"kind":"Name","value":"code"}},{"kind":"Field","name":{"kind":"Name","value":"fieldErrors"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"field"}},{"kind":"Field","name":{"kind":"Name","value":"message"}}]}}]}}]}}]}}]} as unknown as DocumentNode<ContactUsPage_SendContactMessageMutationMutation, ContactUsPage_SendContactMessageMutationMutationVariables>;
export const AddCostCenter_CreateMutationDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"AddCostCenter_CreateMutation"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"CostCenterInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"createCostCenter"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"MutationCreateCostCenterSuccess"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"data"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"code"}},{"kind":"Field","name":{"kind":"Name","value":"name"}}]}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"DomainError"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"message"}}]}}]}}]}}]} as unknown as DocumentNode<AddCostCenter_CreateMutationMutation, AddCostCenter_CreateMutationMutationVariables>;
export const CostCenterMaintenance_CostCentersQueryDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"CostCenterMaintenance_CostCentersQuery"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"costCenters"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"code"}},{"kind":"Field","name":{"kind":"Name","value":"name"}}]}}]}}]} as unknown as DocumentNode<CostCenterMaintenance_CostCentersQueryQuery, CostCenterMaintenance_CostCentersQueryQueryVariables>;
export const DeleteReset_DeactivateMutationDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"DeleteReset_DeactivateMutation"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"deactivateCostCenter"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"MutationDeactivateCostCenterSuccess"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"data"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}}]}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"DomainError"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"message"}}]}}]}}]}}]} as unknown as DocumentNode<DeleteReset_DeactivateMutationMutation, DeleteReset_DeactivateMutationMutationVariables>;
export const DeleteReset_ResetMutationDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"DeleteReset_ResetMutation"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"resetCostCenter"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"MutationResetCostCenterSuccess"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"data"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}}]}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"DomainError"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"message"}}]}}]}}]}}]} as unknown as DocumentNode<DeleteReset_ResetMutationMutation, DeleteReset_ResetMutationMutationVariables>;
export const DeleteReset_UnlockMutationDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"DeleteReset_UnlockMutation"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"unlockCostCenterWizard"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"MutationUnlockCostCenterWizardSuccess"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"data"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}}]}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"DomainError"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"message"}}]}}]}}]}}]} as unknown as DocumentNode<DeleteReset_UnlockMutationMutation, DeleteReset_UnlockMutationMutationVariables>;
export const UpdateCostCenter_UpdateMutationDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"UpdateCostCenter_UpdateMutation"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"CostCenterInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"updateCostCenter"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}},{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"MutationUpdateCostCenterSuccess"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"data"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"code"}},{"kind":"Field","name":{"kind":"Name","value":"name"}}]}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"DomainError"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"message"}}]}}]}}]}}]} as unknown as DocumentNode<UpdateCostCenter_UpdateMutationMutation, UpdateCostCenter_UpdateMutationMutationVariables>;
export const EmployeeSearch_SearchQueryDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"EmployeeSearch_SearchQuery"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"facilityId"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"term"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"employeeSearch"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"facilityId"},"value":{"kind":"Variable","name":{"kind":"Name","value":"facilityId"}}},{"kind":"Argument","name":{"kind":"Name","value":"term"},"value":{"kind":"Variable","name":{"kind":"Name","value":"term"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"firstName"}},{"kind":"Field","name":{"kind":"Name","value":"middleName"}},{"kind":"Field","name":{"kind":"Name","value":"lastName"}},{"kind":"Field","name":{"kind":"Name","value":"employeeId"}},{"kind":"Field","name":{"kind":"Name","value":"staffType"}}]}}]}}]} as unknown as DocumentNode<EmployeeSearch_SearchQueryQuery, EmployeeSearch_SearchQueryQueryVariables>;
export const EmployeeSearch_EmployeeQueryDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"EmployeeSearch_EmployeeQuery"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"facilityId"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"employee"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"facilityId"},"value":{"kind":"Variable","name":{"kind":"Name","value":"facilityId"}}},{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"firstName"}},{"kind":"Field","name":{"kind":"Name","value":"middleName"}},{"kind":"Field","name":{"kind":"Name","value":"lastName"}},{"kind":"Field","name":{"kind":"Name","value":"internalId"}},{"kind":"Field","name":{"kind":"Name","value":"facilityName"}},{"kind":"Field","name":{"kind":"Name","value":"staffType"}},{"kind":"Field","name":{"kind":"Name","value":"education"}},{"kind":"Field","name":{"kind":"Name","value":"userEmail"}},{"kind":"Field","name":{"kind":"Name","value":"totalFullTimeEquivalence"}},{"kind":"Field","name":{"kind":"Name","value":"dateOfHire"}},{"kind":"Field","name":{"kind":"Name","value":"contractDate"}},{"kind":"Field","name":{"kind":"Name","value":"terminationDate"}},{"kind":"Field","name":{"kind":"Name","value":"terminationType"}},{"kind":"Field","name":{"kind":"Name","value":"requisitionNumber"}},{"kind":"Field","name":{"kind":"Name","value":"costCenters"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"costCenterId"}},{"kind":"Field","name":{"kind":"Name","value":"costCenterName"}},{"kind":"Field","name":{"kind":"Name","value":"internalCode"}},{"kind":"Field","name":{"kind":"Name","value":"costCenterFullTimeEquivalence"}},{"kind":"Field","name":{"kind":"Name","value":"managerFirstName"}},{"kind":"Field","name":{"kind":"Name","value":"managerLastName"}},{"kind":"Field","name":{"kind":"Name","value":"managerEmail"}},{"kind":"Field","name":{"kind":"Name","value":"staffPositions"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"jobName"}},{"kind":"Field","name":{"kind":"Name","value":"shiftName"}},{"kind":"Field","name":{"kind":"Name","value":"staffPositionFullTimeEquivalence"}}]}}]}}]}}]}}]} as unknown as DocumentNode<EmployeeSearch_EmployeeQueryQuery, EmployeeSearch_EmployeeQueryQueryVariables>;
export const FinancialInformation_FacilityQueryDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"FinancialInformation_FacilityQuery"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"facilitySettings"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"annualHoursPerFte"}},{"kind":"Field","name":{"kind":"Name","value":"budgetSettings"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"prnStaffValue"}},{"kind":"Field","name":{"kind":"Name","value":"fiscalYearMonthsBegin"}},{"kind":"Field","name":{"kind":"Name","value":"fiscalYearDaysBegin"}},{"kind":"Field","name":{"kind":"Name","value":"budgetSeasonBeginMonth"}},{"kind":"Field","name":{"kind":"Name","value":"budgetSeasonBeginDay"}},{"kind":"Field","name":{"kind":"Name","value":"budgetSeasonEndMonth"}},{"kind":"Field","name":{"kind":"Name","value":"budgetSeasonEndDay"}},{"kind":"Field","name":{"kind":"Name","value":"nextPayPeriodBegin"}},{"kind":"Field","name":{"kind":"Name","value":"nextPayPeriodEnd"}}]}}]}}]}}]} as unknown as DocumentNode<FinancialInformation_FacilityQueryQuery, FinancialInformation_FacilityQueryQueryVariables>;
export const FinancialInformation_UpdateMutationDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"FinancialInformation_UpdateMutation"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"FinancialInformationInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"updateFinancialInformation"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"MutationUpdateFinancialInformationSuccess"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"data"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"annualHoursPerFte"}},{"kind":"Field","name":{"kind":"Name","value":"budgetSettings"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"prnStaffValue"}},{"kind":"Field","name":{"kind":"Name","value":"fiscalYearMonthsBegin"}},{"kind":"Field","name":{"kind":"Name","value":"fiscalYearDaysBegin"}},{"kind":"Field","name":{"kind":"Name","value":"budgetSeasonBeginMonth"}},{"kind":"Field","name":{"kind":"Name","value":"budgetSeasonBeginDay"}},{"kind":"Field","name":{"kind":"Name","value":"budgetSeasonEndMonth"}},{"kind":"Field","name":{"kind":"Name","value":"budgetSeasonEndDay"}},{"kind":"Field","name":{"kind":"Name","value":"nextPayPeriodBegin"}},{"kind":"Field","name":{"kind":"Name","value":"nextPayPeriodEnd"}}]}}]}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"DomainError"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"message"}},{"kind":"Field","name":{"kind":"Name","value":"fieldErrors"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"field"}},{"kind":"Field","name":{"kind":"Name","value":"message"}}]}}]}}]}}]}}]} as unknown as DocumentNode<FinancialInformation_UpdateMutationMutation, FinancialInformation_UpdateMutationMutationVariables>;
export const HrGuidelines_FacilityQueryDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"HrGuidelines_FacilityQuery"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"facilitySettings"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"timeZone"}},{"kind":"Field","name":{"kind":"Name","value":"education"}},{"kind":"Field","name":{"kind":"Name","value":"shiftSettings"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"dayShiftStart"}},{"kind":"Field","name":{"kind":"Name","value":"dayShiftEnd"}},{"kind":"Field","name":{"kind":"Name","value":"eveningShiftStart"}},{"kind":"Field","name":{"kind":"Name","value":"eveningShiftEnd"}},{"kind":"Field","name":{"kind":"Name","value":"nightShiftStart"}},{"kind":"Field","name":{"kind":"Name","value":"nightShiftEnd"}},{"kind":"Field","name":{"kind":"Name","value":"otherShiftStart"}},{"kind":"Field","name":{"kind":"Name","value":"otherShiftEnd"}},{"kind":"Field","name":{"kind":"Name","value":"startDay"}},{"kind":"Field","name":{"kind":"Name","value":"endDay"}},{"kind":"Field","name":{"kind":"Name","value":"dropdownStartTime"}},{"kind":"Field","name":{"kind":"Name","value":"dropdownEndTime"}},{"kind":"Field","name":{"kind":"Name","value":"emailContact"}}]}}]}}]}}]} as unknown as DocumentNode<HrGuidelines_FacilityQueryQuery, HrGuidelines_FacilityQueryQueryVariables>;
export const HrGuidelines_UpdateMutationDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"HrGuidelines_UpdateMutation"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"HrGuidelinesInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"updateHrGuidelines"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"MutationUpdateHrGuidelinesSuccess"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"data"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"timeZone"}},{"kind":"Field","name":{"kind":"Name","value":"education"}},{"kind":"Field","name":{"kind":"Name","value":"shiftSettings"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"dayShiftStart"}},{"kind":"Field","name":{"kind":"Name","value":"dayShiftEnd"}},{"kind":"Field","name":{"kind":"Name","value":"eveningShiftStart"}},{"kind":"Field","name":{"kind":"Name","value":"eveningShiftEnd"}},{"kind":"Field","name":{"kind":"Name","value":"nightShiftStart"}},{"kind":"Field","name":{"kind":"Name","value":"nightShiftEnd"}},{"kind":"Field","name":{"kind":"Name","value":"otherShiftStart"}},{"kind":"Field","name":{"kind":"Name","value":"otherShiftEnd"}},{"kind":"Field","name":{"kind":"Name","value":"startDay"}},{"kind":"Field","name":{"kind":"Name","value":"endDay"}},{"kind":"Field","name":{"kind":"Name","value":"dropdownStartTime"}},{"kind":"Field","name":{"kind":"Name","value":"dropdownEndTime"}},{"kind":"Field","name":{"kind":"Name","value":"emailContact"}}]}}]}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"DomainError"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"message"}},{"kind":"Field","name":{"kind":"Name","value":"fieldErrors"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"field"}},{"kind":"Field","name":{"kind":"Name","value":"message"}}]}}]}}]}}]}}]} as unknown as DocumentNode<HrGuidelines_UpdateMutationMutation, HrGuidelines_UpdateMutationMutationVariables>;
export const SystemRelationships_FacilityQueryDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"SystemRelationships_FacilityQuery"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"facilitySettings"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"facilityName"}},{"kind":"Field","name":{"kind":"Name","value":"facilityOwner"}},{"kind":"Field","name":{"kind":"Name","value":"systemName"}},{"kind":"Field","name":{"kind":"Name","value":"divisionName"}}]}}]}}]} as unknown as DocumentNode<SystemRelationships_FacilityQueryQuery, SystemRelationships_FacilityQueryQueryVariables>;
export const SystemRelationships_DefineMutationDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"SystemRelationships_DefineMutation"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"SystemRelationshipsInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"defineSystemRelationships"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"MutationDefineSystemRelationshipsSuccess"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"data"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"facilityName"}},{"kind":"Field","name":{"kind":"Name","value":"facilityOwner"}},{"kind":"Field","name":{"kind":"Name","value":"systemName"}},{"kind":"Field","name":{"kind":"Name","value":"divisionName"}}]}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"DomainError"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"message"}},{"kind":"Field","name":{"kind":"Name","value":"fieldErrors"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"field"}},{"kind":"Field","name":{"kind":"Name","value":"message"}}]}}]}}]}}]}}]} as unknown as DocumentNode<SystemRelationships_DefineMutationMutation, SystemRelationships_DefineMutationMutationVariables>;
export const JobCategorization_JobsQueryDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"JobCategorization_JobsQuery"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"jobs"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"categoryId"}},{"kind":"Field","name":{"kind":"Name","value":"categoryName"}},{"kind":"Field","name":{"kind":"Name","value":"isExempt"}}]}},{"kind":"Field","name":{"kind":"Name","value":"jobCategories"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}}]}}]}}]} as unknown as DocumentNode<JobCategorization_JobsQueryQuery, JobCategorization_JobsQueryQueryVariables>;
export const JobCategorization_SetJobCategoryMutationDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"JobCategorization_SetJobCategoryMutation"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"jobId"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"categoryId"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"setJobCategory"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"jobId"},"value":{"kind":"Variable","name":{"kind":"Name","value":"jobId"}}},{"kind":"Argument","name":{"kind":"Name","value":"categoryId"},"value":{"kind":"Variable","name":{"kind":"Name","value":"categoryId"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"MutationSetJobCategorySuccess"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"data"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"categoryId"}},{"kind":"Field","name":{"kind":"Name","value":"categoryName"}}]}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"DomainError"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"message"}}]}}]}}]}}]} as unknown as DocumentNode<JobCategorization_SetJobCategoryMutationMutation, JobCategorization_SetJobCategoryMutationMutationVariables>;
export const JobCategorization_CreateJobMutationDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"JobCategorization_CreateJobMutation"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"name"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"categoryId"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"createJob"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"name"},"value":{"kind":"Variable","name":{"kind":"Name","value":"name"}}},{"kind":"Argument","name":{"kind":"Name","value":"categoryId"},"value":{"kind":"Variable","name":{"kind":"Name","value":"categoryId"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"MutationCreateJobSuccess"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"data"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}}]}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"DomainError"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"message"}},{"kind":"Field","name":{"kind":"Name","value":"fieldErrors"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"field"}},{"kind":"Field","name":{"kind":"Name","value":"message"}}]}}]}}]}}]}}]} as unknown as DocumentNode<JobCategorization_CreateJobMutationMutation, JobCategorization_CreateJobMutationMutationVariables>;
export const AdminLanding_TasksQueryDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"AdminLanding_TasksQuery"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"adminTasks"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"taskName"}},{"kind":"Field","name":{"kind":"Name","value":"taskState"}}]}}]}}]} as unknown as DocumentNode<AdminLanding_TasksQueryQuery, AdminLanding_TasksQueryQueryVariables>;
export const UserLanding_CostCentersQueryDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"UserLanding_CostCentersQuery"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"me"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"costCenterPermissions"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"costCenterId"}},{"kind":"Field","name":{"kind":"Name","value":"code"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"completeWizard"}},{"kind":"Field","name":{"kind":"Name","value":"manageStaff"}},{"kind":"Field","name":{"kind":"Name","value":"readOnly"}},{"kind":"Field","name":{"kind":"Name","value":"executive"}},{"kind":"Field","name":{"kind":"Name","value":"wizardStatus"}}]}}]}}]}}]} as unknown as DocumentNode<UserLanding_CostCentersQueryQuery, UserLanding_CostCentersQueryQueryVariables>;
export const ProfilePage_UserQueryDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"ProfilePage_UserQuery"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"user"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"firstName"}},{"kind":"Field","name":{"kind":"Name","value":"middleName"}},{"kind":"Field","name":{"kind":"Name","value":"lastName"}},{"kind":"Field","name":{"kind":"Name","value":"email"}}]}}]}}]} as unknown as DocumentNode<ProfilePage_UserQueryQuery, ProfilePage_UserQueryQueryVariables>;
export const ProfilePage_UpdateMyProfileMutationDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"ProfilePage_UpdateMyProfileMutation"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ProfileInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"updateMyProfile"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"MutationUpdateMyProfileSuccess"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"data"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"firstName"}},{"kind":"Field","name":{"kind":"Name","value":"middleName"}},{"kind":"Field","name":{"kind":"Name","value":"lastName"}}]}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"DomainError"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"message"}},{"kind":"Field","name":{"kind":"Name","value":"code"}},{"kind":"Field","name":{"kind":"Name","value":"fieldErrors"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"field"}},{"kind":"Field","name":{"kind":"Name","value":"message"}}]}}]}}]}}]}}]} as unknown as DocumentNode<ProfilePage_UpdateMyProfileMutationMutation, ProfilePage_UpdateMyProfileMutationMutationVariables>;
export const AppShell_ViewerQueryDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"AppShell_ViewerQuery"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"me"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"firstName"}},{"kind":"Field","name":{"kind":"Name","value":"lastName"}},{"kind":"Field","name":{"kind":"Name","value":"initials"}},{"kind":"Field","name":{"kind":"Name","value":"email"}},{"kind":"Field","name":{"kind":"Name","value":"accountType"}},{"kind":"Field","name":{"kind":"Name","value":"facilityId"}},{"kind":"Field","name":{"kind":"Name","value":"facilityName"}},{"kind":"Field","name":{"kind":"Name","value":"organizationId"}}]}}]}}]} as unknown as DocumentNode<AppShell_ViewerQueryQuery, AppShell_ViewerQueryQueryVariables>;