import { useCallback, useEffect, useRef, useState } from "react";

/**
 * A value that clears itself `ms` after it was last shown (a banner that hides after 3 seconds).
 * Showing a new value restarts the clock; `clear` hides it at once.
 */
export function useTimedValue<T>(ms: number): [T | null, (value: T) => void, () => void] {
  const [value, setValue] = useState<T | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);

  const clear = useCallback(() => {
    if (timer.current !== null) clearTimeout(timer.current);
    timer.current = null;
    setValue(null);
  }, []);

  const show = useCallback(
    (next: T) => {
      if (timer.current !== null) clearTimeout(timer.current);
      setValue(next);
      timer.current = setTimeout(() => {
        timer.current = null;
        setValue(null);
      }, ms);
    },
    [ms],
  );

  useEffect(
    () => () => {
      if (timer.current !== null) clearTimeout(timer.current);
    },
    [],
  );

  return [value, show, clear];
}
