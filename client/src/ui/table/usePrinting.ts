import { useEffect, useMemo, useState } from "react";
import { flushSync } from "react-dom";

/**
 * True while the page prints: a paged or windowed list renders every row for the printout. The
 * change is flushed inside `beforeprint`, before the browser lays the page out for print.
 */
export function usePrinting(): boolean {
  // From the browser's print events, and from the print media query as well: print media without
  // those events (a headless browser's PDF, emulated print media) still gets every row.
  const printQuery = useMemo(() => (typeof window.matchMedia === "function" ? window.matchMedia("print") : null), []);
  const [printing, setPrinting] = useState(() => printQuery?.matches ?? false);
  useEffect(() => {
    const before = () => flushSync(() => setPrinting(true));
    const after = () => setPrinting(printQuery?.matches ?? false);
    const media = () => flushSync(() => setPrinting(printQuery?.matches ?? false));
    window.addEventListener("beforeprint", before);
    window.addEventListener("afterprint", after);
    printQuery?.addEventListener("change", media);
    return () => {
      window.removeEventListener("beforeprint", before);
      window.removeEventListener("afterprint", after);
      printQuery?.removeEventListener("change", media);
    };
  }, [printQuery]);
  return printing;
}
