/**
 * One limiter for everything that must not be hammered: failed sign-ins (per account and per
 * address) and expensive requests (employee search, upload slots, per user). The counts live in a
 * LimitStore: this process's memory, or Redis shared by every instance (redisLimitStore.ts).
 */
export type LimitPolicy = {
  /** Events allowed within `windowMs`; the one that reaches it starts the lock. */
  limit: number;
  windowMs: number;
  /** How long a key stays locked once it reached the limit. */
  lockMs: number;
};

/** Thrown while a key is locked; the HTTP layers answer 429 with Retry-After. */
export class TooManyRequestsError extends Error {
  readonly code = "too_many_requests";
  constructor(
    readonly retryAfterSeconds: number,
    what = "Too many requests",
  ) {
    super(`${what}. Try again in ${describeWait(retryAfterSeconds)}.`);
    this.name = "TooManyRequestsError";
  }
}

/** '15 minutes', '1 minute', '42 seconds'. */
export function describeWait(seconds: number): string {
  if (seconds > 90) {
    const minutes = Math.ceil(seconds / 60);
    return `${minutes} minute${minutes === 1 ? "" : "s"}`;
  }
  return `${seconds} second${seconds === 1 ? "" : "s"}`;
}

/**
 * Where the counts live: one process's memory (one instance), or Redis when REDIS_URL is set, so
 * every instance behind a load balancer counts the same tries (a throttle that counts per instance
 * is N times weaker). Times are the caller's milliseconds.
 */
export interface LimitStore {
  /** Counts one event; answers when the key's lock ends (ms), or 0 when it is not locked. */
  hit(key: string, policy: LimitPolicy, now: number): Promise<number>;
  /** When the key's lock ends (ms), or 0 when there is none. */
  lockedUntil(key: string, now: number): Promise<number>;
  /** Forgets the key. */
  reset(key: string): Promise<void>;
  close(): Promise<void>;
}

type Entry = { count: number; windowEndsAt: number; lockedUntil: number };

/** Stale entries are swept once the map holds this many keys (addresses an attacker can vary). */
const SWEEP_AT = 10_000;

export class MemoryLimitStore implements LimitStore {
  readonly #entries = new Map<string, Entry>();

  async hit(key: string, policy: LimitPolicy, now: number): Promise<number> {
    let entry = this.#entries.get(key);
    if (entry && entry.lockedUntil > now) return entry.lockedUntil;
    if (!entry || entry.windowEndsAt <= now) {
      if (this.#entries.size >= SWEEP_AT) this.#sweep(now);
      entry = { count: 0, windowEndsAt: now + policy.windowMs, lockedUntil: 0 };
      this.#entries.set(key, entry);
    }
    entry.count += 1;
    if (entry.count < policy.limit) return 0;
    entry.lockedUntil = now + policy.lockMs;
    entry.count = 0;
    entry.windowEndsAt = entry.lockedUntil;
    return entry.lockedUntil;
  }

  async lockedUntil(key: string, now: number): Promise<number> {
    const lockedUntil = this.#entries.get(key)?.lockedUntil ?? 0;
    return lockedUntil > now ? lockedUntil : 0;
  }

  async reset(key: string): Promise<void> {
    this.#entries.delete(key);
  }

  async close(): Promise<void> {}

  #sweep(now: number) {
    for (const [key, entry] of this.#entries) {
      if (entry.windowEndsAt <= now && entry.lockedUntil <= now) this.#entries.delete(key);
    }
  }
}

export class RateLimiter {
  /**
   * @param name keeps this limiter's keys apart from the others' in a shared store.
   */
  constructor(
    readonly policy: LimitPolicy,
    private readonly store: LimitStore = new MemoryLimitStore(),
    private readonly name = "limit",
    private readonly now: () => number = Date.now,
  ) {}

  /** Seconds until the key may act again, or 0 when it is not locked. */
  async retryAfter(key: string): Promise<number> {
    const now = this.now();
    return secondsUntil(await this.store.lockedUntil(this.#key(key), now), now);
  }

  /** Counts one event; answers the seconds of the lock it started (or is under), else 0. */
  async hit(key: string): Promise<number> {
    const now = this.now();
    return secondsUntil(await this.store.hit(this.#key(key), this.policy, now), now);
  }

  /** Counts one request and refuses it once the key is over its limit. */
  async take(key: string, what?: string): Promise<void> {
    const locked = await this.retryAfter(key);
    if (locked > 0) throw new TooManyRequestsError(locked, what);
    await this.hit(key);
  }

  /** Forgets the key's failures (a successful sign-in). */
  async reset(key: string): Promise<void> {
    await this.store.reset(this.#key(key));
  }

  #key(key: string): string {
    return `${this.name}:${key}`;
  }
}

function secondsUntil(lockedUntil: number, now: number): number {
  return Math.max(0, Math.ceil((lockedUntil - now) / 1000));
}

export type RequestLimits = {
  signIn: RateLimiter;
  search: RateLimiter;
  uploadSlot: RateLimiter;
  deniedAudit: RateLimiter;
};

export const DEFAULT_LIMIT_POLICIES: Record<keyof RequestLimits, LimitPolicy> = {
  /** Issue #12: 10 failed sign-ins lock the account, or the address, for 15 minutes. */
  signIn: { limit: 10, windowMs: 15 * 60_000, lockMs: 15 * 60_000 },
  /** The search dropdown asks as a person types: 120 a minute is far above that. */
  search: { limit: 120, windowMs: 60_000, lockMs: 60_000 },
  /** An admin uploads a handful of files in a sitting. */
  uploadSlot: { limit: 30, windowMs: 10 * 60_000, lockMs: 10 * 60_000 },
  /**
   * Refused requests (401/403) recorded in the audit log, per address: nothing else limits them
   * (a refusal is cheap to ask for, and anonymous), so an address writes at most 99 records in
   * 10 minutes; the 100th starts 10 minutes in which its refusals are answered but not recorded.
   * The table then grows by at most about 300 rows an hour per address, and the limiter's memory is
   * bounded by its sweep (MemoryLimitStore; Redis expires its keys). Not a refusal of the request: only of its record.
   */
  deniedAudit: { limit: 100, windowMs: 10 * 60_000, lockMs: 10 * 60_000 },
};

export function createRequestLimits(
  store: LimitStore,
  policies: Partial<Record<keyof RequestLimits, LimitPolicy>> = {},
): RequestLimits {
  const all = { ...DEFAULT_LIMIT_POLICIES, ...policies };
  const limiter = (name: keyof RequestLimits) => new RateLimiter(all[name], store, name);
  return {
    signIn: limiter("signIn"),
    search: limiter("search"),
    uploadSlot: limiter("uploadSlot"),
    deniedAudit: limiter("deniedAudit"),
  };
}
