/* eslint-disable */
import * as types from './graphql';
import type { TypedDocumentNode as DocumentNode } from '@graphql-typed-document-node/core';

/**
 * Map of all GraphQL operations in the project.
 *
 * This map has several performance disadvantages:
 * 1. It is not tree-shakeable, so it will include all operations in the project.
 * 2. It is not minifiable, so the string of a GraphQL query will be multiple times inside the bundle.
 * 3. It does not support dead code elimination, so it will add unused operations.
 *
 * Therefore it is highly recommended to use the babel or swc plugin for production.
 * Learn more about it here: https://the-guild.dev/graphql/codegen/plugins/presets/preset-client#reducing-bundle-size
 */
type Documents = {
    "\n  mutation ContactUsPage_SendContactMessageMutation($input: ContactMessageInput!) {\n    sendContactMessage(input: $input) {\n      __typename\n      ... on MutationSendContactMessageSuccess {\n        data {\n          id\n          subject\n          message\n          createdAt\n        }\n      }\n      ... on DomainError {\n        message\n        code\n        fieldErrors {\n          field\n          message\n        }\n      }\n    }\n  }\n": typeof types.ContactUsPage_SendContactMessageMutationDocument,
    "\n  query EmployeeSearch_SearchQuery($facilityId: ID!, $term: String!) {\n    employeeSearch(facilityId: $facilityId, term: $term) {\n      id\n      firstName\n      middleName\n      lastName\n      employeeId\n      staffType\n    }\n  }\n": typeof types.EmployeeSearch_SearchQueryDocument,
    "\n  query EmployeeSearch_EmployeeQuery($facilityId: ID!, $id: ID!) {\n    employee(facilityId: $facilityId, id: $id) {\n      id\n      firstName\n      middleName\n      lastName\n      internalId\n      facilityName\n      staffType\n      education\n      userEmail\n      totalFullTimeEquivalence\n      dateOfHire\n      contractDate\n      terminationDate\n      terminationType\n      requisitionNumber\n      costCenters {\n        costCenterId\n        costCenterName\n        internalCode\n        costCenterFullTimeEquivalence\n        managerFirstName\n        managerLastName\n        managerEmail\n        staffPositions {\n          jobName\n          shiftName\n          staffPositionFullTimeEquivalence\n        }\n      }\n    }\n  }\n": typeof types.EmployeeSearch_EmployeeQueryDocument,
    "\n  query AdminLanding_TasksQuery {\n    adminTasks {\n      taskName\n      taskState\n    }\n  }\n": typeof types.AdminLanding_TasksQueryDocument,
    "\n  query UserLanding_CostCentersQuery {\n    me {\n      id\n      costCenterPermissions {\n        costCenterId\n        code\n        name\n        completeWizard\n        manageStaff\n        readOnly\n        executive\n        wizardStatus\n      }\n    }\n  }\n": typeof types.UserLanding_CostCentersQueryDocument,
    "\n  query ProfilePage_UserQuery($id: ID!) {\n    user(id: $id) {\n      id\n      firstName\n      middleName\n      lastName\n      email\n    }\n  }\n": typeof types.ProfilePage_UserQueryDocument,
    "\n  mutation ProfilePage_UpdateMyProfileMutation($input: ProfileInput!) {\n    updateMyProfile(input: $input) {\n      __typename\n      ... on MutationUpdateMyProfileSuccess {\n        data {\n          id\n          firstName\n          middleName\n          lastName\n        }\n      }\n      ... on DomainError {\n        message\n        code\n        fieldErrors {\n          field\n          message\n        }\n      }\n    }\n  }\n": typeof types.ProfilePage_UpdateMyProfileMutationDocument,
    "\n  query AppShell_ViewerQuery {\n    me {\n      id\n      name\n      firstName\n      lastName\n      initials\n      email\n      accountType\n      facilityId\n      facilityName\n      organizationId\n    }\n  }\n": typeof types.AppShell_ViewerQueryDocument,
};
const documents: Documents = {
    "\n  mutation ContactUsPage_SendContactMessageMutation($input: ContactMessageInput!) {\n    sendContactMessage(input: $input) {\n      __typename\n      ... on MutationSendContactMessageSuccess {\n        data {\n          id\n          subject\n          message\n          createdAt\n        }\n      }\n      ... on DomainError {\n        message\n        code\n        fieldErrors {\n          field\n          message\n        }\n      }\n    }\n  }\n": types.ContactUsPage_SendContactMessageMutationDocument,
    "\n  query EmployeeSearch_SearchQuery($facilityId: ID!, $term: String!) {\n    employeeSearch(facilityId: $facilityId, term: $term) {\n      id\n      firstName\n      middleName\n      lastName\n      employeeId\n      staffType\n    }\n  }\n": types.EmployeeSearch_SearchQueryDocument,
    "\n  query EmployeeSearch_EmployeeQuery($facilityId: ID!, $id: ID!) {\n    employee(facilityId: $facilityId, id: $id) {\n      id\n      firstName\n      middleName\n      lastName\n      internalId\n      facilityName\n      staffType\n      education\n      userEmail\n      totalFullTimeEquivalence\n      dateOfHire\n      contractDate\n      terminationDate\n      terminationType\n      requisitionNumber\n      costCenters {\n        costCenterId\n        costCenterName\n        internalCode\n        costCenterFullTimeEquivalence\n        managerFirstName\n        managerLastName\n        managerEmail\n        staffPositions {\n          jobName\n          shiftName\n          staffPositionFullTimeEquivalence\n        }\n      }\n    }\n  }\n": types.EmployeeSearch_EmployeeQueryDocument,
    "\n  query AdminLanding_TasksQuery {\n    adminTasks {\n      taskName\n      taskState\n    }\n  }\n": types.AdminLanding_TasksQueryDocument,
    "\n  query UserLanding_CostCentersQuery {\n    me {\n      id\n      costCenterPermissions {\n        costCenterId\n        code\n        name\n        completeWizard\n        manageStaff\n        readOnly\n        executive\n        wizardStatus\n      }\n    }\n  }\n": types.UserLanding_CostCentersQueryDocument,
    "\n  query ProfilePage_UserQuery($id: ID!) {\n    user(id: $id) {\n      id\n      firstName\n      middleName\n      lastName\n      email\n    }\n  }\n": types.ProfilePage_UserQueryDocument,
    "\n  mutation ProfilePage_UpdateMyProfileMutation($input: ProfileInput!) {\n    updateMyProfile(input: $input) {\n      __typename\n      ... on MutationUpdateMyProfileSuccess {\n        data {\n          id\n          firstName\n          middleName\n          lastName\n        }\n      }\n      ... on DomainError {\n        message\n        code\n        fieldErrors {\n          field\n          message\n        }\n      }\n    }\n  }\n": types.ProfilePage_UpdateMyProfileMutationDocument,
    "\n  query AppShell_ViewerQuery {\n    me {\n      id\n      name\n      firstName\n      lastName\n      initials\n      email\n      accountType\n      facilityId\n      facilityName\n      organizationId\n    }\n  }\n": types.AppShell_ViewerQueryDocument,
};

/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 *
 *
 * @example
 * ```ts
 * const query = graphql(`query GetUser($id: ID!) { user(id: $id) { name } }`);
 * ```
 *
 * The query argument is unknown!
 * Please regenerate the types.
 */
export function graphql(source: string): unknown;

/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation ContactUsPage_SendContactMessageMutation($input: ContactMessageInput!) {\n    sendContactMessage(input: $input) {\n      __typename\n      ... on MutationSendContactMessageSuccess {\n        data {\n          id\n          subject\n          message\n          createdAt\n        }\n      }\n      ... on DomainError {\n        message\n        code\n        fieldErrors {\n          field\n          message\n        }\n      }\n    }\n  }\n"): (typeof documents)["\n  mutation ContactUsPage_SendContactMessageMutation($input: ContactMessageInput!) {\n    sendContactMessage(input: $input) {\n      __typename\n      ... on MutationSendContactMessageSuccess {\n        data {\n          id\n          subject\n          message\n          createdAt\n        }\n      }\n      ... on DomainError {\n        message\n        code\n        fieldErrors {\n          field\n          message\n        }\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query EmployeeSearch_SearchQuery($facilityId: ID!, $term: String!) {\n    employeeSearch(facilityId: $facilityId, term: $term) {\n      id\n      firstName\n      middleName\n      lastName\n      employeeId\n      staffType\n    }\n  }\n"): (typeof documents)["\n  query EmployeeSearch_SearchQuery($facilityId: ID!, $term: String!) {\n    employeeSearch(facilityId: $facilityId, term: $term) {\n      id\n      firstName\n      middleName\n      lastName\n      employeeId\n      staffType\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query EmployeeSearch_EmployeeQuery($facilityId: ID!, $id: ID!) {\n    employee(facilityId: $facilityId, id: $id) {\n      id\n      firstName\n      middleName\n      lastName\n      internalId\n      facilityName\n      staffType\n      education\n      userEmail\n      totalFullTimeEquivalence\n      dateOfHire\n      contractDate\n      terminationDate\n      terminationType\n      requisitionNumber\n      costCenters {\n        costCenterId\n        costCenterName\n        internalCode\n        costCenterFullTimeEquivalence\n        managerFirstName\n        managerLastName\n        managerEmail\n        staffPositions {\n          jobName\n          shiftName\n          staffPositionFullTimeEquivalence\n        }\n      }\n    }\n  }\n"): (typeof documents)["\n  query EmployeeSearch_EmployeeQuery($facilityId: ID!, $id: ID!) {\n    employee(facilityId: $facilityId, id: $id) {\n      id\n      firstName\n      middleName\n      lastName\n      internalId\n      facilityName\n      staffType\n      education\n      userEmail\n      totalFullTimeEquivalence\n      dateOfHire\n      contractDate\n      terminationDate\n      terminationType\n      requisitionNumber\n      costCenters {\n        costCenterId\n        costCenterName\n        internalCode\n        costCenterFullTimeEquivalence\n        managerFirstName\n        managerLastName\n        managerEmail\n        staffPositions {\n          jobName\n          shiftName\n          staffPositionFullTimeEquivalence\n        }\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query AdminLanding_TasksQuery {\n    adminTasks {\n      taskName\n      taskState\n    }\n  }\n"): (typeof documents)["\n  query AdminLanding_TasksQuery {\n    adminTasks {\n      taskName\n      taskState\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query UserLanding_CostCentersQuery {\n    me {\n      id\n      costCenterPermissions {\n        costCenterId\n        code\n        name\n        completeWizard\n        manageStaff\n        readOnly\n        executive\n        wizardStatus\n      }\n    }\n  }\n"): (typeof documents)["\n  query UserLanding_CostCentersQuery {\n    me {\n      id\n      costCenterPermissions {\n        costCenterId\n        code\n        name\n        completeWizard\n        manageStaff\n        readOnly\n        executive\n        wizardStatus\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query ProfilePage_UserQuery($id: ID!) {\n    user(id: $id) {\n      id\n      firstName\n      middleName\n      lastName\n      email\n    }\n  }\n"): (typeof documents)["\n  query ProfilePage_UserQuery($id: ID!) {\n    user(id: $id) {\n      id\n      firstName\n      middleName\n      lastName\n      email\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation ProfilePage_UpdateMyProfileMutation($input: ProfileInput!) {\n    updateMyProfile(input: $input) {\n      __typename\n      ... on MutationUpdateMyProfileSuccess {\n        data {\n          id\n          firstName\n          middleName\n          lastName\n        }\n      }\n      ... on DomainError {\n        message\n        code\n        fieldErrors {\n          field\n          message\n        }\n      }\n    }\n  }\n"): (typeof documents)["\n  mutation ProfilePage_UpdateMyProfileMutation($input: ProfileInput!) {\n    updateMyProfile(input: $input) {\n      __typename\n      ... on MutationUpdateMyProfileSuccess {\n        data {\n          id\n          firstName\n          middleName\n          lastName\n        }\n      }\n      ... on DomainError {\n        message\n        code\n        fieldErrors {\n          field\n          message\n        }\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query AppShell_ViewerQuery {\n    me {\n      id\n      name\n      firstName\n      lastName\n      initials\n      email\n      accountType\n      facilityId\n      facilityName\n      organizationId\n    }\n  }\n"): (typeof documents)["\n  query AppShell_ViewerQuery {\n    me {\n      id\n      name\n      firstName\n      lastName\n      initials\n      email\n      accountType\n      facilityId\n      facilityName\n      organizationId\n    }\n  }\n"];

export function graphql(source: string) {
  return (documents as any)[source] ?? {};
}

export type DocumentType<TDocumentNode extends DocumentNode<any, any>> = TDocumentNode extends DocumentNode<  infer TType,  any>  ? TType  : never;