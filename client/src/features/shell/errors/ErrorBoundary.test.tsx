// @vitest-environment jsdom
import { ChakraProvider } from "@chakra-ui/react";
import { cleanup, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { ReactNode } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { system } from "../../../ui/theme";
import { ErrorBoundary } from "./ErrorBoundary";

afterEach(cleanup);
beforeEach(() => {
  // React and the boundary both report the caught error; keep the test output readable.
  vi.spyOn(console, "error").mockImplementation(() => undefined);
  return () => vi.restoreAllMocks();
});

function Thrower({ message }: { message: string }): ReactNode {
  throw new Error(message);
}

function renderBoundary(child: ReactNode, resetKey?: string) {
  return render(
    <ChakraProvider value={system}>
      <ErrorBoundary resetKey={resetKey}>{child}</ErrorBoundary>
    </ChakraProvider>,
  );
}

describe("ErrorBoundary", () => {
  it("shows its children while nothing fails", () => {
    renderBoundary(<p>All good</p>);
    expect(screen.getByText("All good")).toBeTruthy();
    expect(screen.queryByText("Something went wrong...")).toBeNull();
  });

  it("shows the fallback with the spec's text when a child throws", () => {
    renderBoundary(<Thrower message="Cannot read the census" />);
    expect(screen.getByRole("heading", { name: "Something went wrong..." })).toBeTruthy();
    expect(
      screen.getByText(
        "We're sorry for the inconvenience. Please try refreshing the page or contact support if the problem persists.",
      ),
    ).toBeTruthy();
    // Details stay hidden until asked for.
    expect(screen.queryByText("Cannot read the census")).toBeNull();
    expect(screen.queryByTestId("error-details")).toBeNull();
  });

  it("Show Details reveals the message and stack; Hide Details hides them again", async () => {
    const user = userEvent.setup();
    renderBoundary(<Thrower message="Cannot read the census" />);

    const show = screen.getByRole("button", { name: "Show Details" });
    expect(show.getAttribute("aria-expanded")).toBe("false");
    await user.click(show);

    const details = screen.getByTestId("error-details");
    expect(screen.getByText("Cannot read the census")).toBeTruthy();
    expect(details.textContent).toContain("Thrower"); // the stack names the component that threw
    const hide = screen.getByRole("button", { name: "Hide Details" });
    expect(hide.getAttribute("aria-expanded")).toBe("true");

    await user.click(hide);
    expect(screen.queryByTestId("error-details")).toBeNull();
    expect(screen.queryByText("Cannot read the census")).toBeNull();
    expect(screen.getByRole("button", { name: "Show Details" })).toBeTruthy();
  });

  it("gives way to the children again when the reset key changes (another route)", () => {
    const view = renderBoundary(<Thrower message="Broken page" />, "/user/wizard/unitdef");
    expect(screen.getByText("Something went wrong...")).toBeTruthy();
    view.rerender(
      <ChakraProvider value={system}>
        <ErrorBoundary resetKey="/user/landing">
          <p>Landing</p>
        </ErrorBoundary>
      </ChakraProvider>,
    );
    expect(screen.getByText("Landing")).toBeTruthy();
    expect(screen.queryByText("Something went wrong...")).toBeNull();
  });
});
