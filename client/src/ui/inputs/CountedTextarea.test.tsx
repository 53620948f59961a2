// @vitest-environment jsdom
import { cleanup, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { afterEach, describe, expect, it } from "vitest";
import { CountedTextarea } from "./CountedTextarea";
import { renderWithChakra } from "./testUtils";

afterEach(cleanup);

function Harness({ maxLength, initial = "" }: { maxLength?: number; initial?: string }) {
  const [value, setValue] = useState(initial);
  return <CountedTextarea label="Notes" value={value} onChange={setValue} maxLength={maxLength} />;
}

describe("CountedTextarea", () => {
  it("starts at the default maximum of 40 with 4 rows", () => {
    renderWithChakra(<Harness />);
    const textarea = screen.getByLabelText<HTMLTextAreaElement>("Notes");
    expect(textarea.rows).toBe(4);
    expect(textarea.maxLength).toBe(40);
    expect(screen.getByText("40 characters remaining")).toBeTruthy();
  });

  it("counts down as the user types and back up as they delete", async () => {
    const user = userEvent.setup();
    renderWithChakra(<Harness />);
    const textarea = screen.getByLabelText("Notes");
    await user.type(textarea, "Night shift");
    expect(screen.getByText("29 characters remaining")).toBeTruthy();
    await user.keyboard("{Backspace}{Backspace}");
    expect(screen.getByText("31 characters remaining")).toBeTruthy();
  });

  it("counts from an initial value, says 1 character, and stops at the maximum", async () => {
    const user = userEvent.setup();
    renderWithChakra(<Harness maxLength={5} initial="abc" />);
    expect(screen.getByText("2 characters remaining")).toBeTruthy();
    const textarea = screen.getByLabelText<HTMLTextAreaElement>("Notes");
    await user.type(textarea, "d");
    expect(screen.getByText("1 character remaining")).toBeTruthy();
    await user.type(textarea, "efgh");
    expect(textarea.value).toBe("abcde");
    expect(screen.getByText("0 characters remaining")).toBeTruthy();
  });
});
