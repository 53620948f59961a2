/** The ten jobs of the demo seed (db/seed/demo.ts), by name, as the spec's sample facility lists them. */
export const DEMO_JOB_NAMES = [
  "Assistant Nurse Manager",
  "Certified Nursing Assistant",
  "Charge Nurse",
  "Clinical Educator",
  "Licensed Practical Nurse",
  "Nurse Manager",
  "Patient Care Technician",
  "Registered Nurse",
  "Respiratory Therapist",
  "Unit Secretary",
];
