import type { Page } from "@playwright/test";

/**
 * Opens a path inside the running app, as a link click does: the router reads the new address
 * (history.pushState, then the popstate event it listens to) and the app is not loaded again.
 * A page.goto boots the whole app (about 1.5 s of browser CPU on a CI machine); specs that walk
 * many routes load the first one and open the rest this way. Every route is also loaded directly
 * somewhere (routes.spec.ts loads each first route of a group, and the screens' own specs theirs).
 */
export async function openInApp(page: Page, path: string): Promise<void> {
  await page.evaluate((to) => {
    window.history.pushState(null, "", to);
    window.dispatchEvent(new PopStateEvent("popstate", { state: null }));
  }, path);
}
