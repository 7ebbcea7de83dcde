import type { Page } from "@playwright/test";
import { showDayTexts } from "../../src/domain/texts/show-day.ts";
import { watchTexts } from "../../src/domain/texts/watch.ts";
import { CELINA } from "./entries-helpers.ts";
import { DEMO, expect, holdRequests, openHeld, personIn, test } from "./fixtures.ts";
import { ZONE } from "./show-day-helpers.ts";

/** The demo's show on today, its session running (src/server/db/seed/demo-show-day.ts). */
const RUNNING_SHOW = "Eagleville Lions Club Horse Show";
/** Its card by its heading: another spec's show on today may name it in its own card's text. */
const runningCard = (page: Page) =>
  page
    .getByTestId("roster-today")
    .getByRole("article")
    .filter({ has: page.getByRole("heading", { name: RUNNING_SHOW, exact: true }) });

/**
 * The demo's show a week on, by its heading: this week's or the season's, as the seeding's day and the
 * browser's zone's day fall (they differ from 00:00 to 06:00 UTC).
 */
const celinaCard = (page: Page) =>
  page.getByRole("article").filter({ has: page.getByRole("heading", { name: CELINA, exact: true }) });

/**
 * The roster's cards are the server's elements from the first paint on (issue 33): when the first screen
 * counts as shown, "Share live" joins each card with a horse, inside it. A card was once drawn anew whole for
 * that (the card's element swapped, a long task at the end of hydration), and today's card, whose live part
 * is in the server's page, was drawn from its fallback without its live bar when the first screen was shown
 * before that part's code had come (an urgent update reaching a part of the page still waiting to hydrate),
 * then drawn a third time once the code came.
 */
test("the roster's cards stay the server's elements when Share live comes, even when the live part's code comes late", async ({
  browser,
  baseURL,
}) => {
  const { context, page } = await personIn(browser, baseURL!, DEMO.owner, { timezoneId: ZONE });
  await page.addInitScript(() => {
    const removed: string[] = [];
    (window as unknown as { removedCards: string[] }).removedCards = removed;
    new MutationObserver((changes) => {
      for (const change of changes)
        for (const node of change.removedNodes)
          if (
            node instanceof Element &&
            (node.matches("article, [data-testid=live-ring-bar]") || node.querySelector("article"))
          )
            removed.push((node.textContent ?? "").slice(0, 60));
    }).observe(document, { childList: true, subtree: true });
  });
  // The code of today's card's live part (and of Share live) comes only after the first screen is shown.
  const release = await holdRequests(page, "**/assets/roster-live-*.js");
  await page.goto("/roster");
  const today = runningCard(page);
  await expect(today.getByTestId("live-ring-bar")).toContainText(showDayTexts.live.inRing);
  await page.waitForFunction(() => performance.getEntriesByName("ringside:first-screen").length > 0);
  // What the first screen being shown did at once (an urgent update renders in the same task).
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 100))));
  await expect(today.getByTestId("live-ring-bar")).toContainText(showDayTexts.live.inRing);

  const celina = celinaCard(page);
  release();
  await expect(celina.getByRole("button", { name: watchTexts.share.openLabel(CELINA) })).toBeVisible();
  await expect(today.getByRole("button", { name: watchTexts.share.openLabel(RUNNING_SHOW) })).toBeVisible();
  await expect(today.getByTestId("live-ring-bar")).toContainText(showDayTexts.live.inRing);
  expect(await page.evaluate(() => (window as unknown as { removedCards: string[] }).removedCards)).toEqual(
    [],
  );
  await context.close();
});

/**
 * "Share live" on a card of a show to come arrives after the first screen; the card once grew by its
 * height then, and every card below moved (a layout shift of 52 px on a steward's roster at 1280 px, which
 * failed wide-layout.spec's row check in CI's run of 44df3e8). Its place is kept from the server's page.
 */
test("Share live on a show to come arrives into the place kept for it: nothing below moves", async ({
  browser,
  baseURL,
}) => {
  const { context, page } = await personIn(browser, baseURL!, DEMO.owner, { timezoneId: ZONE });
  const release = await holdRequests(page, "**/assets/roster-live-*.js");
  await page.goto("/roster");
  await page.waitForFunction(() => performance.getEntriesByName("ringside:first-screen").length > 0);
  const celina = celinaCard(page);
  const share = celina.getByRole("button", { name: watchTexts.share.openLabel(CELINA) });
  await expect(share).toHaveCount(0);
  const below = celina.locator("xpath=following::article[1]");
  const [card, next] = [await celina.boundingBox(), await below.boundingBox()];
  release();
  await expect(share).toBeVisible();
  expect(await celina.boundingBox()).toEqual(card);
  expect(await below.boundingBox()).toEqual(next);
  await context.close();
});

/**
 * Today's card's "Share live" is in the server's page with its live bar. The card's clock catches up as the
 * page hydrates (an urgent update); when the button waited behind a lazy boundary of its own, that update
 * reached the boundary before its code was known and React drew the button anew: the card shrank and
 * grew back, moving every card below it (a layout shift of 0.04 in Lighthouse's cold runs).
 */
test("today's card keeps the server's Share live button while the page hydrates", async ({
  browser,
  baseURL,
}) => {
  const { context, page } = await personIn(browser, baseURL!, DEMO.owner, { timezoneId: ZONE });
  const label = watchTexts.share.openLabel(RUNNING_SHOW);
  await page.addInitScript((label) => {
    const removed: string[] = [];
    (window as unknown as { removedShare: string[] }).removedShare = removed;
    new MutationObserver((changes) => {
      for (const change of changes)
        for (const node of change.removedNodes)
          if (node instanceof Element && node.querySelector(`button[aria-label="${label}"]`))
            removed.push(node.outerHTML.slice(0, 80));
    }).observe(document, { childList: true, subtree: true });
  }, label);
  // A phone's CPU (Lighthouse's mobile slowdown): on this machine's full speed the code wins the race.
  const cdp = await context.newCDPSession(page);
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
  await page.goto("/roster");
  await page.waitForFunction(() => performance.getEntriesByName("ringside:first-screen").length > 0);
  await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 1500)));
  await expect(runningCard(page).getByRole("button", { name: label })).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { removedShare: string[] }).removedShare)).toEqual(
    [],
  );
  await context.close();
});

/**
 * From 1280 px the notifications are a column at the right (ADR 047), which comes after the first screen:
 * the roster's column once narrowed when it came, and every card moved and re-wrapped (a layout shift of
 * 0.08 at 1280 × 800). Its room is kept from the server's page.
 */
test("at 1280 px the roster's cards stay where the server drew them when the notifications column comes", async ({
  browser,
  baseURL,
}) => {
  const { context, page } = await personIn(browser, baseURL!, DEMO.owner, {
    timezoneId: ZONE,
    viewport: { width: 1280, height: 800 },
    isMobile: false,
    hasTouch: false,
  });
  const release = await openHeld(page, "/roster");
  const card = runningCard(page);
  await expect(card).toBeVisible();
  const drawn = await card.boundingBox();
  release();
  await expect(page.getByTestId("notifications-panel")).toBeVisible();
  expect(await card.boundingBox()).toEqual(drawn);
  await context.close();
});
