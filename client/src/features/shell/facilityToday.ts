import { facilityDate } from "../../../../schema/calendar";
import { useFacilityTimeZone } from "./viewer";

/** Today's date (YYYY-MM-DD) where the facility is: a contract ends or an anniversary falls on its days. */
export function useFacilityToday(): string {
  return facilityDate(useFacilityTimeZone());
}
