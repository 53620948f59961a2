/** Pages whose footer shows no back or main buttons (spec section 2, "Footer"), plus /home and the not-found page. */
const PAGES_WITHOUT_NAVIGATION = [
  "/user/dashboard",
  "/admin/landing",
  "/admin/employee-search",
  "/user/employee-search",
  "/user/landing",
  "/exec/landing",
  "/exec/employee-search",
  "/exec/positions-rollup",
  "/exec/position-control",
  "/exec/individual-dashboard",
  "/exec/facility-dashboard",
  "/user/manageStaff",
  "/admin/cost-center-maintenance",
  "/user/profile",
  "/contact-us",
  "/admin/user-accessibility",
  "/faq",
  // Not in the spec's list, but none has anything to go back from or forward to.
  "/home",
  "/admin/audit-log",
];

/** Messages a page shows in the footer unless it sets its own. */
const DEFAULT_MESSAGES: Record<string, string> = {
  "/user/managestaff": "All changes are saved automatically.",
};

/** Routes match without regard to case or a trailing slash, as react-router does. */
function normalise(pathname: string): string {
  const trimmed = pathname.length > 1 ? pathname.replace(/\/+$/, "") : pathname;
  return trimmed.toLowerCase();
}

const withoutNavigation = new Set(PAGES_WITHOUT_NAVIGATION.map(normalise));

/** Whether the footer may show its back and main buttons on this path. */
export function footerShowsNavigation(pathname: string): boolean {
  return !withoutNavigation.has(normalise(pathname));
}

export function defaultFooterMessage(pathname: string): string | null {
  return DEFAULT_MESSAGES[normalise(pathname)] ?? null;
}
