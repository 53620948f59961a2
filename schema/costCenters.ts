import { z } from "zod";

/** Spec §5 and §8: the texts of cost center maintenance, word for word. */
export const COST_CENTER_MESSAGES = {
  added: "Cost Center added successfully.",
  updated: "Cost Center updated successfully.",
  deactivated: "Cost center deactivation successful.",
  unlocked: "Cost center unlock successful.",
  addAtLeastOne: "Add at least one cost center.",
  deleteNeedsCompletedWizard: "Please complete the wizard for this cost center before deleting.",
  resetSuffix: ". Please make sure the wizard is completed for this cost center.",
  /** The server's refusal to delete, which the screen maps to `deleteNeedsCompletedWizard`. */
  removeRefused: "Error while removing Organizational unit",
  /** Not worded by the spec; phrased as its deactivation and unlock messages are. */
  reset: "Cost center reset successful.",
  successTitle: "Success",
  /** A failed add or update with nothing more to say. */
  genericError: "An error occurred",
  /** A failed reset, unlock or other action with nothing more to say. */
  unexpectedError: "An unexpected error occurred",
  /** A failed delete with nothing more to say. */
  deleteFailed: "Error processing action. Please try again later.",
} as const;

/** Spec §9 timings of cost center maintenance, in milliseconds. */
export const COST_CENTER_TIMINGS = {
  /** The success banner hides itself after this long. */
  bannerMs: 3000,
  /** After a delete, reset or unlock, the screen goes to /admin/landing after this long. */
  redirectMs: 3000,
  /** After an update is saved, the screen waits this long before it resets and reloads. */
  updatePauseMs: 400,
} as const;

/** Cost center numbers are numeric codes; as code-like text they are at most 12 characters. */
export const COST_CENTER_CODE_MAX_LENGTH = 12;
export const COST_CENTER_NAME_MAX_LENGTH = 80;
/** Unit names are proper names: letters, digits, spaces and the punctuation real unit names use. */
const COST_CENTER_NAME_PATTERN = /^[\p{L}\p{M}0-9 &'().,/-]+$/u;

export const costCenterCodeSchema = z
  .string({ error: "Cost center number is required" })
  .trim()
  .min(1, "Cost center number is required")
  .max(COST_CENTER_CODE_MAX_LENGTH, `Cost center number must be at most ${COST_CENTER_CODE_MAX_LENGTH} digits`)
  .regex(/^\d+$/, "Cost center number must contain digits only");

export const costCenterNameSchema = z
  .string({ error: "Cost center name is required" })
  .trim()
  .min(1, "Cost center name is required")
  .max(COST_CENTER_NAME_MAX_LENGTH, `Cost center name must be at most ${COST_CENTER_NAME_MAX_LENGTH} characters`)
  .regex(COST_CENTER_NAME_PATTERN, "Cost center name may contain letters, digits, spaces and - & ' ( ) . , /");

export const costCenterInputSchema = z.object({ code: costCenterCodeSchema, name: costCenterNameSchema });
export type CostCenterInput = z.output<typeof costCenterInputSchema>;

/** Sorts by numeric code, as every cost center list must (spec §4, §9). */
export function compareCostCenterCodes(a: { code: string }, b: { code: string }): number {
  return a.code.localeCompare(b.code, "en", { numeric: true });
}
