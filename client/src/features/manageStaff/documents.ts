import { graphql } from "../../gql";
import type { ManageStaff_ListQueryQuery, StaffType } from "../../gql/graphql";

// The GraphQL documents of Manage Staff, and what the page and its dialogs share.

export const ManageStaff_ListQuery = graphql(`
  query ManageStaff_ListQuery($costCenterId: ID!) {
    manageStaff(costCenterId: $costCenterId) {
      costCenterId
      costCenterCode
      costCenterName
      canEdit
      budgetYear
      prnStandard
      staff {
        ...ManageStaff_Member
      }
      overFilledPositions {
        warning
      }
    }
  }
`);

graphql(`
  fragment ManageStaff_Member on ManagedStaffMember {
    staffId
    employeeId
    firstName
    middleName
    lastName
    staffType
    fte
    dateOfHire
    contractEndDate
    education
    notes
    positionsFte
    isAssigned
    positions {
      id
      roleName
      jobName
      shift
      fte
    }
    overFilledPositions {
      warning
    }
  }
`);

export const ManageStaff_AddMutation = graphql(`
  mutation ManageStaff_AddMutation($costCenterId: ID!, $input: StaffMemberInput!) {
    addStaffMember(costCenterId: $costCenterId, input: $input) {
      __typename
      ... on MutationAddStaffMemberSuccess {
        data {
          ...ManageStaff_Member
        }
      }
      ...DomainError_Fields
    }
  }
`);

export const ManageStaff_UpdateMutation = graphql(`
  mutation ManageStaff_UpdateMutation($costCenterId: ID!, $staffId: ID!, $input: StaffMemberInput!) {
    updateStaffMember(costCenterId: $costCenterId, staffId: $staffId, input: $input) {
      __typename
      ... on MutationUpdateStaffMemberSuccess {
        data {
          ...ManageStaff_Member
        }
      }
      ...DomainError_Fields
    }
  }
`);

export const ManageStaff_RemoveMutation = graphql(`
  mutation ManageStaff_RemoveMutation($costCenterId: ID!, $staffId: ID!) {
    removeStaffMember(costCenterId: $costCenterId, staffId: $staffId) {
      __typename
      ...DomainError_Fields
    }
  }
`);

export const ManageStaff_TransferMutation = graphql(`
  mutation ManageStaff_TransferMutation(
    $costCenterId: ID!
    $staffId: ID!
    $transferType: StaffTransferType!
    $toCostCenterId: ID
    $terminationDate: String
  ) {
    transferStaffMember(
      costCenterId: $costCenterId
      staffId: $staffId
      transferType: $transferType
      toCostCenterId: $toCostCenterId
      terminationDate: $terminationDate
    ) {
      __typename
      ...DomainError_Fields
    }
  }
`);

export const ManageStaff_TransferTargetsQuery = graphql(`
  query ManageStaff_TransferTargetsQuery($costCenterId: ID!) {
    staffTransferTargets(costCenterId: $costCenterId) {
      costCenterId
      code
      name
    }
  }
`);

export type List = ManageStaff_ListQueryQuery["manageStaff"];
export type Member = List["staff"][number];
export type StaffAction = "edit" | "remove" | "transfer" | "terminate";

export const TYPE_LABEL: Record<StaffType, string> = { Regular: "Regular", PRN: "PRN", Traveller: "Traveller" };
