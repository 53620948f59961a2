import { eq, lt, sql } from "drizzle-orm";
import type { Queryable } from "../../db/client";
import { sessionActivity } from "../../db/schema";
import { InvalidTokenError, type TokenVerifier, type VerifiedToken } from "../auth/tokens";

/**
 * The idle rule on the server (spec §4, issue #17): the browser signs a person out after 10 idle
 * minutes, and the server refuses that session's tokens too, so a session left open on a machine
 * whose browser stopped counting (asleep, closed, a copied token) ends all the same.
 *
 * The browser reports activity (mouse, keys) at most once a minute (POST /api/session/activity); a
 * session is refused once its last report is older than the idle limit plus that minute of grace.
 * Requests themselves do not count: a screen that polls or listens must not keep a session alive.
 * Only a new sign-in starts a new session; an idle one cannot be revived.
 */

/** The browser reports activity at most this often; the server allows this much on top of the limit. */
export const ACTIVITY_REPORT_INTERVAL_MS = 60_000;

export const SESSION_IDLE_MESSAGE = "Your session ended after a period without activity. Please sign in again.";

/** Rows of sessions idle this long are removed (a refused session needs no row to stay refused: see check). */
const FORGET_AFTER_MS = 24 * 3600_000;

/**
 * Which sign-in a token belongs to: its subject and session id. The embedded provider puts its
 * session's id in `sid`; an Azure AD B2C token carries `auth_time` (when the person signed in),
 * and without either the token's own `iat` stands in (each renewed token then starts afresh).
 */
export function sessionKey(token: VerifiedToken): string {
  const { sid, auth_time: authTime, iat } = token.claims;
  const started = typeof sid === "string" && sid ? `sid:${sid}` : `at:${String(authTime ?? iat)}`;
  return `${token.subject}|${started}`;
}

export type SessionActivity = {
  /**
   * Refuses (InvalidTokenError) a token whose session is idle past the limit; a session's first
   * request starts its clock, and only that request (across instances) answers true.
   */
  check(token: VerifiedToken): Promise<boolean>;
  /** Records activity for the token's session (already checked: an idle session cannot report). */
  touch(token: VerifiedToken): Promise<void>;
  /** Whether the token's session is idle past the limit (for open sockets). */
  isIdle(token: VerifiedToken): Promise<boolean>;
  /** Removes the rows of sessions idle for a day or more. */
  forgetOld(): Promise<void>;
};

/** How many sessions' latest activity each process remembers. */
const SESSIONS_REMEMBERED = 10_000;

/**
 * The rule over the session_activity table, with each process remembering the latest activity it
 * has seen per session. Activity only ever moves forward (reports keep the later time), so a
 * remembered time is never later than the stored one: while it is within the limit the session is
 * active without asking the database (no query on a request), and only a session that looks idle
 * from here is read again (another instance may have heard from its browser since).
 */
export function createSessionActivity(
  db: Queryable,
  options: { idleMinutes: number /** The time now, in ms; tests move it. */; now?: () => number },
): SessionActivity {
  const allowedMs = options.idleMinutes * 60_000 + ACTIVITY_REPORT_INTERVAL_MS;
  const now = options.now ?? Date.now;
  const remembered = new Map<string, number>();

  function remember(key: string, at: number) {
    const known = remembered.get(key);
    if (known !== undefined && known >= at) return;
    // Most recently seen last (a Map keeps insertion order), so the first is the one to forget.
    remembered.delete(key);
    remembered.set(key, at);
    if (remembered.size > SESSIONS_REMEMBERED) remembered.delete(remembered.keys().next().value as string);
  }

  const idle = (at: number) => now() - at > allowedMs;

  /** The session's latest activity as stored (remembered too), or undefined for a session not seen yet. */
  async function stored(key: string): Promise<number | undefined> {
    const [row] = await db
      .select({ at: sessionActivity.lastActiveAt })
      .from(sessionActivity)
      .where(eq(sessionActivity.sessionKey, key));
    if (!row) return undefined;
    remember(key, row.at.getTime());
    return row.at.getTime();
  }

  /** Whether the session is idle past the limit; undefined when it has never been seen. */
  async function idleness(key: string): Promise<boolean | undefined> {
    const known = remembered.get(key);
    if (known !== undefined && !idle(known)) return false;
    const at = await stored(key);
    return at === undefined ? undefined : idle(at);
  }

  return {
    async check(token) {
      const key = sessionKey(token);
      const isIdle = await idleness(key);
      if (isIdle) throw new InvalidTokenError(SESSION_IDLE_MESSAGE);
      if (isIdle === false) return false;
      // A session's first request. A token issued longer ago than the limit that was never seen is
      // not let in either: its session began (at the latest) when it was issued.
      const issuedAt = typeof token.claims.iat === "number" ? token.claims.iat * 1000 : now();
      if (idle(issuedAt)) throw new InvalidTokenError(SESSION_IDLE_MESSAGE);
      const started = now();
      const inserted = await db
        .insert(sessionActivity)
        .values({ sessionKey: key, lastActiveAt: new Date(started) })
        .onConflictDoNothing()
        .returning({ key: sessionActivity.sessionKey });
      remember(key, started);
      return inserted.length > 0;
    },
    async touch(token) {
      const key = sessionKey(token);
      const at = now();
      await db
        .insert(sessionActivity)
        .values({ sessionKey: key, lastActiveAt: new Date(at) })
        .onConflictDoUpdate({
          target: sessionActivity.sessionKey,
          set: { lastActiveAt: sql`greatest(${sessionActivity.lastActiveAt}, excluded.last_active_at)` },
        });
      remember(key, at);
    },
    async isIdle(token) {
      return (await idleness(sessionKey(token))) === true;
    },
    async forgetOld() {
      await db.delete(sessionActivity).where(lt(sessionActivity.lastActiveAt, new Date(now() - FORGET_AFTER_MS)));
    },
  };
}

/**
 * A token verifier that also applies the idle rule: every transport refuses an idle session as it
 * refuses a bad token. With `signInAtFirstRequest` (Azure AD B2C, where the sign-in itself happens
 * at Microsoft), the token of a session's first request is marked `signsIn`: resolveViewer records
 * it as the sign-in, once, with the user and the address.
 */
export function withIdleRule(
  verify: TokenVerifier,
  sessions: SessionActivity,
  options: { signInAtFirstRequest: boolean },
): TokenVerifier {
  return async (token) => {
    const verified = await verify(token);
    const started = await sessions.check(verified);
    return started && options.signInAtFirstRequest ? { ...verified, signsIn: true } : verified;
  };
}
