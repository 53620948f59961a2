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

/** Runs `run` `warmUp` times untimed, then `runs` times timed: the median of the timed runs in ms. */
export async function medianTime(run: () => Promise<unknown>, warmUp: number, runs: number): Promise<number> {
  const timings: number[] = [];
  for (let i = 0; i < warmUp + runs; i++) {
    const started = performance.now();
    await run();
    if (i >= warmUp) timings.push(performance.now() - started);
  }
  return median(timings);
}
