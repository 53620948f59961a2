/** Display rules of the Employee Details card (spec §2 'Employee search', §9). */

export const NOT_AVAILABLE = "N/A";
export const EMPLOYEE_ID_NOT_FOUND = "Not found";
export const EDUCATION_NOT_SET = "Not set";
export const MANAGER_NOT_ASSIGNED = "Manager not assigned";
export const NO_COST_CENTER_DATA = "No Cost Center Data Found";
export const UNASSIGNED_EMPLOYEE = "Unassigned Employee";
export const UNASSIGNED_EMPLOYEE_TOOLTIP =
  "This employee belongs to no cost center. A unit manager with Manage Staff permission can assign them in Manage Staff.";
export const SEARCH_FAILED = "Failed to search for employees";
export const DETAILS_FAILED = "Failed to load employee details";

type Named = { firstName: string; middleName?: string | null; lastName: string };

/** "First Middle Last", skipping a missing middle name. */
export function fullName({ firstName, middleName, lastName }: Named): string {
  return [firstName, middleName, lastName].filter((part) => part && part.trim() !== "").join(" ");
}

/** The value, or the fallback when it is missing or blank. */
export function orFallback(value: string | null | undefined, fallback: string = NOT_AVAILABLE): string {
  return value === null || value === undefined || value.trim() === "" ? fallback : value;
}

/** FTE shown with 2 decimals (spec §9). */
export function formatFte(fte: number): string {
  return fte.toFixed(2);
}

/** An ISO date (YYYY-MM-DD, optionally with a time) as MM/DD/YYYY; anything else as given; missing as N/A. */
export function formatDate(value: string | null | undefined): string {
  if (!value) return NOT_AVAILABLE;
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(value);
  if (!match) return value;
  const [, year, month, day] = match;
  return `${month}/${day}/${year}`;
}

const TERMINATION_LABELS: Record<string, string> = {
  TransferWithinOrg: "Transfer",
  VoluntaryTermination: "Termination - Voluntary",
  InvoluntaryTermination: "Termination - Involuntary",
};

export function formatTerminationType(value: string | null | undefined): string {
  if (!value) return NOT_AVAILABLE;
  return TERMINATION_LABELS[value] ?? value;
}

type Manager = { managerFirstName?: string | null; managerLastName?: string | null };

/** The manager's name, or null when the cost center has no manager. */
export function managerName({ managerFirstName, managerLastName }: Manager): string | null {
  const name = [managerFirstName, managerLastName].filter((part) => part && part.trim() !== "").join(" ");
  return name === "" ? null : name;
}
