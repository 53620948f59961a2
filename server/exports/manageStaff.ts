// Manage Staff's list as a file (issue #14): the same rows and words as the screen.
import type { ManagedStaffMember } from "../services/manageStaff";
import type { ExportColumn } from "./tables";

export const MANAGED_STAFF_COLUMNS: readonly ExportColumn<ManagedStaffMember>[] = [
  { header: "First name", value: (m) => m.firstName, width: 16 },
  { header: "Last name", value: (m) => m.lastName, width: 18 },
  { header: "Employee ID", value: (m) => m.employeeId, width: 16 },
  { header: "Type", value: (m) => m.staffType },
  { header: "FTE here", value: (m) => m.fte, numberFormat: "0.00" },
  {
    header: "Positions held",
    value: (m) =>
      m.positions
        .map((p) => `${p.jobName ?? p.roleName ?? "Removed role"} · ${p.shift ?? "No shift"} · ${p.fte.toFixed(2)}`)
        .join("; "),
    width: 40,
  },
  { header: "Positions FTE", value: (m) => m.positionsFte, numberFormat: "0.00", width: 14 },
  { header: "Assigned", value: (m) => (m.isAssigned ? "Fully assigned" : "Not fully assigned"), width: 18 },
  { header: "Date of hire", value: (m) => m.dateOfHire ?? "", width: 14 },
  { header: "Contract end", value: (m) => m.contractEndDate ?? "", width: 14 },
  { header: "Education", value: (m) => m.education ?? "", width: 16 },
  { header: "Notes", value: (m) => m.notes ?? "", width: 30 },
];
