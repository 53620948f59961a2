import { calculateJwkThumbprint, exportJWK, generateKeyPair, type JWK } from "jose";
import type { Queryable } from "../../db/client";
import { identitySigningKeys } from "../../db/schema";

export type SigningKey = JWK & { kid: string; alg: "RS256"; use: "sig" };

/**
 * The embedded provider's RS256 signing key. Created once and stored, so tokens stay valid across
 * restarts and across instances sharing one database.
 */
export async function loadOrCreateSigningKey(db: Queryable): Promise<SigningKey> {
  const existing = await db.select().from(identitySigningKeys).orderBy(identitySigningKeys.createdAt).limit(1);
  if (existing[0]) return existing[0].privateJwk as SigningKey;
  const { privateKey } = await generateKeyPair("RS256", { extractable: true, modulusLength: 2048 });
  const jwk = await exportJWK(privateKey);
  const kid = await calculateJwkThumbprint(jwk);
  const key: SigningKey = { ...jwk, kid, alg: "RS256", use: "sig" };
  await db.insert(identitySigningKeys).values({ kid, privateJwk: key }).onConflictDoNothing();
  // Another instance may have won the race: always use the oldest stored key.
  const [stored] = await db.select().from(identitySigningKeys).orderBy(identitySigningKeys.createdAt).limit(1);
  if (!stored) throw new Error("The identity signing key could not be stored");
  return stored.privateJwk as SigningKey;
}

export function publicJwk(key: SigningKey): SigningKey {
  const { kid, kty, n, e, alg, use } = key;
  return { kid, kty, n, e, alg, use } as SigningKey;
}
