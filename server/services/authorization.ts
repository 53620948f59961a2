import { forbidden, requireUuid } from "./errors";
import type { Viewer } from "./viewer";

/** Administrator of the given facility (the viewer's own when none is named); otherwise 403. */
export function requireAdmin(viewer: Viewer, facilityId: string = viewer.facilityId): void {
  requireUuid(facilityId, "facility");
  if (viewer.accountType !== "admin" || viewer.facilityId !== facilityId) throw forbidden();
}
