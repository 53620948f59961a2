import type { Page } from "@playwright/test";

/**
 * Measures, inside the page and on its own clock, when elements with a data-testid appear and
 * disappear, when GraphQL answers arrive, and when the path changes: so a test can check "hidden
 * after 3 s" or "400 ms after the save" to a few milliseconds, with real timers.
 */
type Event =
  | { kind: "shown" | "hidden"; testId: string; text: string; at: number }
  | { kind: "answer"; operation: string; at: number }
  | { kind: "path"; path: string; at: number };

declare global {
  interface Window {
    __timing?: Event[];
  }
}

export async function installTimingProbe(page: Page, testIds: readonly string[]): Promise<void> {
  await page.addInitScript((ids: readonly string[]) => {
    const events: Event[] = [];
    window.__timing = events;
    const originalFetch = window.fetch.bind(window);
    window.fetch = async (input, init) => {
      const response = await originalFetch(input, init);
      let operation: string | undefined;
      try {
        operation =
          typeof init?.body === "string"
            ? (JSON.parse(init.body) as { operationName?: string }).operationName
            : undefined;
      } catch {
        operation = undefined;
      }
      // The answer's headers are in: anything the page does with it happens after this.
      if (operation) events.push({ kind: "answer", operation, at: performance.now() });
      return response;
    };
    /** The text of each watched element while it is on screen; a new text counts as shown again. */
    const present = new Map<string, string | null>();
    let path = location.pathname;
    const check = () => {
      for (const id of ids) {
        const element = document.querySelector(`[data-testid="${id}"]`);
        const text = element ? (element.textContent ?? "") : null;
        if (text === (present.get(id) ?? null)) continue;
        present.set(id, text);
        events.push({ kind: text === null ? "hidden" : "shown", testId: id, text: text ?? "", at: performance.now() });
      }
      if (location.pathname !== path) {
        path = location.pathname;
        events.push({ kind: "path", path, at: performance.now() });
      }
    };
    new MutationObserver(check).observe(document, { subtree: true, childList: true, characterData: true });
    setInterval(check, 10);
  }, testIds);
}

export async function timingEvents(page: Page): Promise<Event[]> {
  return page.evaluate(() => window.__timing ?? []);
}

/** The last time an event matching `match` happened, or throws. */
export function lastAt(events: readonly Event[], match: (event: Event) => boolean): number {
  const found = [...events].reverse().find(match);
  if (!found) throw new Error(`No timing event matched in ${JSON.stringify(events)}`);
  return found.at;
}
