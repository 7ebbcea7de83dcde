import type { Locator, Page } from "@playwright/test";
import { expect } from "./fixtures.ts";

/** The wide layout's checks (issue 36, ADR 035), shared by the layout specs. */

/** The five windows issue 36 designs for: phone, tablet portrait, tablet landscape, laptop, desktop. */
export const FIVE_WIDTHS = [
  { width: 360, height: 740 },
  { width: 768, height: 1024 },
  { width: 1024, height: 768 },
  { width: 1280, height: 800 },
  { width: 1920, height: 1080 },
] as const;

export async function expectNoHorizontalScroll(page: Page) {
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({
    scrollWidth: document.scrollingElement!.scrollWidth,
    innerWidth: window.innerWidth,
  }));
  expect(scrollWidth).toBeLessThanOrEqual(innerWidth);
}

/** `left` ends before `right` begins, and the two share some height: side by side, not stacked. */
export async function expectSideBySide(left: Locator, right: Locator) {
  const a = (await left.boundingBox())!;
  const b = (await right.boundingBox())!;
  expect(a.x + a.width).toBeLessThanOrEqual(b.x);
  expect(a.y).toBeLessThan(b.y + b.height);
  expect(b.y).toBeLessThan(a.y + a.height);
}
