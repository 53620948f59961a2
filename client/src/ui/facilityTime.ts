/**
 * A moment as the facility reads it: in the facility's own time zone, with the zone named
 * ('Nov 24, 2026, 8:15 AM EST'), whatever the viewer's browser is set to. (Intl refuses a zone
 * name beside dateStyle/timeStyle, so the parts are spelled out.)
 */
export function formatFacilityTime(iso: string, timeZone: string): string {
  return new Intl.DateTimeFormat("en-US", {
    year: "numeric",
    month: "short",
    day: "numeric",
    hour: "numeric",
    minute: "2-digit",
    timeZone,
    timeZoneName: "short",
  }).format(new Date(iso));
}

/** A moment's date as the facility reads it ('Nov 24, 2026'): a late evening in New York is not tomorrow. */
export function formatFacilityDate(iso: string, timeZone: string): string {
  return new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeZone }).format(new Date(iso));
}
