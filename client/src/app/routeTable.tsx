import { type ComponentProps, type ComponentType, lazy, type ReactNode } from "react";
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

const AuditLogPage = lazyPage(() => import("../features/auditLog/AuditLogPage"), "AuditLogPage");
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

type LazyPage = ComponentType & { preload: () => void };
/** A path's screen: a lazy page shown without props, or the element that shows one and its preload. */
type Screen = LazyPage | { element: ReactNode; preload: () => void };

/** The routes of `screens` (path to screen), each open to the `allowed` account types. */
function routes(allowed: readonly AccountType[], screens: Record<string, Screen>): SignedInRoute[] {
  return Object.entries(screens).map(([path, Screen]) =>
    "element" in Screen
      ? { path, allowed, ...Screen }
      : { path, allowed, preload: Screen.preload, element: <Screen /> },
  );
}

/** One upload screen per kind; the key gives each kind a fresh screen when the menu switches between them. */
const upload = (kind: ComponentProps<typeof UploadPage>["kind"]): Screen => ({
  element: <UploadPage key={kind} kind={kind} />,
  preload: UploadPage.preload,
});

/** Every signed-in route of spec section 2. /home is public and lives in AppRoutes. */
export const SIGNED_IN_ROUTES: readonly SignedInRoute[] = [
  ...routes(["admin", "exec", "user"], { "/user/profile": ProfilePage }),
  ...routes(["admin", "user"], { "/contact-us": ContactUsPage, "/faq": FaqPage }),
  ...routes(["admin"], {
    "/admin/landing": AdminLandingPage,
    "/admin/user-accessibility": UserAccessibilityPage,
    "/admin/job-categorization": JobCategorizationPage,
    "/admin/facility-definitions/define-system-relationships": SystemRelationshipsPage,
    "/admin/facility-definitions/financial-information": FinancialInformationPage,
    "/admin/facility-definitions/hr-guidelines": HrGuidelinesPage,
    "/admin/upload/cost-center": upload("CostCenter"),
    "/admin/upload/staff": upload("Staff"),
    "/admin/upload/users": upload("Users"),
    "/admin/cost-center-maintenance": CostCenterMaintenancePage,
    "/admin/employee-search": EmployeeSearchPage,
    // Not in the spec's route list: the audit log screen issue #17 asks for.
    "/admin/audit-log": AuditLogPage,
  }),
  ...routes(["user"], {
    "/user/landing": UserLandingPage,
    "/user/modelling": ModellingPage,
    "/user/manageStaff": ManageStaffPage,
    "/user/dashboard": UserDashboardPage,
    "/user/employee-search": EmployeeSearchPage,
    "/user/wizard/unitdef": UnitDefinitionStep,
    "/user/wizard/defineRoles": DefineRolesStep,
    "/user/wizard/careschedule": CareScheduleStep,
    "/user/wizard/assignstaff": AssignStaffStep,
    "/user/wizard/positioncontrol": PositionControlStep,
    "/user/wizard/review": ReviewStep,
  }),
  ...routes(["exec"], {
    "/exec/landing": ExecLandingPage,
    "/exec/position-control": PositionControlPage,
    "/exec/positions-rollup": PositionsRollupPage,
    "/exec/facility-dashboard": FacilityDashboardPage,
    "/exec/individual-dashboard": IndividualDashboardPage,
    "/exec/employee-search": EmployeeSearchPage,
  }),
];
