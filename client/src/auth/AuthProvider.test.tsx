// @vitest-environment jsdom
import { act, cleanup, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MemoryRouter } from "react-router";
import { afterEach, expect, it, vi } from "vitest";
import { AuthProvider } from "./AuthProvider";
import { useAuth } from "./authContext";
import type { SignInAdapter } from "./types";

afterEach(cleanup);

/**
 * An adapter whose session is signed in until `expire` or `signOut`; its sign-out clears the token
 * and then never returns, as a page on its way to the identity provider does not.
 */
function signedInAdapter() {
  let token: string | null = "a token";
  const adapter: SignInAdapter = {
    signIn: async () => {},
    handleRedirect: async () => null,
    acquireTokenSilent: async () => token,
    signOut: () => {
      token = null;
      return new Promise<void>(() => {});
    },
  };
  return { adapter, expire: () => (token = null) };
}

function Probe() {
  const { status, signOut, getAccessToken, signOutLocally } = useAuth();
  return (
    <>
      <p data-testid="status">{status}</p>
      <button type="button" onClick={() => void signOut()}>
        Sign out
      </button>
      <button type="button" onClick={() => void getAccessToken()}>
        Ask for a token
      </button>
      {/* What the API client calls when the API refuses the token (401). */}
      <button type="button" onClick={signOutLocally}>
        Refused
      </button>
    </>
  );
}

async function renderSignedIn(adapter: SignInAdapter) {
  render(
    <MemoryRouter>
      <AuthProvider createAdapter={async () => adapter}>
        <Probe />
      </AuthProvider>
    </MemoryRouter>,
  );
  expect(await screen.findByText("signedIn")).toBeTruthy();
}

it("switches to signed out when a request finds the session gone", async () => {
  const { adapter, expire } = signedInAdapter();
  await renderSignedIn(adapter);
  expire();
  await userEvent.click(screen.getByRole("button", { name: "Ask for a token" }));
  expect(await screen.findByText("signedOut")).toBeTruthy();
});

it("switches to signed out when the API refuses the token", async () => {
  const { adapter } = signedInAdapter();
  await renderSignedIn(adapter);
  await userEvent.click(screen.getByRole("button", { name: "Refused" }));
  expect(await screen.findByText("signedOut")).toBeTruthy();
});

it("stays signed in while sign-out leaves for the provider, though requests then find no token or are refused", async () => {
  const { adapter } = signedInAdapter();
  await renderSignedIn(adapter);
  await userEvent.click(screen.getByRole("button", { name: "Sign out" }));
  await userEvent.click(screen.getByRole("button", { name: "Ask for a token" }));
  await userEvent.click(screen.getByRole("button", { name: "Refused" }));
  await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
  expect(screen.getByTestId("status").textContent).toBe("signedIn");
});

it("signs out here when the provider's sign-out fails", async () => {
  const { adapter } = signedInAdapter();
  const failing: SignInAdapter = { ...adapter, signOut: async () => Promise.reject(new Error("no provider")) };
  const logged = vi.spyOn(console, "error").mockImplementation(() => {});
  await renderSignedIn(failing);
  await userEvent.click(screen.getByRole("button", { name: "Sign out" }));
  expect(await screen.findByText("signedOut")).toBeTruthy();
  expect(logged).toHaveBeenCalledWith("Sign-out at the identity provider failed; signing out here.", expect.any(Error));
  logged.mockRestore();
});
