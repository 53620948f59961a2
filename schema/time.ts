import { z } from "zod";

/** Spec §5: shift times are 4-digit military time, zero-padded, no decimals, at most 2400. */
export const MILITARY_TIME_MAX = 2400;

export function isMilitaryTime(value: string): boolean {
  if (!/^\d{4}$/.test(value)) return false;
  const hours = Number(value.slice(0, 2));
  const minutes = Number(value.slice(2));
  return minutes < 60 && hours * 100 + minutes <= MILITARY_TIME_MAX;
}

export function militaryTime(label: string) {
  return z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .refine(isMilitaryTime, `${label} must be 4-digit military time from 0000 to 2400`);
}
