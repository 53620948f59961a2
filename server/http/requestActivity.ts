import type { ServerResponse } from "node:http";

/**
 * The requests being answered, for background work that should give way to them. PGlite, the
 * embedded database, runs one statement at a time on the app's own thread: a long import merging
 * its slices one after the other makes every request wait behind the next slice, and a request of
 * two statements behind two. With `quiet` between slices, a request waits at most for the slice
 * running when it came.
 */
export type RequestActivity = {
  /** Counts `res`'s request as being answered until its response is finished or abandoned. */
  track(res: ServerResponse): void;
  /** Resolves when no request is being answered, or after `maxWaitMs` (steady traffic never stops the work). */
  quiet(maxWaitMs: number): Promise<void>;
};

export function requestActivity(): RequestActivity {
  let answering = 0;
  const waiting = new Set<() => void>();
  return {
    track(res) {
      answering++;
      res.once("close", () => {
        answering--;
        if (answering === 0) for (const wake of [...waiting]) wake();
      });
    },
    quiet(maxWaitMs) {
      if (answering === 0) return Promise.resolve();
      return new Promise<void>((resolve) => {
        const wake = () => {
          clearTimeout(timer);
          waiting.delete(wake);
          resolve();
        };
        const timer = setTimeout(wake, maxWaitMs);
        waiting.add(wake);
      });
    },
  };
}
