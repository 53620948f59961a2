import type { Redis } from "ioredis";
import { reportRedisOutages } from "../redisOutages";
import { type LimitPolicy, type LimitStore, MemoryLimitStore } from "./rateLimits";

/**
 * One hit, atomically on the Redis server: the same rule as MemoryLimitStore.hit (count within a
 * window; the event that reaches the limit starts a lock), on a hash that expires when neither its
 * window nor its lock matters any more. KEYS[1] the key; ARGV now, limit, windowMs, lockMs.
 */
const HIT_SCRIPT = `
local now = tonumber(ARGV[1])
local entry = redis.call('HMGET', KEYS[1], 'count', 'windowEndsAt', 'lockedUntil')
local count = tonumber(entry[1]) or 0
local windowEndsAt = tonumber(entry[2]) or 0
local lockedUntil = tonumber(entry[3]) or 0
if lockedUntil > now then return lockedUntil end
if windowEndsAt <= now then
  count = 0
  windowEndsAt = now + tonumber(ARGV[3])
end
count = count + 1
if count < tonumber(ARGV[2]) then
  redis.call('HSET', KEYS[1], 'count', count, 'windowEndsAt', windowEndsAt, 'lockedUntil', 0)
  redis.call('PEXPIRE', KEYS[1], math.max(1, windowEndsAt - now))
  return 0
end
lockedUntil = now + tonumber(ARGV[4])
redis.call('HSET', KEYS[1], 'count', 0, 'windowEndsAt', lockedUntil, 'lockedUntil', lockedUntil)
redis.call('PEXPIRE', KEYS[1], math.max(1, lockedUntil - now))
return lockedUntil
`;

type LimitCommands = {
  limitHit(key: string, now: number, limit: number, windowMs: number, lockMs: number): Promise<number>;
};

/** Keys of this app in a Redis it may share with others. */
const KEY_PREFIX = "staffing:limit:";

/**
 * The request limits' counts in Redis, shared by every instance. While Redis cannot be reached the
 * limits count in this process's memory instead (logged once per outage): a sign-in or a search
 * must not fail because the throttle's store is down, and a per-instance count is the next best.
 * Answers once connected, or once the first connection failed (the fallback counts meanwhile).
 */
export async function openRedisLimitStore(redisUrl: string): Promise<LimitStore> {
  // Loaded only with REDIS_URL (see createAppEvents).
  const { Redis: RedisClient } = await import("ioredis");
  const redis = new RedisClient(redisUrl, {
    keyPrefix: KEY_PREFIX,
    // Fail at once while disconnected (the fallback answers) instead of queueing the request.
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
  }) as Redis & LimitCommands;
  redis.defineCommand("limitHit", { numberOfKeys: 1, lua: HIT_SCRIPT });
  const fallback = new MemoryLimitStore();
  const reportOutage = reportRedisOutages([redis], {
    down: "Redis is unreachable: request limits count in this process until it is back.",
    back: "Request limits count in Redis again",
  });
  await new Promise<void>((resolve) => {
    redis.once("ready", resolve);
    redis.once("error", () => resolve());
  });
  async function orFallback<T>(shared: () => Promise<T>, local: () => Promise<T>): Promise<T> {
    if (redis.status !== "ready") return local();
    try {
      return await shared();
    } catch (error) {
      reportOutage(error);
      return local();
    }
  }
  return {
    hit: (key: string, policy: LimitPolicy, now: number) =>
      orFallback(
        async () => Number(await redis.limitHit(key, now, policy.limit, policy.windowMs, policy.lockMs)),
        () => fallback.hit(key, policy, now),
      ),
    lockedUntil: (key: string, now: number) =>
      orFallback(
        async () => {
          const lockedUntil = Number(await redis.hget(key, "lockedUntil"));
          return lockedUntil > now ? lockedUntil : 0;
        },
        () => fallback.lockedUntil(key, now),
      ),
    reset: (key: string) =>
      orFallback(
        async () => {
          await redis.del(key);
        },
        () => fallback.reset(key),
      ),
    async close() {
      redis.disconnect();
    },
  };
}
