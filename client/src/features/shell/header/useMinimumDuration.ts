import { useEffect, useRef, useState } from "react";

/**
 * True while `active` is, and for at least `ms` after it first became true, so a loading state
 * never flashes (spec section 9: header loading delay 500 ms). False from the start when `active` is.
 */
export function useMinimumDuration(active: boolean, ms: number): boolean {
  const [holding, setHolding] = useState(active);
  const timer = useRef<number | undefined>(undefined);

  useEffect(() => {
    if (!active) return;
    setHolding(true);
    window.clearTimeout(timer.current);
    // Deliberately not cleared when `active` turns false: the minimum duration still runs out.
    timer.current = window.setTimeout(() => setHolding(false), ms);
  }, [active, ms]);

  useEffect(() => () => window.clearTimeout(timer.current), []);

  return active || holding;
}
