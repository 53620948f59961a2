// @vitest-environment jsdom
import { cleanup, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { NumberStepper, type NumberStepperProps } from "./NumberStepper";
import { renderWithChakra } from "./testUtils";

afterEach(cleanup);

/**
 * A person's pace between keys. Chakra's number input writes its value back to the input on the next
 * animation frame; keys fired with no gap at all (user-event's default) can overtake that write.
 */
const TYPING_DELAY_MS = 25;

type HarnessProps = Partial<NumberStepperProps> & { initial?: number | null; onChangeSpy?: (v: number | null) => void };

function Harness({ initial = null, onChangeSpy, ...props }: HarnessProps) {
  const [value, setValue] = useState<number | null>(initial);
  return (
    <>
      <NumberStepper
        label="Staff per shift"
        {...props}
        value={value}
        onValueChange={(next) => {
          setValue(next);
          onChangeSpy?.(next);
        }}
      />
      <output data-testid="value">{value === null ? "empty" : String(value)}</output>
    </>
  );
}

/** Renders the stepper for a person typing at their pace: the input, and the value the form holds. */
function renderStepper(props: HarnessProps = {}) {
  const user = userEvent.setup({ delay: TYPING_DELAY_MS });
  renderWithChakra(<Harness {...props} />);
  return {
    user,
    input: screen.getByLabelText<HTMLInputElement>("Staff per shift"),
    held: () => screen.getByTestId("value").textContent,
  };
}

describe("NumberStepper", () => {
  it("is labelled", () => {
    renderWithChakra(<Harness />);
    expect(screen.getByLabelText("Staff per shift")).toBeTruthy();
  });

  it("ignores +, -, e and E while digits go through", async () => {
    const { user, input, held } = renderStepper();
    await user.click(input);
    await user.keyboard("+-eE1e2E-+");
    expect(input.value).toBe("12");
    expect(held()).toBe("12");
  });

  it("refuses a pasted value holding a sign or an exponent", async () => {
    const { user, input } = renderStepper();
    await user.click(input);
    await user.paste("1e3");
    expect(input.value).toBe("");
    await user.paste("-5");
    expect(input.value).toBe("");
  });

  it("keeps a value above the default maximum of 24 as typed when the field loses focus (the form refuses it)", async () => {
    const { user, input, held } = renderStepper();
    await user.click(input);
    await user.keyboard("30");
    await user.tab();
    expect(input.value).toBe("30");
    expect(held()).toBe("30");
  });

  it("keeps a value below a custom minimum as typed, and the increment button inside the maximum", async () => {
    const { user, input, held } = renderStepper({ min: 1, max: 3, initial: 3 });
    await user.click(screen.getByRole("button", { name: "Increase Staff per shift" }));
    expect(input.value).toBe("3");
    await user.clear(input);
    await user.keyboard("0");
    await user.tab();
    expect(input.value).toBe("0");
    expect(held()).toBe("0");
  });

  it("steps by a fractional step", async () => {
    const spy = vi.fn();
    const { user, held } = renderStepper({ min: 0, max: 1.5, step: 0.1, initial: 0.5, onChangeSpy: spy });
    await user.click(screen.getByRole("button", { name: "Increase Staff per shift" }));
    expect(held()).toBe("0.6");
    await user.click(screen.getByRole("button", { name: "Decrease Staff per shift" }));
    await user.click(screen.getByRole("button", { name: "Decrease Staff per shift" }));
    expect(held()).toBe("0.4");
    expect(spy).toHaveBeenLastCalledWith(0.4);
  });

  it("steps with the arrow keys", async () => {
    const { user, input, held } = renderStepper({ initial: 5 });
    await user.click(input);
    await user.keyboard("{ArrowUp}{ArrowUp}{ArrowDown}");
    expect(held()).toBe("6");
  });
});
