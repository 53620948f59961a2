import { ACCOUNT_TYPES, type AccountType } from "../../../schema/accountTypes";

/**
 * The browser-session details the app keeps between page loads (spec section 3, "Session details").
 * This module is the only code that reads or writes them.
 */

export const SESSION_KEYS = [
  "facilityId",
  "facilityName",
  "orgId",
  "costCenterId",
  "accessToken",
  "email",
  "name",
  "accountType",
  "budgetInfo",
] as const;

export type SessionKey = (typeof SESSION_KEYS)[number];

function storage(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    // Storage can be unavailable (privacy modes, sandboxed frames): behave as an empty session.
    return null;
  }
}

export function readSession(key: SessionKey): string | null {
  return storage()?.getItem(key) ?? null;
}

/** Writes one value; `null` or `undefined` removes it. */
export function writeSession(key: SessionKey, value: string | null | undefined): void {
  const store = storage();
  if (!store) return;
  if (value === null || value === undefined) store.removeItem(key);
  else store.setItem(key, value);
}

export function writeSessionValues(values: Partial<Record<SessionKey, string | null>>): void {
  for (const [key, value] of Object.entries(values) as [SessionKey, string | null | undefined][]) {
    writeSession(key, value);
  }
}

export function readAccessToken(): string | null {
  return readSession("accessToken");
}

export function writeAccessToken(token: string | null): void {
  writeSession("accessToken", token);
}

export function readAccountType(): AccountType | null {
  const value = readSession("accountType");
  return ACCOUNT_TYPES.find((type) => type === value) ?? null;
}

/** Budget info is stored as JSON; unreadable values count as absent. */
export function readBudgetInfo<T = unknown>(): T | null {
  const raw = readSession("budgetInfo");
  if (raw === null) return null;
  try {
    return JSON.parse(raw) as T;
  } catch {
    return null;
  }
}

export function writeBudgetInfo(value: unknown): void {
  writeSession("budgetInfo", value === null || value === undefined ? null : JSON.stringify(value));
}

/** Log out: forget every session detail, including the org ids and the access token. */
export function clearSession(): void {
  for (const key of SESSION_KEYS) writeSession(key, null);
}
