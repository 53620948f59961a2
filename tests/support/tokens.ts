import { randomUUID } from "node:crypto";
import { generateKeyPair, importJWK, type JWTPayload, SignJWT } from "jose";
import { costCenterPermissions, costCenters, users } from "../../db/schema";
import { DEMO_FACILITY_ID, DEMO_ORGANIZATION_ID, DEMO_USER_IDS } from "../../db/seed/demo";
import type { DemoAccountType } from "../../db/seed/demoAccounts";
import { loadOrCreateSigningKey, publicJwk } from "../../server/auth/signingKeys";
import { embeddedApiAudience, embeddedIssuer } from "../../server/auth/tokens";
import type { Viewer } from "../../server/services/viewer";
import type { TestServer } from "./server";

/**
 * Signs tokens with the server's own key (or others), to probe every rule of token verification.
 * `baseUrl` is the server's public address (its tokens' issuer).
 */
export async function tokenFactory(server: { baseUrl: string; database: Pick<TestServer["database"], "db"> }) {
  const key = await loadOrCreateSigningKey(server.database.db);
  const privateKey = await importJWK(key, "RS256");
  const defaults = {
    iss: embeddedIssuer(server.baseUrl),
    aud: embeddedApiAudience(server.baseUrl),
  };
  const sign = (payload: JWTPayload & { sub: string }, options: { expiresIn?: string | number } = {}) =>
    new SignJWT({ ...defaults, ...payload })
      .setProtectedHeader({ alg: "RS256", kid: key.kid })
      .setIssuedAt()
      .setExpirationTime(options.expiresIn ?? "10m")
      .sign(privateKey);
  return {
    valid: (sub: string) => sign({ sub }),
    expiringIn: (sub: string, seconds: number) => sign({ sub }, { expiresIn: `${seconds}s` }),
    expired: (sub: string) =>
      new SignJWT({ ...defaults, sub })
        .setProtectedHeader({ alg: "RS256", kid: key.kid })
        .setIssuedAt(Math.floor(Date.now() / 1000) - 7200)
        .setExpirationTime(Math.floor(Date.now() / 1000) - 3600)
        .sign(privateKey),
    /** Valid for ten more minutes, but issued `minutes` ago (a session that began then). */
    issuedMinutesAgo: (sub: string, minutes: number) =>
      new SignJWT({ ...defaults, sub })
        .setProtectedHeader({ alg: "RS256", kid: key.kid })
        .setIssuedAt(Math.floor(Date.now() / 1000) - minutes * 60)
        .setExpirationTime(Math.floor(Date.now() / 1000) + 600)
        .sign(privateKey),
    wrongIssuer: (sub: string) => sign({ sub, iss: "https://attacker.example/oidc" }),
    wrongAudience: (sub: string) => sign({ sub, aud: "https://another-api.example" }),
    algNone: (sub: string) => {
      const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString("base64url");
      const now = Math.floor(Date.now() / 1000);
      return `${encode({ alg: "none", typ: "JWT" })}.${encode({ ...defaults, sub, iat: now, exp: now + 600 })}.`;
    },
    /** The classic confusion attack: HMAC keyed with the server's public key. */
    hs256WithPublicKey: (sub: string) =>
      new SignJWT({ ...defaults, sub })
        .setProtectedHeader({ alg: "HS256", kid: key.kid })
        .setIssuedAt()
        .setExpirationTime("10m")
        .sign(new TextEncoder().encode(JSON.stringify(publicJwk(key)))),
    unknownKey: async (sub: string, kid = "unknown-key") => {
      const { privateKey: other } = await generateKeyPair("RS256");
      return new SignJWT({ ...defaults, sub })
        .setProtectedHeader({ alg: "RS256", kid })
        .setIssuedAt()
        .setExpirationTime("10m")
        .sign(other);
    },
    kid: key.kid,
  };
}

/** Valid access tokens for the three demo accounts, keyed by account type. */
export async function demoAccountTokens(server: TestServer): Promise<Record<DemoAccountType, string>> {
  const tokens = await tokenFactory(server);
  return {
    admin: await tokens.valid(DEMO_USER_IDS.admin),
    exec: await tokens.valid(DEMO_USER_IDS.exec),
    user: await tokens.valid(DEMO_USER_IDS.user),
  };
}

/** A new executive of the demo facility overseeing exactly `costCenterIds`, and a token for them. */
export function executiveOver(server: TestServer, costCenterIds: readonly string[]): Promise<string> {
  return accountOver(server, costCenterIds, { executive: true });
}

/** A token of a new user account (not an executive) with Read Only permissions on the cost centers given. */
export function userOver(server: TestServer, costCenterIds: readonly string[]): Promise<string> {
  return accountOver(server, costCenterIds, { executive: false });
}

/**
 * A cost center of the demo facility that only this test uses, and a token of its own new manager,
 * who holds Complete Wizard and Manage Staff on it.
 */
export async function managerOfNewCostCenter(server: TestServer): Promise<{ costCenterId: string; token: string }> {
  const db = server.database.db;
  const [costCenter] = await db
    .insert(costCenters)
    .values({
      facilityId: DEMO_FACILITY_ID,
      code: String(Math.floor(Math.random() * 1e9)),
      name: `Own Unit ${randomUUID().slice(0, 8)}`,
    })
    .returning({ id: costCenters.id });
  const costCenterId = costCenter?.id as string;
  const { id: userId, token } = await newAccount(server, {
    userType: "User",
    emailPrefix: "user",
    firstName: "Scoped",
    lastName: "User",
  });
  await db
    .insert(costCenterPermissions)
    .values({ userId, costCenterId, completeWizard: true, manageStaff: true, readOnly: false, fte: 1 });
  return { costCenterId, token };
}

/**
 * A new account of the demo facility (unless told) that signs in with its own id as subject, named
 * as told (lists show the name): its id and a token.
 */
async function newAccount(
  server: TestServer,
  account: {
    userType: "Admin" | "User";
    emailPrefix: string;
    firstName: string;
    lastName: string;
    organizationId?: string;
    facilityId?: string;
  },
): Promise<{ id: string; token: string }> {
  const id = randomUUID();
  await server.database.db.insert(users).values({
    id,
    organizationId: account.organizationId ?? DEMO_ORGANIZATION_ID,
    facilityId: account.facilityId ?? DEMO_FACILITY_ID,
    email: `${account.emailPrefix}-${id}@hospital.example`,
    firstName: account.firstName,
    lastName: account.lastName,
    userType: account.userType,
    identitySubject: id,
  });
  return { id, token: await (await tokenFactory(server)).valid(id) };
}

/** A new administrator (of the demo facility unless told): their id and a token. */
export function newAdministrator(
  server: TestServer,
  {
    firstName = "Other",
    lastName = "Admin",
    organizationId,
    facilityId,
  }: { firstName?: string; lastName?: string; organizationId?: string; facilityId?: string } = {},
): Promise<{ id: string; token: string }> {
  return newAccount(server, {
    userType: "Admin",
    emailPrefix: "admin",
    firstName,
    lastName,
    organizationId,
    facilityId,
  });
}

async function accountOver(
  server: TestServer,
  costCenterIds: readonly string[],
  { executive }: { executive: boolean },
): Promise<string> {
  const { id: userId, token } = await newAccount(server, {
    userType: "User",
    emailPrefix: executive ? "exec" : "user",
    firstName: "Scoped",
    lastName: executive ? "Executive" : "User",
  });
  if (costCenterIds.length > 0)
    await server.database.db
      .insert(costCenterPermissions)
      .values(costCenterIds.map((costCenterId) => ({ userId, costCenterId, readOnly: !executive, executive })));
  return token;
}

/**
 * A viewer whose facility does not exist: any audit record written for it violates its foreign key,
 * which is how the atomicity tests make the audit write (and so the whole change) fail.
 */
export function viewerOfMissingFacility(userId: string): Viewer {
  return {
    userId,
    organizationId: "00000000-0000-4000-8000-000000000001",
    facilityId: "00000000-0000-4000-8000-000000000002",
    facilityName: "Nowhere",
    facilityTimeZone: "US/Eastern",
    email: "x@example.test",
    firstName: "X",
    lastName: "Y",
    accountType: "user",
    source: null,
  };
}
