import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";

/**
 * axe-core's WCAG 2.1 A and AA rules on what the page shows now (an open dialog included): no
 * serious or critical finding. Each finding is listed with the elements it names, so a failure
 * says what to fix.
 */
export async function expectNoSeriousAxeFindings(page: Page, what: string): Promise<void> {
  // Measured once what the page loads has arrived: a control that is disabled while its data loads
  // (the upload dialog's Download template button) turns enabled mid-run and fades in from the
  // disabled opacity, which axe reads as low contrast. Loading shows as a skeleton or aria-busy.
  await expect(page.locator('.chakra-skeleton, [aria-busy="true"]'), `axe on ${what}: still loading`).toHaveCount(0, {
    timeout: 15_000,
  });
  // Measured once what is fading in or out has settled: a half-faded banner or dialog reads as low
  // contrast. A dialog's animation starts a frame or two after it is mounted, so "settled" is five
  // frames in a row without a running animation. Endless animations (spinners) are not waited for.
  await page.evaluate(
    () =>
      new Promise<void>((settled) => {
        let quietFrames = 0;
        const check = () => {
          const moving = document
            .getAnimations()
            .some((a) => a.playState === "running" && a.effect?.getTiming().iterations !== Number.POSITIVE_INFINITY);
          quietFrames = moving ? 0 : quietFrames + 1;
          if (quietFrames >= 5) settled();
          else requestAnimationFrame(check);
        };
        requestAnimationFrame(check);
      }),
  );
  const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
  const serious = results.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map(
      (v) =>
        `${v.id} (${v.impact}): ${v.help} at ${v.nodes
          .map((n) => `${n.target.join(" ")} ${n.html.slice(0, 160)} (${n.failureSummary ?? ""})`)
          .join("; ")}`,
    );
  expect(serious, `axe on ${what}`).toEqual([]);
}
