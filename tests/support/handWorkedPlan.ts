import { demoId } from "../../db/seed/demo";

/**
 * The plan the wizard's tests work by hand, from the spec's sample model (§3, §9): census 22 at
 * 9.6 HPPD, 10 % non-productive, 5 % overtime, finance's budget 30 productive and 33 paid FTE; a
 * Nurse Manager at 0.5 FTE, Registered Nurses on 12.5-hour days and nights, Certified Nursing
 * Assistants on 8-hour days, evenings and nights. Written out here rather than taken from the code's
 * sample defaults, so that the tests check the code against the spec; each test works its expected
 * figures out by hand where it checks them.
 */
export const HAND_WORKED_UNIT = {
  census: 22,
  careTeamTarget: 9.6,
  nonProductiveGoalPercentage: 10,
  targetOvertimePercentage: 5,
  productiveFteBudget: 30,
  totalPaidFteBudget: 33,
};

type Shift = { shift: "Days" | "Evenings" | "Nights"; startTime: string; durationHours: number; staffPerShift: number };
type ExemptRole = { name: string; jobId: string; isExempt: true; fte: number };
type VariableRole = { name: string; jobId: string; isExempt: false; shifts: Shift[] };

export const NURSE_MANAGER: ExemptRole = { name: "Nurse Manager", jobId: demoId("job", 7), isExempt: true, fte: 0.5 };
export const REGISTERED_NURSE: VariableRole = {
  name: "Registered Nurse",
  jobId: demoId("job", 1),
  isExempt: false,
  shifts: [
    { shift: "Days", startTime: "0700", durationHours: 12.5, staffPerShift: 5 },
    { shift: "Nights", startTime: "1900", durationHours: 12.5, staffPerShift: 4 },
  ],
};
export const NURSING_ASSISTANT: VariableRole = {
  name: "Certified Nursing Assistant",
  jobId: demoId("job", 4),
  isExempt: false,
  shifts: [
    { shift: "Days", startTime: "0700", durationHours: 8, staffPerShift: 2 },
    { shift: "Evenings", startTime: "1500", durationHours: 8, staffPerShift: 2 },
    { shift: "Nights", startTime: "2300", durationHours: 8, staffPerShift: 1 },
  ],
};
/** The three roles in the order a manager adds them. */
export const HAND_WORKED_ROLES: readonly (ExemptRole | VariableRole)[] = [
  NURSE_MANAGER,
  REGISTERED_NURSE,
  NURSING_ASSISTANT,
];
