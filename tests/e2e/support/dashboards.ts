import type { Locator, Page } from "@playwright/test";
import { expect } from "./test";

/**
 * Sorts a dashboard's table by Gap FTE, largest first (the second click on the header's button turns
 * the order), and checks that the header says so and that the rows' gaps (the 7th column) are in that order.
 */
export async function sortByGapLargestFirst(page: Page, rows: Locator): Promise<void> {
  const sort = page.getByRole("button", { name: /^Gap FTE/ });
  await sort.click();
  await sort.click();
  await expect(page.getByRole("columnheader", { name: /Gap FTE/ })).toHaveAttribute("aria-sort", "descending");
  const gaps = (await rows.locator("td:nth-child(7)").allTextContents()).map(Number);
  expect(gaps).toEqual([...gaps].sort((a, b) => b - a));
}
