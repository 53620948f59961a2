import {
  type AccountInfo,
  type AuthenticationResult,
  BrowserCacheLocation,
  InteractionRequiredAuthError,
  LogLevel,
  PublicClientApplication,
} from "@azure/msal-browser";
import { redirectUri } from "./authConfig";
import { clearSession, writeAccessToken } from "./session";
import type { B2cAuthConfig, SignInAdapter, TokenResult } from "./types";

/**
 * Azure AD B2C through MSAL (redirect flow). MSAL keeps its own cache in sessionStorage; the access
 * token is also mirrored into the app's `accessToken` session key.
 */
export async function createMsalAdapter(config: B2cAuthConfig): Promise<SignInAdapter> {
  const home = redirectUri(config);
  const msal = new PublicClientApplication({
    auth: {
      clientId: config.clientId,
      authority: config.authority,
      knownAuthorities: config.knownAuthorities,
      redirectUri: home,
      postLogoutRedirectUri: home,
    },
    cache: { cacheLocation: BrowserCacheLocation.SessionStorage },
    system: {
      loggerOptions: {
        logLevel: LogLevel.Warning,
        piiLoggingEnabled: false,
        loggerCallback: (level, message, containsPii) => {
          if (containsPii) return;
          if (level === LogLevel.Error) console.error(message);
          else if (level === LogLevel.Warning) console.warn(message);
        },
      },
    },
  });
  await msal.initialize();

  let redirectHandling: Promise<TokenResult | null> | null = null;

  function currentAccount(): AccountInfo | null {
    return msal.getActiveAccount() ?? msal.getAllAccounts()[0] ?? null;
  }

  function remember(result: AuthenticationResult): TokenResult {
    msal.setActiveAccount(result.account);
    writeAccessToken(result.accessToken);
    return { accessToken: result.accessToken, expiresAt: result.expiresOn?.getTime() ?? null };
  }

  return {
    async signIn() {
      await msal.loginRedirect({ scopes: config.scopes, redirectUri: home });
    },

    handleRedirect() {
      // MSAL must see the redirect answer exactly once per page load.
      redirectHandling ??= msal
        .handleRedirectPromise({ navigateToLoginRequestUrl: false })
        .then((result) => (result?.accessToken ? remember(result) : null));
      return redirectHandling;
    },

    async acquireTokenSilent() {
      const account = currentAccount();
      if (account === null) return null;
      try {
        return remember(await msal.acquireTokenSilent({ scopes: config.scopes, account })).accessToken;
      } catch (error) {
        if (error instanceof InteractionRequiredAuthError) {
          writeAccessToken(null);
          return null;
        }
        throw error;
      }
    },

    async signOut() {
      const account = currentAccount();
      clearSession();
      try {
        await msal.logoutRedirect({ account, postLogoutRedirectUri: home });
      } catch (error) {
        console.warn("Could not end the session at the identity provider; returning home.", error);
        window.location.assign(home);
      }
    },
  };
}
