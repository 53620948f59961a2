import { type ReactNode, useCallback, useEffect, useMemo, useRef, useState } from "react";
import { useNavigate } from "react-router";
import { AuthContext, type AuthContextValue, type AuthStatus } from "./authContext";
import { createSignInAdapter } from "./createSignInAdapter";
import { clearSession } from "./session";
import type { SignInAdapter } from "./types";

type Props = {
  children: ReactNode;
  /** Replaceable for tests; by default the adapter follows `GET /api/config/auth`. */
  createAdapter?: () => Promise<SignInAdapter>;
};

type BootOutcome = { status: Exclude<AuthStatus, "loading">; error: string | null; redirected: boolean };

/**
 * Owns the sign-in state. On load it completes a sign-in the identity provider has just answered,
 * otherwise it reuses the stored session silently; a failed silent sign-in is only logged.
 */
export function AuthProvider({ children, createAdapter = createSignInAdapter }: Props) {
  const navigate = useNavigate();
  const [status, setStatus] = useState<AuthStatus>("loading");
  const [error, setError] = useState<string | null>(null);
  const adapterRef = useRef<Promise<SignInAdapter> | null>(null);
  const bootRef = useRef<Promise<BootOutcome> | null>(null);
  /**
   * Set once sign-out has begun: the session is cleared before the page leaves for the provider,
   * and a request made meanwhile finds no token (or is refused for it). It must not switch the app
   * to signed out, or the signed-out /home flashes before the provider's page (seen in a browser test).
   */
  const signingOutRef = useRef(false);

  const getAdapter = useCallback((): Promise<SignInAdapter> => {
    adapterRef.current ??= createAdapter().catch((reason: unknown) => {
      adapterRef.current = null; // retry on the next attempt
      throw reason;
    });
    return adapterRef.current;
  }, [createAdapter]);

  useEffect(() => {
    let active = true;
    // One boot per provider: StrictMode re-runs effects, and a sign-in answer must be redeemed once.
    bootRef.current ??= boot(getAdapter);
    bootRef.current
      .then((outcome) => {
        if (!active) return;
        setStatus(outcome.status);
        setError(outcome.error);
        if (outcome.redirected) {
          // The adapter tidied the address bar; let the router see the clean URL.
          const { pathname, search, hash } = window.location;
          void navigate({ pathname, search, hash }, { replace: true });
        }
      })
      .catch((reason: unknown) => {
        console.error("Sign-in start-up failed.", reason);
        if (active) setStatus("signedOut");
      });
    return () => {
      active = false;
    };
  }, [getAdapter, navigate]);

  const signIn = useCallback(async () => {
    setError(null);
    try {
      const adapter = await getAdapter();
      await adapter.signIn();
    } catch (reason) {
      console.error("Could not start sign-in.", reason);
      setError(errorMessage(reason, "Sign-in could not start. Please try again."));
    }
  }, [getAdapter]);

  const signOutLocally = useCallback(() => {
    if (signingOutRef.current) return;
    clearSession();
    setStatus("signedOut");
  }, []);

  const signOut = useCallback(async () => {
    signingOutRef.current = true;
    let adapter: SignInAdapter;
    try {
      adapter = await getAdapter();
    } catch (reason) {
      console.warn("Sign-in service unavailable; signing out locally.", reason);
      clearSession();
      window.location.assign("/home");
      return;
    }
    try {
      await adapter.signOut();
    } catch (reason) {
      console.error("Sign-out at the identity provider failed; signing out here.", reason);
      signingOutRef.current = false;
      signOutLocally();
    }
  }, [getAdapter, signOutLocally]);

  const getAccessToken = useCallback(async (): Promise<string | null> => {
    try {
      const token = await (await getAdapter()).acquireTokenSilent();
      if (token === null && !signingOutRef.current)
        setStatus((current) => (current === "signedIn" ? "signedOut" : current));
      return token;
    } catch (reason) {
      console.warn("Silent token acquisition failed.", reason);
      return null;
    }
  }, [getAdapter]);

  const value = useMemo<AuthContextValue>(
    () => ({ status, error, signIn, signOut, signOutLocally, getAccessToken }),
    [status, error, signIn, signOut, signOutLocally, getAccessToken],
  );

  return <AuthContext value={value}>{children}</AuthContext>;
}

async function boot(getAdapter: () => Promise<SignInAdapter>): Promise<BootOutcome> {
  let adapter: SignInAdapter;
  try {
    adapter = await getAdapter();
  } catch (reason) {
    console.warn("Sign-in settings unavailable; starting signed out.", reason);
    return { status: "signedOut", error: null, redirected: false };
  }

  try {
    if (await adapter.handleRedirect()) return { status: "signedIn", error: null, redirected: true };
  } catch (reason) {
    console.error("Sign-in failed.", reason);
    return { status: "signedOut", error: errorMessage(reason, "Sign-in failed. Please try again."), redirected: true };
  }

  try {
    const token = await adapter.acquireTokenSilent();
    return { status: token === null ? "signedOut" : "signedIn", error: null, redirected: false };
  } catch (reason) {
    console.warn("Silent sign-in failed.", reason);
    return { status: "signedOut", error: null, redirected: false };
  }
}

function errorMessage(reason: unknown, fallback: string): string {
  return reason instanceof Error && reason.message ? reason.message : fallback;
}
