import { redirectUri } from "./authConfig";
import { base64UrlEncode, decodeJwtPayload, isTokenFresh, jwtExpiresAt } from "./jwt";
import { clearSession, readAccessToken, writeAccessToken } from "./session";
import type { LocalAuthConfig, SignInAdapter, TokenResult } from "./types";

/**
 * Authorization code + PKCE (S256) against the embedded OpenID provider.
 *
 * The verifier, state and nonce live in sessionStorage only between leaving for the provider and
 * coming back; they are removed as soon as the answer is read, whether it succeeds or not.
 */

const PENDING_KEY = "staffing.oidc.pending";
/** Part of the authentication cache, kept in sessionStorage like the rest (spec §3). */
export const REFRESH_KEY = "staffing.oidc.refresh";

type Discovery = {
  authorization_endpoint: string;
  token_endpoint: string;
  end_session_endpoint?: string;
};

type PendingSignIn = {
  state: string;
  nonce: string;
  codeVerifier: string;
  redirectUri: string;
};

type TokenResponse = {
  access_token?: unknown;
  refresh_token?: unknown;
  id_token?: unknown;
  expires_in?: unknown;
  error?: unknown;
  error_description?: unknown;
};

export function createLocalOidcAdapter(config: LocalAuthConfig): SignInAdapter {
  let discovery: Promise<Discovery> | null = null;
  let redirectHandling: { url: string; result: Promise<TokenResult | null> } | null = null;

  function loadDiscovery(): Promise<Discovery> {
    discovery ??= fetchDiscovery(config.authority).catch((error: unknown) => {
      discovery = null; // let the next attempt retry
      throw error;
    });
    return discovery;
  }

  /** A token request to the provider (a code or a refresh token grant): whether it was granted, and its answer ({} when unreadable). */
  async function requestTokens(grant: Record<string, string>): Promise<{ ok: boolean; body: TokenResponse }> {
    const { token_endpoint } = await loadDiscovery();
    const response = await fetch(token_endpoint, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Accept: "application/json" },
      body: new URLSearchParams(grant),
    });
    return { ok: response.ok, body: (await response.json().catch(() => ({}))) as TokenResponse };
  }

  async function completeSignIn(url: URL): Promise<TokenResult | null> {
    const params = url.searchParams;
    const state = params.get("state");
    const code = params.get("code");
    const providerError = params.get("error");
    if (url.pathname !== config.redirectPath || state === null || (code === null && providerError === null)) {
      return null;
    }

    const pending = takePending();
    removeAuthParams(url);

    if (providerError !== null) {
      throw new Error(params.get("error_description") ?? `Sign-in was not completed (${providerError}).`);
    }
    if (pending === null || pending.state !== state) {
      throw new Error("The sign-in answer does not match a sign-in started here. Please sign in again.");
    }

    const { ok, body } = await requestTokens({
      grant_type: "authorization_code",
      code: code ?? "",
      redirect_uri: pending.redirectUri,
      client_id: config.clientId,
      code_verifier: pending.codeVerifier,
    });
    if (!ok || typeof body.access_token !== "string") {
      const reason = typeof body.error_description === "string" ? body.error_description : body.error;
      throw new Error(`The identity provider refused the sign-in${typeof reason === "string" ? `: ${reason}` : "."}`);
    }
    if (typeof body.id_token === "string" && decodeJwtPayload(body.id_token)?.nonce !== pending.nonce) {
      throw new Error("The identity provider's answer failed the replay check. Please sign in again.");
    }

    const accessToken = storeTokens(body.access_token, body.refresh_token);
    const expiresAt =
      jwtExpiresAt(accessToken) ?? (typeof body.expires_in === "number" ? Date.now() + body.expires_in * 1000 : null);
    return { accessToken, expiresAt };
  }

  let renewal: Promise<string | null> | null = null;

  /** Trades the refresh token for a new access token; null when there is none or it is refused. */
  async function renew(): Promise<string | null> {
    const refreshToken = window.sessionStorage.getItem(REFRESH_KEY);
    if (!refreshToken) return null;
    const { ok, body } = await requestTokens({
      grant_type: "refresh_token",
      refresh_token: refreshToken,
      client_id: config.clientId,
    });
    if (!ok || typeof body.access_token !== "string") {
      window.sessionStorage.removeItem(REFRESH_KEY);
      return null;
    }
    return storeTokens(body.access_token, body.refresh_token);
  }

  return {
    async signIn() {
      const { authorization_endpoint } = await loadDiscovery();
      const pending: PendingSignIn = {
        state: randomToken(),
        nonce: randomToken(),
        codeVerifier: randomToken(48),
        redirectUri: redirectUri(config),
      };
      const codeChallenge = await s256(pending.codeVerifier);
      window.sessionStorage.setItem(PENDING_KEY, JSON.stringify(pending));

      const url = new URL(authorization_endpoint);
      url.search = new URLSearchParams({
        response_type: "code",
        client_id: config.clientId,
        redirect_uri: pending.redirectUri,
        scope: config.scopes.join(" "),
        state: pending.state,
        nonce: pending.nonce,
        code_challenge: codeChallenge,
        code_challenge_method: "S256",
      }).toString();
      window.location.assign(url.toString());
    },

    handleRedirect() {
      // Idempotent per URL: React StrictMode (and any double start) must not redeem a code twice.
      const href = window.location.href;
      if (redirectHandling?.url !== href) {
        redirectHandling = { url: href, result: completeSignIn(new URL(href)) };
      }
      return redirectHandling.result;
    },

    async acquireTokenSilent() {
      const token = readAccessToken();
      if (token !== null && isTokenFresh(token)) return token;
      writeAccessToken(null);
      // One renewal at a time, however many requests ask for a token at once.
      renewal ??= renew().finally(() => {
        renewal = null;
      });
      return renewal;
    },

    async signOut() {
      clearSession();
      window.sessionStorage.removeItem(PENDING_KEY);
      window.sessionStorage.removeItem(REFRESH_KEY);
      const home = redirectUri(config);
      try {
        const { end_session_endpoint } = await loadDiscovery();
        if (!end_session_endpoint) throw new Error("The identity provider has no end-session endpoint.");
        const url = new URL(end_session_endpoint);
        url.searchParams.set("client_id", config.clientId);
        url.searchParams.set("post_logout_redirect_uri", home);
        window.location.assign(url.toString());
      } catch (error) {
        console.warn("Could not end the session at the identity provider; returning home.", error);
        window.location.assign(home);
      }
    },
  };
}

async function fetchDiscovery(authority: string): Promise<Discovery> {
  const response = await fetch(`${authority.replace(/\/$/, "")}/.well-known/openid-configuration`, {
    headers: { Accept: "application/json" },
  });
  if (!response.ok) throw new Error(`Could not reach the identity provider (HTTP ${response.status}).`);
  const body = (await response.json()) as Partial<Record<keyof Discovery, unknown>>;
  if (typeof body.authorization_endpoint !== "string" || typeof body.token_endpoint !== "string") {
    throw new Error("The identity provider's configuration is missing its endpoints.");
  }
  return {
    authorization_endpoint: body.authorization_endpoint,
    token_endpoint: body.token_endpoint,
    ...(typeof body.end_session_endpoint === "string" ? { end_session_endpoint: body.end_session_endpoint } : {}),
  };
}

function takePending(): PendingSignIn | null {
  const raw = window.sessionStorage.getItem(PENDING_KEY);
  window.sessionStorage.removeItem(PENDING_KEY);
  if (raw === null) return null;
  try {
    const value = JSON.parse(raw) as Partial<PendingSignIn>;
    return typeof value.state === "string" &&
      typeof value.nonce === "string" &&
      typeof value.codeVerifier === "string" &&
      typeof value.redirectUri === "string"
      ? (value as PendingSignIn)
      : null;
  } catch {
    return null;
  }
}

/** Drops the provider's answer from the address bar so a reload or a shared link cannot replay it. */
function removeAuthParams(url: URL): void {
  const clean = new URL(url);
  for (const name of ["code", "state", "error", "error_description", "error_uri", "iss", "session_state"]) {
    clean.searchParams.delete(name);
  }
  window.history.replaceState(window.history.state, "", `${clean.pathname}${clean.search}${clean.hash}`);
}

/** Keeps the access token (and the rotated refresh token, when one came) and returns the access token. */
function storeTokens(accessToken: string, refreshToken: unknown): string {
  writeAccessToken(accessToken);
  if (typeof refreshToken === "string") window.sessionStorage.setItem(REFRESH_KEY, refreshToken);
  return accessToken;
}

function randomToken(byteLength = 32): string {
  return base64UrlEncode(crypto.getRandomValues(new Uint8Array(byteLength)));
}

async function s256(verifier: string): Promise<string> {
  if (!crypto.subtle) {
    throw new Error("Signing in needs a secure connection (https or localhost).");
  }
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(verifier));
  return base64UrlEncode(new Uint8Array(digest));
}
