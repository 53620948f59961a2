/** What a completed interactive sign-in yields. */
export type TokenResult = {
  /** The bearer token the API accepts (a JWT). */
  accessToken: string;
  /** Expiry in epoch milliseconds, when known. */
  expiresAt: number | null;
};

/**
 * The one sign-in seam: the embedded OpenID provider (local development, tests) and Azure AD B2C
 * (production, through MSAL, which refuses non-https authorities) both sit behind it.
 */
export interface SignInAdapter {
  /** Leaves the app for the identity provider's sign-in page. */
  signIn(): Promise<void>;
  /** Completes a sign-in when the current URL is the identity provider's answer; `null` when it is not. */
  handleRedirect(): Promise<TokenResult | null>;
  /** A usable access token without user interaction, or `null` when the user must sign in again. */
  acquireTokenSilent(): Promise<string | null>;
  /** Clears the session and ends it at the identity provider, returning to /home. */
  signOut(): Promise<void>;
}

export type { AuthConfig, B2cAuthConfig, LocalAuthConfig } from "../../../schema/authConfig";
