// @vitest-environment jsdom
import { MockedProvider } from "@apollo/client/testing";
import { ChakraProvider } from "@chakra-ui/react";
import { cleanup, render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { act, useState } from "react";
import { createMemoryRouter, Route, RouterProvider, Routes, useLocation } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { AuthContext, type AuthContextValue } from "../../../auth/authContext";
import { system } from "../../../ui/theme";
import { AppShell_ViewerQuery, ViewerProvider } from "../viewerQuery";
import { AppFooter } from "./AppFooter";
import { FooterProvider } from "./FooterProvider";
import { type FooterConfig, useFooter } from "./useFooter";

afterEach(cleanup);

// A data router makes a Request per navigation with an AbortSignal; jsdom's AbortSignal is not the
// one Node's Request accepts, so the test's Request leaves the signal out (the router only needs
// the URL and method here).
const NodeRequest = globalThis.Request;
globalThis.Request = class extends NodeRequest {
  constructor(input: RequestInfo | URL, init: RequestInit = {}) {
    const { signal: _signal, ...rest } = init;
    super(input, rest);
  }
};

const viewerMock = {
  request: { query: AppShell_ViewerQuery },
  result: {
    data: {
      me: {
        __typename: "Viewer",
        id: "u1",
        name: "Jordan Patel",
        firstName: "Jordan",
        lastName: "Patel",
        initials: "JP",
        email: "manager@demo.hospital",
        accountType: "user",
        facilityId: "f1",
        facilityName: "St. Catherine Medical Center",
        facilityTimeZone: "US/Eastern",
        organizationId: "o1",
      },
    },
  },
};

function auth(overrides: Partial<AuthContextValue> = {}): AuthContextValue {
  return {
    status: "signedIn",
    error: null,
    signIn: async () => undefined,
    signOut: vi.fn(async () => undefined),
    signOutLocally: () => undefined,
    getAccessToken: async () => "token",
    ...overrides,
  };
}

function Where() {
  return <output data-testid="where">{useLocation().pathname}</output>;
}

function Page({ config }: { config: FooterConfig }) {
  useFooter(config);
  return <Where />;
}

/** A page whose unsaved state the test flips, as a form would. */
function EditablePage({ onMain }: { onMain: () => void }) {
  const [dirty, setDirty] = useState(false);
  useFooter({ hasUnsavedChanges: dirty, main: { label: "SAVE AND CONTINUE", onClick: onMain, enabled: true } });
  return (
    <button type="button" onClick={() => setDirty(true)}>
      Edit
    </button>
  );
}

function renderFooter(path: string, page: React.ReactNode, authValue = auth()) {
  // A data router, as the app has (main.tsx), so the page can hold the browser's Back.
  const router = createMemoryRouter(
    [
      {
        path: "*",
        element: (
          <ViewerProvider>
            <FooterProvider>
              <Routes>
                <Route path="*" element={page} />
              </Routes>
              <AppFooter />
            </FooterProvider>
          </ViewerProvider>
        ),
      },
    ],
    { initialEntries: ["/user/landing", path], initialIndex: 1 },
  );
  render(
    <ChakraProvider value={system}>
      <MockedProvider mocks={[viewerMock]}>
        <AuthContext value={authValue}>
          <RouterProvider router={router} />
        </AuthContext>
      </MockedProvider>
    </ChakraProvider>,
  );
  return router;
}

describe("AppFooter", () => {
  it("shows LOGOUT, home, a message, back and a main button that stays disabled unless enabled", async () => {
    const onMain = vi.fn();
    renderFooter(
      "/user/wizard/unitdef",
      <Page config={{ message: "All travellers need contract end dates to proceed.", main: { onClick: onMain } }} />,
    );
    expect(screen.getByRole("button", { name: "LOGOUT" })).toBeTruthy();
    expect(await screen.findByRole("button", { name: "Home" })).toBeTruthy();
    expect(screen.getByTestId("footer-message").textContent).toBe("All travellers need contract end dates to proceed.");
    expect(screen.getByRole("button", { name: "BACK" })).toBeTruthy();
    expect((screen.getByRole("button", { name: "NEXT" }) as HTMLButtonElement).disabled).toBe(true);
  });

  it("hides back and main on the spec's listed pages, and says changes save themselves on manageStaff", () => {
    renderFooter("/user/manageStaff", <Page config={{ main: { onClick: () => undefined, enabled: true } }} />);
    expect(screen.queryByRole("button", { name: "BACK" })).toBeNull();
    expect(screen.queryByRole("button", { name: "NEXT" })).toBeNull();
    expect(screen.getByTestId("footer-message").textContent).toBe("All changes are saved automatically.");
  });

  it("signed out: no LOGOUT, home, back or main", () => {
    renderFooter("/home", <Page config={{}} />, auth({ status: "signedOut" }));
    expect(screen.queryAllByRole("button")).toHaveLength(0);
  });

  it("back with no earlier page of the app goes to the landing page", async () => {
    const user = userEvent.setup();
    renderFooter("/user/wizard/defineRoles", <Page config={{}} />);
    await user.click(screen.getByRole("button", { name: "BACK" }));
    expect(screen.getByTestId("where").textContent).toBe("/user/landing");
  });

  it("without unsaved changes, main acts at once", async () => {
    const user = userEvent.setup();
    const onMain = vi.fn();
    renderFooter("/user/wizard/unitdef", <Page config={{ main: { onClick: onMain, enabled: true, label: "NEXT" } }} />);
    await user.click(screen.getByRole("button", { name: "NEXT" }));
    expect(onMain).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole("alertdialog")).toBeNull();
  });

  it("a main button that saves the changes (SUBMIT) acts at once, while back still asks", async () => {
    const user = userEvent.setup();
    const onMain = vi.fn();
    renderFooter(
      "/admin/upload/staff",
      <Page
        config={{
          hasUnsavedChanges: true,
          main: { label: "SUBMIT", onClick: onMain, enabled: true, savesChanges: true },
        }}
      />,
    );
    await user.click(screen.getByRole("button", { name: "SUBMIT" }));
    expect(onMain).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole("alertdialog")).toBeNull();
    await user.click(screen.getByRole("button", { name: "BACK" }));
    expect((await screen.findByRole("alertdialog")).textContent).toContain("You have unsaved changes");
  });

  it("footer actions show even where back and main do not, and act at once", async () => {
    const user = userEvent.setup();
    const onDelete = vi.fn();
    renderFooter(
      "/admin/cost-center-maintenance",
      <Page
        config={{
          actions: [
            { label: "CANCEL", onClick: () => {}, variant: "outline" },
            { label: "DELETE", onClick: onDelete, colorPalette: "red" },
          ],
        }}
      />,
    );
    expect(screen.queryByRole("button", { name: "BACK" })).toBeNull();
    expect(screen.getByTestId("footer-actions").textContent).toBe("CANCELDELETE");
    await user.click(screen.getByRole("button", { name: "DELETE" }));
    expect(onDelete).toHaveBeenCalledTimes(1);
  });

  it("with unsaved changes, main, back, home and LOGOUT ask first; stay does nothing, leave acts", async () => {
    const user = userEvent.setup();
    const onMain = vi.fn();
    const onBack = vi.fn();
    const authValue = auth();
    renderFooter(
      "/user/wizard/unitdef",
      <Page
        config={{ hasUnsavedChanges: true, main: { onClick: onMain, enabled: true }, back: { onClick: onBack } }}
      />,
      authValue,
    );

    const stayThenLeave = async (button: string, effect: () => void) => {
      await user.click(screen.getByRole("button", { name: button }));
      const dialog = await screen.findByRole("alertdialog");
      expect(dialog.textContent).toContain("You have unsaved changes");
      await user.click(screen.getByRole("button", { name: "Stay on this page" }));
      await waitFor(() => expect(screen.queryByRole("alertdialog")).toBeNull());
      await user.click(screen.getByRole("button", { name: button }));
      await screen.findByRole("alertdialog");
      await user.click(screen.getByRole("button", { name: "Leave without saving" }));
      await waitFor(effect);
    };

    await stayThenLeave("NEXT", () => expect(onMain).toHaveBeenCalledTimes(1));
    expect(onBack).not.toHaveBeenCalled();
    await stayThenLeave("BACK", () => expect(onBack).toHaveBeenCalledTimes(1));
    await stayThenLeave("LOGOUT", () => expect(authValue.signOut).toHaveBeenCalledTimes(1));
    expect(screen.getByTestId("where").textContent).toBe("/user/wizard/unitdef");
    await stayThenLeave("Home", () => expect(screen.getByTestId("where").textContent).toBe("/user/landing"));
  });

  it("follows the page's latest state: the check starts once the page reports a change", async () => {
    const user = userEvent.setup();
    const onMain = vi.fn();
    renderFooter("/admin/facility-definitions/financial-information", <EditablePage onMain={onMain} />);
    await user.click(screen.getByRole("button", { name: "SAVE AND CONTINUE" }));
    expect(onMain).toHaveBeenCalledTimes(1);
    await user.click(screen.getByRole("button", { name: "Edit" }));
    await user.click(screen.getByRole("button", { name: "SAVE AND CONTINUE" }));
    expect(await screen.findByRole("alertdialog")).toBeTruthy();
    expect(onMain).toHaveBeenCalledTimes(1);
  });

  it("the browser's Back with unsaved changes asks first: stay keeps the page, leave goes back", async () => {
    const user = userEvent.setup();
    const router = renderFooter("/user/wizard/unitdef", <Page config={{ hasUnsavedChanges: true }} />);
    await act(async () => void router.navigate(-1));
    expect((await screen.findByRole("alertdialog")).textContent).toContain("You have unsaved changes");
    await user.click(screen.getByRole("button", { name: "Stay on this page" }));
    await waitFor(() => expect(screen.queryByRole("alertdialog")).toBeNull());
    expect(screen.getByTestId("where").textContent).toBe("/user/wizard/unitdef");

    await act(async () => void router.navigate(-1));
    await screen.findByRole("alertdialog");
    await user.click(screen.getByRole("button", { name: "Leave without saving" }));
    await waitFor(() => expect(screen.getByTestId("where").textContent).toBe("/user/landing"));
    // The answered dialog may still be playing its closing animation when the page has moved.
    await waitFor(() => expect(screen.queryByRole("alertdialog")).toBeNull());
  });

  it("the browser's Back without unsaved changes, and BACK after leaving was chosen, go at once", async () => {
    const user = userEvent.setup();
    const router = renderFooter("/user/wizard/unitdef", <Page config={{}} />);
    await act(async () => void router.navigate(-1));
    await waitFor(() => expect(screen.getByTestId("where").textContent).toBe("/user/landing"));
    expect(screen.queryByRole("alertdialog")).toBeNull();

    // The footer's BACK is a history move too (the browser's history says there is an app page
    // before this one): asked once, not a second time by the router's blocker.
    cleanup();
    renderFooter("/user/wizard/unitdef", <Page config={{ hasUnsavedChanges: true }} />);
    window.history.replaceState({ idx: 1 }, "");
    await user.click(screen.getByRole("button", { name: "BACK" }));
    await screen.findByRole("alertdialog");
    await user.click(screen.getByRole("button", { name: "Leave without saving" }));
    await waitFor(() => expect(screen.getByTestId("where").textContent).toBe("/user/landing"));
    // The dialog that was answered may still be playing its closing animation; a second ask would stay.
    await waitFor(() => expect(screen.queryByRole("alertdialog")).toBeNull());
    window.history.replaceState(null, "");
  });
});
