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
export type VerifiedToken = { subject: string; email: string | undefined; claims: JWTPayload };

export type TokenVerifier = (token: string) => Promise<VerifiedToken>;

/** Thrown for every token that must not be accepted; the HTTP layers answer it with 401. */
export class InvalidTokenError extends Error {
  readonly code = "invalid_token";
}

/** Only asymmetric signatures are accepted: 'none' and HS256-with-a-public-key are refused. */
export const ALLOWED_ALGORITHMS = ["RS256"];

export type TokenSettings = { issuer: string; audience: string; jwks: JWTVerifyGetKey };

/** One verification path for both identity providers: signature by JWKS, issuer, audience, expiry. */
export function createTokenVerifier(settings: TokenSettings): TokenVerifier {
  return async (token) => {
    try {
      const { payload } = await jwtVerify(token, settings.jwks, {
        issuer: settings.issuer,
        audience: settings.audience,
        algorithms: ALLOWED_ALGORITHMS,
        requiredClaims: ["sub", "exp", "iat"],
      });
      const email = typeof payload.email === "string" ? payload.email : firstEmail(payload.emails);
      return { subject: payload.sub as string, email, claims: payload };
    } catch (error) {
      throw new InvalidTokenError(describeTokenError(error));
    }
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
  };
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
