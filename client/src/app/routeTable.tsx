import type { ReactNode } from "react";
import type { AccountType } from "../../../schema/accountTypes";
import { ContactUsPage } from "../features/contact/ContactUsPage";
import { CostCenterMaintenancePage } from "../features/costCenters/CostCenterMaintenancePage";
import { FacilityDashboardPage } from "../features/dashboards/FacilityDashboardPage";
import { IndividualDashboardPage } from "../features/dashboards/IndividualDashboardPage";
import { PositionControlPage } from "../features/dashboards/PositionControlPage";
import { PositionsRollupPage } from "../features/dashboards/PositionsRollupPage";
import { UserDashboardPage } from "../features/dashboards/UserDashboardPage";
import { EmployeeSearchPage } from "../features/employeeSearch/EmployeeSearchPage";
import { FinancialInformationPage } from "../features/facilityDefinitions/FinancialInformationPage";
import { HrGuidelinesPage } from "../features/facilityDefinitions/HrGuidelinesPage";
import { SystemRelationshipsPage } from "../features/facilityDefinitions/SystemRelationshipsPage";
import { FaqPage } from "../features/faq/FaqPage";
import { JobCategorizationPage } from "../features/jobs/JobCategorizationPage";
import { AdminLandingPage } from "../features/landing/AdminLandingPage";
import { ExecLandingPage } from "../features/landing/ExecLandingPage";
import { UserLandingPage } from "../features/landing/UserLandingPage";
import { ManageStaffPage } from "../features/manageStaff/ManageStaffPage";
import { ModellingPage } from "../features/modelling/ModellingPage";
import { ProfilePage } from "../features/profile/ProfilePage";
import { UploadPage } from "../features/uploads/UploadPage";
import { UserAccessibilityPage } from "../features/userAccess/UserAccessibilityPage";
import { AssignStaffStep } from "../features/wizard/AssignStaffStep";
import { CareScheduleStep } from "../features/wizard/CareScheduleStep";
import { DefineRolesStep } from "../features/wizard/DefineRolesStep";
import { PositionControlStep } from "../features/wizard/PositionControlStep";
import { ReviewStep } from "../features/wizard/ReviewStep";
import { UnitDefinitionStep } from "../features/wizard/UnitDefinitionStep";

export type SignedInRoute = {
  path: string;
  /** The account types whose route set holds this path (spec section 2). */
  allowed: readonly AccountType[];
  element: ReactNode;
};

const ALL: readonly AccountType[] = ["admin", "exec", "user"];
const ADMIN_AND_USER: readonly AccountType[] = ["admin", "user"];
const ADMIN: readonly AccountType[] = ["admin"];
const USER: readonly AccountType[] = ["user"];
const EXEC: readonly AccountType[] = ["exec"];

/** Every signed-in route of spec section 2. /home is public and lives in AppRoutes. */
export const SIGNED_IN_ROUTES: readonly SignedInRoute[] = [
  // All three account types
  { path: "/user/profile", allowed: ALL, element: <ProfilePage /> },
  // Admin and user only
  { path: "/contact-us", allowed: ADMIN_AND_USER, element: <ContactUsPage /> },
  { path: "/faq", allowed: ADMIN_AND_USER, element: <FaqPage /> },

  // Admin
  { path: "/admin/landing", allowed: ADMIN, element: <AdminLandingPage /> },
  {
    path: "/admin/user-accessibility",
    allowed: ADMIN,
    element: <UserAccessibilityPage />,
  },
  { path: "/admin/job-categorization", allowed: ADMIN, element: <JobCategorizationPage /> },
  {
    path: "/admin/facility-definitions/define-system-relationships",
    allowed: ADMIN,
    element: <SystemRelationshipsPage />,
  },
  { path: "/admin/facility-definitions/financial-information", allowed: ADMIN, element: <FinancialInformationPage /> },
  { path: "/admin/facility-definitions/hr-guidelines", allowed: ADMIN, element: <HrGuidelinesPage /> },
  { path: "/admin/upload/cost-center", allowed: ADMIN, element: <UploadPage key="CostCenter" kind="CostCenter" /> },
  { path: "/admin/upload/staff", allowed: ADMIN, element: <UploadPage key="Staff" kind="Staff" /> },
  { path: "/admin/upload/users", allowed: ADMIN, element: <UploadPage key="Users" kind="Users" /> },
  { path: "/admin/cost-center-maintenance", allowed: ADMIN, element: <CostCenterMaintenancePage /> },
  { path: "/admin/employee-search", allowed: ADMIN, element: <EmployeeSearchPage /> },

  // User
  { path: "/user/landing", allowed: USER, element: <UserLandingPage /> },
  { path: "/user/modelling", allowed: USER, element: <ModellingPage /> },
  { path: "/user/manageStaff", allowed: USER, element: <ManageStaffPage /> },
  { path: "/user/dashboard", allowed: USER, element: <UserDashboardPage /> },
  { path: "/user/employee-search", allowed: USER, element: <EmployeeSearchPage /> },
  { path: "/user/wizard/unitdef", allowed: USER, element: <UnitDefinitionStep /> },
  { path: "/user/wizard/defineRoles", allowed: USER, element: <DefineRolesStep /> },
  { path: "/user/wizard/careschedule", allowed: USER, element: <CareScheduleStep /> },
  { path: "/user/wizard/assignstaff", allowed: USER, element: <AssignStaffStep /> },
  { path: "/user/wizard/positioncontrol", allowed: USER, element: <PositionControlStep /> },
  { path: "/user/wizard/review", allowed: USER, element: <ReviewStep /> },

  // Exec
  { path: "/exec/landing", allowed: EXEC, element: <ExecLandingPage /> },
  { path: "/exec/position-control", allowed: EXEC, element: <PositionControlPage /> },
  { path: "/exec/positions-rollup", allowed: EXEC, element: <PositionsRollupPage /> },
  { path: "/exec/facility-dashboard", allowed: EXEC, element: <FacilityDashboardPage /> },
  { path: "/exec/individual-dashboard", allowed: EXEC, element: <IndividualDashboardPage /> },
  { path: "/exec/employee-search", allowed: EXEC, element: <EmployeeSearchPage /> },
];
