import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  addUserOutsideSchema,
  deleteUserSchema,
  isSoftwareAdminTitle,
  normalizeFlags,
  parseFormDate,
  passwordProblem,
  sameFte,
  toggleFlag,
} from "./userAccess";

describe("the permission flag interplay (spec §4)", () => {
  const none = { completeWizard: false, manageStaff: false, readOnly: true };
  it("turning completeWizard or manageStaff on turns readOnly off", () => {
    expect(toggleFlag(none, "completeWizard", true)).toEqual({
      completeWizard: true,
      manageStaff: false,
      readOnly: false,
    });
    expect(toggleFlag(none, "manageStaff", true)).toEqual({
      completeWizard: false,
      manageStaff: true,
      readOnly: false,
    });
  });
  it("turning both off turns readOnly on", () => {
    const wizardOnly = { completeWizard: true, manageStaff: false, readOnly: false };
    expect(toggleFlag(wizardOnly, "completeWizard", false)).toEqual(none);
  });
  it("readOnly off sets both rights; readOnly on clears both", () => {
    expect(toggleFlag(none, "readOnly", false)).toEqual({ completeWizard: true, manageStaff: true, readOnly: false });
    expect(toggleFlag({ completeWizard: true, manageStaff: true, readOnly: false }, "readOnly", true)).toEqual(none);
  });
  it("always leaves readOnly exactly when neither right is held", () => {
    const flags = fc.record({ completeWizard: fc.boolean(), manageStaff: fc.boolean(), readOnly: fc.boolean() });
    const name = fc.constantFrom("completeWizard" as const, "manageStaff" as const, "readOnly" as const);
    fc.assert(
      fc.property(flags, name, fc.boolean(), (start, flag, on) => {
        const next = toggleFlag(start, flag, on);
        expect(next.readOnly).toBe(!next.completeWizard && !next.manageStaff);
        expect(normalizeFlags(next)).toEqual(next);
      }),
    );
  });
});

describe("rules and helpers", () => {
  it("compares FTE sums to 3 decimals", () => {
    expect(sameFte(0.1 + 0.2, 0.3)).toBe(true);
    expect(sameFte(0.5 + 0.49, 1)).toBe(false);
    expect(sameFte(0.9995, 1)).toBe(true);
  });
  it("reads MM/DD/YYYY and YYYY-MM-DD, refusing impossible dates", () => {
    expect(parseFormDate("03/15/2024")).toBe("2024-03-15");
    expect(parseFormDate("2024-03-15")).toBe("2024-03-15");
    expect(parseFormDate("02/30/2024")).toBeNull();
    expect(parseFormDate("15/03/2024")).toBeNull();
    expect(parseFormDate("soon")).toBeNull();
  });
  it("knows Software Admin positions by their title", () => {
    expect(isSoftwareAdminTitle("Software Admin")).toBe(true);
    expect(isSoftwareAdminTitle("Senior Software Admin")).toBe(true);
    expect(isSoftwareAdminTitle("Nurse Manager")).toBe(false);
  });
  it("asks for a strong, confirmed password on the accept-invite page", () => {
    expect(passwordProblem("short1", "short1")).toBe("The password must be at least 12 characters.");
    expect(passwordProblem("onlyletterslong", "onlyletterslong")).toBe("The password must contain letters and digits.");
    expect(passwordProblem("Welcome-2026-a", "Welcome-2026-b")).toBe("The passwords do not match.");
    expect(passwordProblem("Welcome-2026-a", "Welcome-2026-a")).toBeNull();
  });
  it("keeps PRN and traveller apart and wants a contract date for travellers", () => {
    const base = {
      positionId: "5eed0006-0000-4000-8000-000000000008",
      empId: "1-RN",
      dateOfHire: "01/01/2024",
      assignedFte: 1,
      firstName: "A",
      lastName: "B",
      email: "a@b.test",
    };
    const messages = (input: object) =>
      addUserOutsideSchema.safeParse({ ...base, ...input }).error?.issues.map((issue) => issue.message) ?? [];
    expect(messages({ prn: true, isTraveller: true, contractDate: "01/01/2027" })).toEqual([
      "A user cannot be both PRN and a traveller",
    ]);
    expect(messages({ isTraveller: true })).toEqual(["Contract End Date is required for a traveller"]);
    expect(messages({ isTraveller: true, contractDate: "01/01/2027" })).toEqual([]);
  });
  it("needs a cost center for 'Delete as User' and a reason for 'Delete as User AND Staff'", () => {
    expect(deleteUserSchema.safeParse({ mode: "user" }).error?.issues[0]?.message).toBe(
      "'Delete as User' requires a cost center",
    );
    expect(deleteUserSchema.safeParse({ mode: "userAndStaff", reason: "Transfer" }).error?.issues[0]?.message).toBe(
      "Reason must be 'Termination - Voluntary' or 'Termination - Involuntary'",
    );
  });
});
