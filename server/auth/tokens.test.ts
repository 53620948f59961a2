// Issue #16: a verified token is remembered until it expires (no second signature check), and never
// longer; refused and altered tokens are checked every time.
import { createLocalJWKSet, exportJWK, generateKeyPair, type JWTVerifyGetKey, SignJWT } from "jose";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { b2cClaimsRefusal, createTokenVerifier, InvalidTokenError, type TokenVerifier } from "./tokens";

const issuer = "http://localhost:4000/oidc";
const audience = "http://localhost:4000/api";
let privateKey: CryptoKey;
let publicKey: CryptoKey;
let verify: TokenVerifier;
let keyLookups = 0;

beforeAll(async () => {
  const pair = await generateKeyPair("RS256", { extractable: true });
  privateKey = pair.privateKey;
  publicKey = pair.publicKey;
  const jwks = createLocalJWKSet({ keys: [{ ...(await exportJWK(pair.publicKey)), kid: "k1", alg: "RS256" }] });
  const counted: JWTVerifyGetKey = (...args) => {
    keyLookups++;
    return jwks(...args);
  };
  verify = createTokenVerifier({ issuer, audience, jwks: counted });
});

const sign = (options: { sub?: string; expiresInSeconds?: number; iss?: string } = {}) =>
  new SignJWT({ email: "someone@example.test" })
    .setProtectedHeader({ alg: "RS256", kid: "k1" })
    .setSubject(options.sub ?? "user-1")
    .setIssuer(options.iss ?? issuer)
    .setAudience(audience)
    .setIssuedAt()
    .setExpirationTime(Math.floor(Date.now() / 1000) + (options.expiresInSeconds ?? 600))
    .sign(privateKey);

describe("createTokenVerifier", () => {
  it("checks a token's signature once, then accepts the same token without a second check", async () => {
    const token = await sign({ sub: "user-2" });
    keyLookups = 0;
    const first = await verify(token);
    expect(first).toMatchObject({ subject: "user-2", email: "someone@example.test" });
    expect(await verify(token)).toEqual(first);
    expect(keyLookups).toBe(1);
  });

  afterEach(() => {
    vi.useRealTimers();
  });

  it("refuses a remembered token once it has expired", async () => {
    // The clock is moved rather than waited for: a one-second token could expire before its first
    // check on a busy machine (its expiry counts from a whole second).
    vi.useFakeTimers({ toFake: ["Date"] });
    const token = await sign({ expiresInSeconds: 60 });
    expect((await verify(token)).subject).toBe("user-1");
    vi.setSystemTime(Date.now() + 61_000);
    await expect(verify(token)).rejects.toThrow(InvalidTokenError);
    await expect(verify(token)).rejects.toThrow(/expired/);
  });

  it("refuses an altered copy of an accepted token, and checks a refused token every time", async () => {
    const token = await sign();
    await verify(token);
    const [header, payload] = token.split(".");
    const forged = `${header}.${Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(payload ?? "", "base64url").toString()), sub: "admin" })).toString("base64url")}.${token.split(".")[2]}`;
    await expect(verify(forged)).rejects.toThrow(InvalidTokenError);
    const wrongIssuer = await sign({ iss: "https://attacker.example/oidc" });
    keyLookups = 0;
    await expect(verify(wrongIssuer)).rejects.toThrow(InvalidTokenError);
    await expect(verify(wrongIssuer)).rejects.toThrow(InvalidTokenError);
    expect(keyLookups).toBe(2);
  });
});

describe("B2C claims (issue #17)", () => {
  const b2c = { policy: "B2C_1_signin", apiScope: "https://contoso.onmicrosoft.com/staffing-api/access" };
  const refusal = (claims: Record<string, unknown>) => b2cClaimsRefusal(b2c, claims);

  it("accepts an access token of the configured user flow (tfp, or acr, in any case) with the API's scope", () => {
    expect(refusal({ tfp: "B2C_1_signin", scp: "access" })).toBeUndefined();
    expect(refusal({ acr: "b2c_1_SIGNIN", scp: "read access" })).toBeUndefined();
  });

  it("refuses another user flow's token, and an ID token (no scp) or one for another scope", () => {
    expect(refusal({ tfp: "B2C_1_passwordreset", scp: "access" })).toBe(
      "The access token comes from the user flow 'B2C_1_passwordreset', not 'B2C_1_signin'",
    );
    expect(refusal({ scp: "access" })).toBe("The access token comes from the user flow '(none)', not 'B2C_1_signin'");
    expect(refusal({ tfp: "B2C_1_signin" })).toBe(
      "The token does not grant this API's scope 'access': send an access token for the API, not an ID token",
    );
    expect(refusal({ tfp: "B2C_1_signin", scp: "accessible" })).toMatch(/does not grant this API's scope 'access'/);
  });

  it("a verifier with the B2C rule refuses such a token after its signature checked out", async () => {
    const jwks = createLocalJWKSet({ keys: [{ ...(await exportJWK(publicKey)), kid: "k1", alg: "RS256" }] });
    const b2cVerify = createTokenVerifier({
      issuer,
      audience,
      jwks,
      refusal: (claims) => b2cClaimsRefusal(b2c, claims),
    });
    const token = (claims: Record<string, unknown>) =>
      new SignJWT(claims)
        .setProtectedHeader({ alg: "RS256", kid: "k1" })
        .setSubject("b2c-user")
        .setIssuer(issuer)
        .setAudience(audience)
        .setIssuedAt()
        .setExpirationTime("10m")
        .sign(privateKey);
    expect((await b2cVerify(await token({ tfp: "B2C_1_signin", scp: "access" }))).subject).toBe("b2c-user");
    const idToken = await token({ tfp: "B2C_1_signin" });
    await expect(b2cVerify(idToken)).rejects.toThrow(InvalidTokenError);
    await expect(b2cVerify(idToken)).rejects.toThrow("send an access token for the API, not an ID token");
  });
});
