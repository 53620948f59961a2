/**
 * Promise.all for statements sent together (one round trip on PostgreSQL) whose refusals have an
 * order: when several fail, the first in the list is thrown, whichever failed first in time, so
 * the same bad request always meets the same refusal.
 */
export async function allInOrder<T extends readonly unknown[]>(
  promises: { [K in keyof T]: Promise<T[K]> },
): Promise<T> {
  const settled = await Promise.allSettled(promises);
  for (const outcome of settled) if (outcome.status === "rejected") throw outcome.reason;
  return settled.map((outcome) => (outcome as PromiseFulfilledResult<unknown>).value) as unknown as T;
}
