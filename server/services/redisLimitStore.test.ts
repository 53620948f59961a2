import { randomUUID } from "node:crypto";
import { afterAll, describe, expect, it } from "vitest";
import { TEST_REDIS_URL } from "../../tests/support/redis";
import { type LimitStore, RateLimiter } from "./rateLimits";
import { openRedisLimitStore } from "./redisLimitStore";

// Two stores on two connections stand for two instances. Each test uses keys of its own, so runs
// never meet in the shared server; the limiters' clock is fixed by the test.
const stores: LimitStore[] = [];
async function openStore(url = TEST_REDIS_URL) {
  const store = await openRedisLimitStore(url);
  stores.push(store);
  return store;
}
afterAll(async () => {
  for (const store of stores) await store.close();
});

const POLICY = { limit: 3, windowMs: 60_000, lockMs: 120_000 };

function limiterPair(a: LimitStore, b: LimitStore) {
  const clock = { now: 1_800_000_000_000 };
  const name = `test-${randomUUID()}`;
  return {
    clock,
    onA: new RateLimiter(POLICY, a, name, () => clock.now),
    onB: new RateLimiter(POLICY, b, name, () => clock.now),
  };
}

describe("request limits in Redis", () => {
  it("count one key's events across instances: the third, on either, starts the lock both see", async () => {
    const { onA, onB, clock } = limiterPair(await openStore(), await openStore());
    expect(await onA.hit("account:x")).toBe(0);
    clock.now += 1_000;
    expect(await onB.hit("account:x")).toBe(0);
    expect(await onB.retryAfter("account:x")).toBe(0);
    clock.now += 1_000;
    // Third event of a limit of 3: a lock of 120 000 ms = 120 s from now.
    expect(await onA.hit("account:x")).toBe(120);
    expect(await onB.retryAfter("account:x")).toBe(120);
    await expect(onB.take("account:x", "Too many searches")).rejects.toThrow(
      "Too many searches. Try again in 2 minutes.",
    );
    // Another key is not touched.
    expect(await onB.retryAfter("account:y")).toBe(0);
    // 119.5 s later the lock has half a second left (rounded up to 1 s); at 120 s it is over.
    clock.now += 119_500;
    expect(await onB.retryAfter("account:x")).toBe(1);
    clock.now += 500;
    expect(await onA.retryAfter("account:x")).toBe(0);
    expect(await onA.hit("account:x")).toBe(0);
  });

  it("start a new window once the last one is over, and forget a key reset on another instance", async () => {
    const { onA, onB, clock } = limiterPair(await openStore(), await openStore());
    await onA.hit("k");
    await onB.hit("k");
    // 60 s after the first hit its window is over: two more hits are the new window's first two.
    clock.now += 60_000;
    expect(await onA.hit("k")).toBe(0);
    expect(await onB.hit("k")).toBe(0);
    await onA.reset("k");
    expect(await onB.hit("k")).toBe(0);
    expect(await onA.hit("k")).toBe(0);
    expect(await onB.hit("k")).toBe(120);
  });

  it("keep the limiters' keys apart by name", async () => {
    const store = await openStore();
    const clock = () => 1_800_000_000_000;
    const search = new RateLimiter({ ...POLICY, limit: 1 }, store, `search-${randomUUID()}`, clock);
    const upload = new RateLimiter({ ...POLICY, limit: 1 }, store, `upload-${randomUUID()}`, clock);
    expect(await search.hit("user-1")).toBe(120);
    expect(await upload.retryAfter("user-1")).toBe(0);
  });

  it("count in the process while Redis cannot be reached, without failing or waiting", async () => {
    // Port 1 on loopback: nothing listens, the connection is refused at once.
    const store = await openStore("redis://127.0.0.1:1");
    const limiter = new RateLimiter({ ...POLICY, limit: 2 }, store, "offline", () => 1_800_000_000_000);
    const started = Date.now();
    expect(await limiter.hit("k")).toBe(0);
    expect(await limiter.hit("k")).toBe(120);
    expect(await limiter.retryAfter("k")).toBe(120);
    await limiter.reset("k");
    expect(await limiter.retryAfter("k")).toBe(0);
    expect(Date.now() - started).toBeLessThan(5_000);
  });
});
