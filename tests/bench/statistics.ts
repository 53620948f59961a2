import { performance } from "node:perf_hooks";

/** The value at quantile q (0..1) of ascending `sorted`. */
export const quantile = (sorted: readonly number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;

/** The middle sample of `samples` in any order (of an even count, the upper of the two). */
export const median = (samples: readonly number[]) =>
  quantile(
    [...samples].sort((a, b) => a - b),
    0.5,
  );

/**
 * Runs every function of `runs` in turns (the first, the second, …, then the first again) `warmUp`
 * times untimed, then `count` times timed: the median of each one's timed runs in ms. In turns, a
 * slow moment of the machine hits them all: a ratio of two medians taken one after the other moves
 * with the load.
 */
export async function mediansInTurn<Name extends string>(
  runs: Record<Name, () => Promise<unknown>>,
  warmUp: number,
  count: number,
): Promise<Record<Name, number>> {
  const entries = Object.entries(runs) as [Name, () => Promise<unknown>][];
  const timings = new Map<Name, number[]>(entries.map(([name]) => [name, []]));
  for (let i = 0; i < warmUp + count; i++) {
    for (const [name, run] of entries) {
      const started = performance.now();
      await run();
      if (i >= warmUp) timings.get(name)?.push(performance.now() - started);
    }
  }
  return Object.fromEntries(entries.map(([name]) => [name, median(timings.get(name) ?? [])])) as Record<Name, number>;
}

/** Runs `run` `warmUp` times untimed, then `runs` times timed: the median of the timed runs in ms. */
export async function medianTime(run: () => Promise<unknown>, warmUp: number, runs: number): Promise<number> {
  return (await mediansInTurn({ run }, warmUp, runs)).run;
}

/** The medians of `app` and of its `floor`, run in turns (app, floor, app, …): see mediansInTurn. */
export const medianTimesInTurn = (
  app: () => Promise<unknown>,
  floor: () => Promise<unknown>,
  warmUp: number,
  runs: number,
): Promise<{ app: number; floor: number }> => mediansInTurn({ app, floor }, warmUp, runs);
