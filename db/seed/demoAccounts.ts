/**
 * The demo accounts the embedded identity provider serves after the first start. Listed in the
 * README; used by the end-to-end tests. They exist only in the embedded (non-B2C) mode.
 */
export const DEMO_ACCOUNTS = {
  admin: { email: "admin@demo.hospital", password: "Admin-demo-2026!", firstName: "Alex", lastName: "Morgan" },
  exec: { email: "exec@demo.hospital", password: "Exec-demo-2026!", firstName: "Elena", lastName: "Ruiz" },
  user: { email: "manager@demo.hospital", password: "Manager-demo-2026!", firstName: "Jordan", lastName: "Patel" },
} as const;

export type DemoAccountType = keyof typeof DEMO_ACCOUNTS;
