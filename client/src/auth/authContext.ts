import { createContext, useContext } from "react";

export type AuthStatus = "loading" | "signedOut" | "signedIn";

export type AuthContextValue = {
  status: AuthStatus;
  /** Why the last interactive sign-in failed, readable by a person; `null` when it did not. */
  error: string | null;
  /** Leaves for the identity provider. Never rejects: when sign-in cannot start, `error` says why. */
  signIn: () => Promise<void>;
  /** Clears the session, ends it at the identity provider and returns to /home. */
  signOut: () => Promise<void>;
  /** Forgets the session on this device only (the API said the token is no longer accepted). */
  signOutLocally: () => void;
  /** The bearer token for API calls, or `null` when signed out. */
  getAccessToken: () => Promise<string | null>;
};

export const AuthContext = createContext<AuthContextValue | null>(null);

export function useAuth(): AuthContextValue {
  const value = useContext(AuthContext);
  if (value === null) throw new Error("useAuth must be used inside <AuthProvider>.");
  return value;
}
