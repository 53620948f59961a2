/** The three account types (spec §1, §6) and their header labels. */
export const ACCOUNT_TYPES = ["admin", "exec", "user"] as const;
export type AccountType = (typeof ACCOUNT_TYPES)[number];

export const ACCOUNT_TYPE_LABELS: Record<AccountType, string> = {
  admin: "Admin",
  exec: "Executive",
  user: "User",
};
