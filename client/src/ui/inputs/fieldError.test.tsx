// @vitest-environment jsdom
import { zodResolver } from "@hookform/resolvers/zod";
import { cleanup, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useForm } from "react-hook-form";
import { afterEach, describe, expect, it } from "vitest";
import { z } from "zod";
import { FormCountedTextarea } from "./CountedTextarea";
import { useSchemaValidity, visibleFieldError } from "./fieldError";
import { FormNumberStepper } from "./NumberStepper";
import { FormTextField } from "./TextField";
import { renderWithChakra } from "./testUtils";

afterEach(cleanup);

const rules = z.object({
  firstName: z.string().trim().min(1, "First name is required"),
  lastName: z.string().trim().min(1, "Last name is required"),
  staffPerShift: z.number({ error: "Staff per shift is required" }).min(1, "At least 1 staff per shift"),
  notes: z
    .string()
    .max(40)
    .refine((v) => !v.includes("!"), "Notes may not shout"),
});
type Values = z.infer<typeof rules>;

function Form() {
  const { control, handleSubmit } = useForm<Values>({
    mode: "all",
    resolver: zodResolver(rules),
    defaultValues: { firstName: "", lastName: "", staffPerShift: 0, notes: "" },
  });
  const isValid = useSchemaValidity(control, rules);
  return (
    <form onSubmit={handleSubmit(() => undefined)}>
      <FormTextField control={control} name="firstName" label="First Name" />
      <FormTextField control={control} name="lastName" label="Last Name" />
      <FormNumberStepper control={control} name="staffPerShift" label="Staff per shift" />
      <FormCountedTextarea control={control} name="notes" label="Notes" />
      <button type="submit">Save</button>
      <output data-testid="valid">{String(isValid)}</output>
    </form>
  );
}

describe("visibleFieldError", () => {
  const error = { message: "Required" };
  it("hides an error on a field neither visited nor changed", () => {
    expect(visibleFieldError({ error, isTouched: false, isDirty: false }, false)).toBeUndefined();
  });
  it("shows it once visited, changed or submitted", () => {
    expect(visibleFieldError({ error, isTouched: true, isDirty: false }, false)).toBe("Required");
    expect(visibleFieldError({ error, isTouched: false, isDirty: true }, false)).toBe("Required");
    expect(visibleFieldError({ error, isTouched: false, isDirty: false }, true)).toBe("Required");
  });
  it("shows nothing without an error", () => {
    expect(visibleFieldError({ isTouched: true, isDirty: true }, true)).toBeUndefined();
  });
});

describe("field errors in a form", () => {
  it("shows no error before the user touches anything, though every field is invalid", async () => {
    renderWithChakra(<Form />);
    // Let the resolver run its initial validation.
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.queryByText("First name is required")).toBeNull();
    expect(screen.queryByText("Last name is required")).toBeNull();
    expect(screen.queryByText("At least 1 staff per shift")).toBeNull();
  });

  it("shows a text field's error after it was visited, and only for that field", async () => {
    const user = userEvent.setup();
    renderWithChakra(<Form />);
    await user.click(screen.getByLabelText("First Name"));
    await user.tab();
    expect(await screen.findByText("First name is required")).toBeTruthy();
    expect(screen.queryByText("Last name is required")).toBeNull();
    expect(screen.getByLabelText("First Name").getAttribute("aria-invalid")).toBe("true");
  });

  it("shows an error as soon as a change makes the value invalid, before leaving the field", async () => {
    const user = userEvent.setup();
    renderWithChakra(<Form />);
    const notes = screen.getByLabelText("Notes");
    await user.type(notes, "Hi!");
    expect(await screen.findByText("Notes may not shout")).toBeTruthy();
    expect(document.activeElement).toBe(notes);
    await user.keyboard("{Backspace}");
    expect(screen.queryByText("Notes may not shout")).toBeNull();
  });

  it("shows a stepper's error after it was visited", async () => {
    const user = userEvent.setup();
    renderWithChakra(<Form />);
    expect(screen.queryByText("At least 1 staff per shift")).toBeNull();
    await user.click(screen.getByLabelText("Staff per shift"));
    await user.tab();
    expect(await screen.findByText("At least 1 staff per shift")).toBeTruthy();
  });

  it("shows every error after a submit attempt", async () => {
    const user = userEvent.setup();
    renderWithChakra(<Form />);
    await user.click(screen.getByRole("button", { name: "Save" }));
    expect(await screen.findByText("First name is required")).toBeTruthy();
    expect(screen.getByText("Last name is required")).toBeTruthy();
  });
});

describe("useSchemaValidity", () => {
  it("follows the values as they are typed, without waiting for a blur", async () => {
    const user = userEvent.setup();
    renderWithChakra(<Form />);
    expect(screen.getByTestId("valid").textContent).toBe("false");
    await user.type(screen.getByLabelText("First Name"), "Ava");
    await user.type(screen.getByLabelText("Last Name"), "Kim");
    const stepper = screen.getByLabelText("Staff per shift");
    await user.clear(stepper);
    await user.type(stepper, "2");
    expect(screen.getByTestId("valid").textContent).toBe("true");
    await user.type(screen.getByLabelText("Notes"), "!");
    expect(screen.getByTestId("valid").textContent).toBe("false");
  });
});
