import { type ComponentType, lazy, type ReactNode } from "react";
import type { AccountType } from "../../../schema/accountTypes";

/**
 * A screen loaded on first visit (its own chunk, issue #16), so the sign-in page and each landing
 * download only what they show. AppShell's Suspense shows a spinner while a chunk arrives.
 */
// biome-ignore lint/suspicious/noExplicitAny: a page's props are whatever its module's component takes.
function lazyPage<Name extends string, Module extends Record<Name, ComponentType<any>>>(
  load: () => Promise<Module>,
  name: Name,
) {
  // `preload` starts the download early (RequireAccount calls it while the session and the account
  // are still being checked), so the chunk does not wait for them.
  return Object.assign(
    lazy(async () => ({ default: (await load())[name] })),
    { preload: () => void load() },
  );
}

const ContactUsPage = lazyPage(() => import("../features/contact/ContactUsPage"), "ContactUsPage");
const CostCenterMaintenancePage = lazyPage(
  () => import("../features/costCenters/CostCenterMaintenancePage"),
  "CostCenterMaintenancePage",
);
const FacilityDashboardPage = lazyPage(
  () => import("../features/dashboards/FacilityDashboardPage"),
  "FacilityDashboardPage",
);
const IndividualDashboardPage = lazyPage(
  () => import("../features/dashboards/IndividualDashboardPage"),
  "IndividualDashboardPage",
);
const PositionControlPage = lazyPage(() => import("../features/dashboards/PositionControlPage"), "PositionControlPage");
const PositionsRollupPage = lazyPage(() => import("../features/dashboards/PositionsRollupPage"), "PositionsRollupPage");
const UserDashboardPage = lazyPage(() => import("../features/dashboards/UserDashboardPage"), "UserDashboardPage");
const EmployeeSearchPage = lazyPage(
  () => import("../features/employeeSearch/EmployeeSearchPage"),
  "EmployeeSearchPage",
);
const FinancialInformationPage = lazyPage(
  () => import("../features/facilityDefinitions/FinancialInformationPage"),
  "FinancialInformationPage",
);
const HrGuidelinesPage = lazyPage(() => import("../features/facilityDefinitions/HrGuidelinesPage"), "HrGuidelinesPage");
const SystemRelationshipsPage = lazyPage(
  () => import("../features/facilityDefinitions/SystemRelationshipsPage"),
  "SystemRelationshipsPage",
);
const FaqPage = lazyPage(() => import("../features/faq/FaqPage"), "FaqPage");
const JobCategorizationPage = lazyPage(() => import("../features/jobs/JobCategorizationPage"), "JobCategorizationPage");
const AdminLandingPage = lazyPage(() => import("../features/landing/AdminLandingPage"), "AdminLandingPage");
const ExecLandingPage = lazyPage(() => import("../features/landing/ExecLandingPage"), "ExecLandingPage");
const UserLandingPage = lazyPage(() => import("../features/landing/UserLandingPage"), "UserLandingPage");
const ManageStaffPage = lazyPage(() => import("../features/manageStaff/ManageStaffPage"), "ManageStaffPage");
const ModellingPage = lazyPage(() => import("../features/modelling/ModellingPage"), "ModellingPage");
const ProfilePage = lazyPage(() => import("../features/profile/ProfilePage"), "ProfilePage");
const UploadPage = lazyPage(() => import("../features/uploads/UploadPage"), "UploadPage");
const UserAccessibilityPage = lazyPage(
  () => import("../features/userAccess/UserAccessibilityPage"),
  "UserAccessibilityPage",
);
const AssignStaffStep = lazyPage(() => import("../features/wizard/AssignStaffStep"), "AssignStaffStep");
const CareScheduleStep = lazyPage(() => import("../features/wizard/CareScheduleStep"), "CareScheduleStep");
const DefineRolesStep = lazyPage(() => import("../features/wizard/DefineRolesStep"), "DefineRolesStep");
const PositionControlStep = lazyPage(() => import("../features/wizard/PositionControlStep"), "PositionControlStep");
const ReviewStep = lazyPage(() => import("../features/wizard/ReviewStep"), "ReviewStep");
const UnitDefinitionStep = lazyPage(() => import("../features/wizard/UnitDefinitionStep"), "UnitDefinitionStep");

export type SignedInRoute = {
  path: string;
  /** The account types whose route set holds this path (spec section 2). */
  allowed: readonly AccountType[];
  element: ReactNode;
  /** Starts downloading the screen's chunk. */
  preload: () => void;
};

const ALL: readonly AccountType[] = ["admin", "exec", "user"];
const ADMIN_AND_USER: readonly AccountType[] = ["admin", "user"];
const ADMIN: readonly AccountType[] = ["admin"];
const USER: readonly AccountType[] = ["user"];
const EXEC: readonly AccountType[] = ["exec"];

/** Every signed-in route of spec section 2. /home is public and lives in AppRoutes. */
export const SIGNED_IN_ROUTES: readonly SignedInRoute[] = [
  // All three account types
  { path: "/user/profile", allowed: ALL, preload: ProfilePage.preload, element: <ProfilePage /> },
  // Admin and user only
  { path: "/contact-us", allowed: ADMIN_AND_USER, preload: ContactUsPage.preload, element: <ContactUsPage /> },
  { path: "/faq", allowed: ADMIN_AND_USER, preload: FaqPage.preload, element: <FaqPage /> },

  // Admin
  { path: "/admin/landing", allowed: ADMIN, preload: AdminLandingPage.preload, element: <AdminLandingPage /> },
  {
    path: "/admin/user-accessibility",
    allowed: ADMIN,
    preload: UserAccessibilityPage.preload,
    element: <UserAccessibilityPage />,
  },
  {
    path: "/admin/job-categorization",
    allowed: ADMIN,
    preload: JobCategorizationPage.preload,
    element: <JobCategorizationPage />,
  },
  {
    path: "/admin/facility-definitions/define-system-relationships",
    allowed: ADMIN,
    preload: SystemRelationshipsPage.preload,
    element: <SystemRelationshipsPage />,
  },
  {
    path: "/admin/facility-definitions/financial-information",
    allowed: ADMIN,
    preload: FinancialInformationPage.preload,
    element: <FinancialInformationPage />,
  },
  {
    path: "/admin/facility-definitions/hr-guidelines",
    allowed: ADMIN,
    preload: HrGuidelinesPage.preload,
    element: <HrGuidelinesPage />,
  },
  {
    path: "/admin/upload/cost-center",
    allowed: ADMIN,
    preload: UploadPage.preload,
    element: <UploadPage key="CostCenter" kind="CostCenter" />,
  },
  {
    path: "/admin/upload/staff",
    allowed: ADMIN,
    preload: UploadPage.preload,
    element: <UploadPage key="Staff" kind="Staff" />,
  },
  {
    path: "/admin/upload/users",
    allowed: ADMIN,
    preload: UploadPage.preload,
    element: <UploadPage key="Users" kind="Users" />,
  },
  {
    path: "/admin/cost-center-maintenance",
    allowed: ADMIN,
    preload: CostCenterMaintenancePage.preload,
    element: <CostCenterMaintenancePage />,
  },
  {
    path: "/admin/employee-search",
    allowed: ADMIN,
    preload: EmployeeSearchPage.preload,
    element: <EmployeeSearchPage />,
  },

  // User
  { path: "/user/landing", allowed: USER, preload: UserLandingPage.preload, element: <UserLandingPage /> },
  { path: "/user/modelling", allowed: USER, preload: ModellingPage.preload, element: <ModellingPage /> },
  { path: "/user/manageStaff", allowed: USER, preload: ManageStaffPage.preload, element: <ManageStaffPage /> },
  { path: "/user/dashboard", allowed: USER, preload: UserDashboardPage.preload, element: <UserDashboardPage /> },
  {
    path: "/user/employee-search",
    allowed: USER,
    preload: EmployeeSearchPage.preload,
    element: <EmployeeSearchPage />,
  },
  { path: "/user/wizard/unitdef", allowed: USER, preload: UnitDefinitionStep.preload, element: <UnitDefinitionStep /> },
  { path: "/user/wizard/defineRoles", allowed: USER, preload: DefineRolesStep.preload, element: <DefineRolesStep /> },
  {
    path: "/user/wizard/careschedule",
    allowed: USER,
    preload: CareScheduleStep.preload,
    element: <CareScheduleStep />,
  },
  { path: "/user/wizard/assignstaff", allowed: USER, preload: AssignStaffStep.preload, element: <AssignStaffStep /> },
  {
    path: "/user/wizard/positioncontrol",
    allowed: USER,
    preload: PositionControlStep.preload,
    element: <PositionControlStep />,
  },
  { path: "/user/wizard/review", allowed: USER, preload: ReviewStep.preload, element: <ReviewStep /> },

  // Exec
  { path: "/exec/landing", allowed: EXEC, preload: ExecLandingPage.preload, element: <ExecLandingPage /> },
  {
    path: "/exec/position-control",
    allowed: EXEC,
    preload: PositionControlPage.preload,
    element: <PositionControlPage />,
  },
  {
    path: "/exec/positions-rollup",
    allowed: EXEC,
    preload: PositionsRollupPage.preload,
    element: <PositionsRollupPage />,
  },
  {
    path: "/exec/facility-dashboard",
    allowed: EXEC,
    preload: FacilityDashboardPage.preload,
    element: <FacilityDashboardPage />,
  },
  {
    path: "/exec/individual-dashboard",
    allowed: EXEC,
    preload: IndividualDashboardPage.preload,
    element: <IndividualDashboardPage />,
  },
  {
    path: "/exec/employee-search",
    allowed: EXEC,
    preload: EmployeeSearchPage.preload,
    element: <EmployeeSearchPage />,
  },
];
