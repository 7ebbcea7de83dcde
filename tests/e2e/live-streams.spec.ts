import type { Page, Request } from "@playwright/test";
import { showDayTexts } from "../../src/domain/texts/show-day.ts";
import { showIdByName } from "./entries-helpers.ts";
import { DEMO, expect, test } from "./fixtures.ts";

/** The demo's show on today, its session running (src/server/db/seed/demo-show-day.ts). */
const RUNNING_SHOW = "Eagleville Lions Club Horse Show";

/** The page's live streams: the open ones by path, and how many times each path was opened. */
function trackStreams(page: Page) {
  const open = new Set<Request>();
  const opened = new Map<string, number>();
  const path = (request: Request) => new URL(request.url()).pathname;
  page.on("request", (request) => {
    if (request.resourceType() !== "eventsource") return;
    open.add(request);
    opened.set(path(request), (opened.get(path(request)) ?? 0) + 1);
  });
  // A closed EventSource is a cancelled request; one the server ended has finished.
  page.on("requestfailed", (request) => open.delete(request));
  page.on("requestfinished", (request) => open.delete(request));
  return { open: () => [...open].map(path).sort(), opened: (p: string) => opened.get(p) ?? 0 };
}

/**
 * Each person may hold 32 live streams per server (ADR 020): a page must hold only what its screen shows,
 * the notification stream and one ring stream for the shows on today (ADR 041), however it is moved
 * between screens, hidden or shown again.
 */
test("a page holds its notification stream and its screen's ring stream, and no more", async ({
  page,
  signInAs,
}) => {
  const streams = trackStreams(page);
  const running = showIdByName(RUNNING_SHOW);
  const ring = "/api/show-day/events";
  const both = ["/api/events", ring].sort();
  await signInAs(DEMO.admin, `/shows/${running}`);
  await expect(page.getByTestId("live-ring-bar")).toContainText(showDayTexts.live.inRing);
  await expect.poll(streams.open).toEqual(both);

  // Screen to screen inside the app: the ring stream follows the screen (kept when the next screen shows
  // the same show at once), the notification stream stays.
  await page.getByRole("link", { name: showDayTexts.ring.open }).click();
  await expect(page.getByRole("heading", { level: 1, name: showDayTexts.ring.title })).toBeVisible();
  await expect.poll(streams.open).toEqual(both);
  await page
    .getByRole("navigation", { name: "Main" })
    .getByRole("link", { name: /^Notifications/ })
    .click();
  await expect.poll(streams.open).toEqual(["/api/events"]);
  await page.goBack();
  await expect(page.getByRole("heading", { level: 1, name: showDayTexts.ring.title })).toBeVisible();
  await expect.poll(streams.open).toEqual(both);

  // Hidden and shown again (another tab in front, a phone's screen off and on): nothing opens anew.
  const ringOpens = streams.opened(ring);
  expect(ringOpens).toBeGreaterThanOrEqual(2);
  for (const state of ["hidden", "visible"]) {
    await page.evaluate((visibility) => {
      Object.defineProperty(document, "visibilityState", { value: visibility, configurable: true });
      Object.defineProperty(document, "hidden", { value: visibility === "hidden", configurable: true });
      document.dispatchEvent(new Event("visibilitychange"));
      window.dispatchEvent(new Event(visibility === "hidden" ? "blur" : "focus"));
    }, state);
  }
  await page.waitForTimeout(500);
  expect(streams.open()).toEqual(both);
  expect(streams.opened("/api/events")).toBe(1);
  expect(streams.opened(ring)).toBe(ringOpens);
});
