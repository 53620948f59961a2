import { useEffect, useState } from "react";
import { flushSync } from "react-dom";

/**
 * True while the page prints: a paged or windowed list renders every row for the printout. The
 * change is flushed inside `beforeprint`, before the browser lays the page out for print.
 */
export function usePrinting(): boolean {
  const [printing, setPrinting] = useState(false);
  useEffect(() => {
    const before = () => flushSync(() => setPrinting(true));
    const after = () => setPrinting(false);
    window.addEventListener("beforeprint", before);
    window.addEventListener("afterprint", after);
    return () => {
      window.removeEventListener("beforeprint", before);
      window.removeEventListener("afterprint", after);
    };
  }, []);
  return printing;
}
