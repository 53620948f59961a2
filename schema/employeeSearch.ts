import { z } from "zod";

/** Spec §5 and §9: search starts at 2 characters, debounced by 300 ms. */
export const EMPLOYEE_SEARCH_MIN_LENGTH = 2;
export const EMPLOYEE_SEARCH_DEBOUNCE_MS = 300;
/** At most this many matches are answered; the dropdown asks the user to type more. */
export const EMPLOYEE_SEARCH_MAX_RESULTS = 25;
export const EMPLOYEE_SEARCH_TOO_SHORT = "Type at least 2 characters to search";

/** The search term, trimmed. */
export const employeeSearchTermSchema = z
  .string({ error: EMPLOYEE_SEARCH_TOO_SHORT })
  .trim()
  .min(EMPLOYEE_SEARCH_MIN_LENGTH, EMPLOYEE_SEARCH_TOO_SHORT);

export const employeeSearchSchema = z.object({ term: employeeSearchTermSchema });
