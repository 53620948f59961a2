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

/**
 * The medians of `app` and of its `floor`, run in turns (app, floor, app, …) so that a slow moment
 * of the machine hits both: a ratio of two medians taken one after the other moves with the load.
 */
export async function medianTimesInTurn(
  app: () => Promise<unknown>,
  floor: () => Promise<unknown>,
  warmUp: number,
  runs: number,
): Promise<{ app: number; floor: number }> {
  const timings = { app: [] as number[], floor: [] as number[] };
  for (let i = 0; i < warmUp + runs; i++) {
    for (const [kind, run] of [
      ["app", app],
      ["floor", floor],
    ] as const) {
      const started = performance.now();
      await run();
      if (i >= warmUp) timings[kind].push(performance.now() - started);
    }
  }
  return { app: median(timings.app), floor: median(timings.floor) };
}
