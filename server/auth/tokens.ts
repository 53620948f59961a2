import {
  createLocalJWKSet,
  createRemoteJWKSet,
  type JWTPayload,
  type JWTVerifyGetKey,
  errors as joseErrors,
  jwtVerify,
} from "jose";
import type { B2cConfig } from "../config";
import { publicJwk, type SigningKey } from "./signingKeys";

/** What the API needs from a verified access token. */
export type VerifiedToken = {
  subject: string;
  email: string | undefined;
  claims: JWTPayload;
  /** The first request of a session whose sign-in happened elsewhere (B2C): it is the sign-in to record (withIdleRule). */
  signsIn?: boolean;
};

export type TokenVerifier = (token: string) => Promise<VerifiedToken>;

/** Thrown for every token that must not be accepted; the HTTP layers answer it with 401. */
export class InvalidTokenError extends Error {
  readonly code = "invalid_token";
}

/** Only asymmetric signatures are accepted: 'none' and HS256-with-a-public-key are refused. */
export const ALLOWED_ALGORITHMS = ["RS256"];

export type TokenSettings = {
  issuer: string;
  audience: string;
  jwks: JWTVerifyGetKey;
  /** The provider's own claims, checked after the signature: why the token is refused, or undefined. */
  refusal?: (claims: JWTPayload) => string | undefined;
};

/**
 * How many verified tokens are remembered. Verifying a token (an RS256 signature) was the largest
 * single cost of a signed-in request (about 15 % of the server's CPU under load); the same token
 * comes with every request of a session, so a verified token is remembered until it expires.
 */
const VERIFIED_TOKENS_KEPT = 1000;

/**
 * One verification path for both identity providers: signature by JWKS, issuer, audience, expiry.
 * A token that verified is remembered (by its exact text) and accepted again without a signature
 * check until its `exp`; after that it is verified afresh, which refuses it. Refused tokens are never
 * remembered. Only the token is remembered, never the viewer: who the token's subject is, and what
 * they may do, is read from the database on every request.
 */
export function createTokenVerifier(settings: TokenSettings): TokenVerifier {
  const verified = new Map<string, VerifiedToken>();
  return async (token) => {
    const known = verified.get(token);
    if (known && Date.now() < (known.claims.exp ?? 0) * 1000) return known;
    verified.delete(token);
    const payload = await jwtVerify(token, settings.jwks, {
      issuer: settings.issuer,
      audience: settings.audience,
      algorithms: ALLOWED_ALGORITHMS,
      requiredClaims: ["sub", "exp", "iat"],
    }).then(
      (verifiedToken) => verifiedToken.payload,
      (error: unknown) => {
        throw new InvalidTokenError(describeTokenError(error));
      },
    );
    const refused = settings.refusal?.(payload);
    if (refused) throw new InvalidTokenError(refused);
    const email = typeof payload.email === "string" ? payload.email : firstEmail(payload.emails);
    const result = { subject: payload.sub as string, email, claims: payload };
    // The oldest remembered token makes room (a Map keeps insertion order).
    if (verified.size >= VERIFIED_TOKENS_KEPT) verified.delete(verified.keys().next().value as string);
    verified.set(token, result);
    return result;
  };
}

export function embeddedTokenSettings(publicUrl: string, key: SigningKey): TokenSettings {
  return {
    issuer: embeddedIssuer(publicUrl),
    audience: embeddedApiAudience(publicUrl),
    jwks: createLocalJWKSet({ keys: [publicJwk(key)] }),
  };
}

export function b2cTokenSettings(b2c: B2cConfig): TokenSettings {
  const host = `${b2c.tenantName}.b2clogin.com`;
  return {
    issuer: `https://${host}/${b2c.tenantId}/v2.0/`,
    audience: b2c.apiAudience,
    jwks: createRemoteJWKSet(
      new URL(`https://${host}/${b2c.tenantName}.onmicrosoft.com/${b2c.policy}/discovery/v2.0/keys`),
    ),
    refusal: (claims) => b2cClaimsRefusal(b2c, claims),
  };
}

/**
 * B2C signs the tokens of every user flow of the tenant with the same keys: a token from another
 * flow (`tfp`, or `acr` in older tenants) is refused, as is one without this API's scope in `scp`:
 * an ID token carries no `scp`, so only access tokens for this API are accepted.
 */
export function b2cClaimsRefusal(b2c: Pick<B2cConfig, "policy" | "apiScope">, claims: JWTPayload): string | undefined {
  const policy = typeof claims.tfp === "string" ? claims.tfp : typeof claims.acr === "string" ? claims.acr : undefined;
  if (policy?.toLowerCase() !== b2c.policy.toLowerCase()) {
    return `The access token comes from the user flow '${policy ?? "(none)"}', not '${b2c.policy}'`;
  }
  // The scope URI's last segment is what `scp` lists (https://tenant.onmicrosoft.com/api/access → access).
  const scope = b2c.apiScope.split("/").pop() ?? b2c.apiScope;
  const granted = typeof claims.scp === "string" ? claims.scp.split(" ") : [];
  if (!granted.includes(scope)) {
    return `The token does not grant this API's scope '${scope}': send an access token for the API, not an ID token`;
  }
  return undefined;
}

export const embeddedIssuer = (publicUrl: string) => `${publicUrl}/oidc`;
export const embeddedApiAudience = (publicUrl: string) => `${publicUrl}/api`;

export function bearerToken(authorization: string | null | undefined): string | undefined {
  const match = /^Bearer\s+(\S+)$/i.exec(authorization ?? "");
  return match?.[1];
}

function firstEmail(value: unknown): string | undefined {
  return Array.isArray(value) && typeof value[0] === "string" ? value[0] : undefined;
}

function describeTokenError(error: unknown): string {
  if (error instanceof joseErrors.JWTExpired) return "The access token has expired";
  if (error instanceof joseErrors.JWTClaimValidationFailed)
    return `The access token's ${error.claim} claim is not accepted`;
  if (error instanceof joseErrors.JOSEAlgNotAllowed) return "The access token's signing algorithm is not accepted";
  if (error instanceof joseErrors.JWKSNoMatchingKey) return "The access token is signed by an unknown key";
  if (error instanceof joseErrors.JWSSignatureVerificationFailed) return "The access token's signature is invalid";
  return "The access token is invalid";
}
