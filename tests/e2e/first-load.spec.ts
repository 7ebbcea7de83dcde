import type { Page } from "@playwright/test";
import { texts } from "../../src/domain/texts.ts";
import { authTexts } from "../../src/domain/texts-auth.ts";
import { DEMO, expect, test } from "./fixtures.ts";

/**
 * Issue 13 (ADR 015): the page the server sends for a navigation carries the session's user and the
 * public configuration, so a cold start asks for the first screen's data at once instead of waiting
 * for a session call (and, before that, for the saved-cache restore).
 */

/** The API paths this page asks for, in order. */
function apiCalls(page: Page): string[] {
  const calls: string[] = [];
  page.on("request", (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith("/api/")) calls.push(url.pathname);
  });
  return calls;
}

test("a signed-in browser with nothing stored opens its roster without a session or configuration call", async ({
  page,
  signInAs,
}) => {
  const calls = apiCalls(page);
  // When the roster's first entry is first in the page, in the page's own clock.
  await page.addInitScript(() => {
    const w = window as { __entryAt?: number };
    new MutationObserver(() => {
      if (w.__entryAt === undefined && document.querySelector('main a[href^="#/shows/"]')) {
        w.__entryAt = performance.now();
      }
    }).observe(document, { subtree: true, childList: true });
  });
  await signInAs(DEMO.owner, "/#/roster");
  await expect(page.getByRole("heading", { level: 1, name: texts.roster.title })).toBeVisible();
  await expect(page.getByRole("link", { name: "Casey Whitfield" })).toBeVisible();
  expect(calls).toContain("/api/roster");
  expect(calls).not.toContain("/api/session");
  expect(calls).not.toContain("/api/config");
  // The roster's data was the first thing asked for, not something that waited behind other calls.
  expect(calls.filter((c) => c !== "/api/auth/sign-in/email")[0]).toBe("/api/roster");

  // What the first screen does not show (live stream, connection bar, offline cache, the service worker's
  // registration) was asked for only once the screen was rendered with its data, not when the data came.
  const afterPaint =
    /\/assets\/(live-notifications|offline-status|offline-cache|virtual_pwa-register)-[^/]+\.js$/;
  await expect
    .poll(() =>
      page.evaluate(
        (pattern) =>
          performance.getEntriesByType("resource").filter((e) => new RegExp(pattern).test(e.name)).length,
        afterPaint.source,
      ),
    )
    .toBe(4);
  const { entryAt, laterStarts } = await page.evaluate((pattern) => {
    const entries = performance.getEntriesByType("resource") as PerformanceResourceTiming[];
    return {
      entryAt: (window as { __entryAt?: number }).__entryAt ?? Number.NaN,
      laterStarts: entries.filter((e) => new RegExp(pattern).test(e.name)).map((e) => e.startTime),
    };
  }, afterPaint.source);
  for (const start of laterStarts) expect(start).toBeGreaterThan(entryAt);
});

test("the planner and a show detail opened cold ask for their data first, and a signed-out visit shows the sign-in form without asking", async ({
  page,
  signInAs,
}) => {
  const calls = apiCalls(page);
  // When the planner's heading first appears, in the page's own clock.
  await page.addInitScript((title) => {
    const w = window as { __headingAt?: number };
    new MutationObserver(() => {
      if (w.__headingAt === undefined && document.querySelector("h1")?.textContent === title) {
        w.__headingAt = performance.now();
      }
    }).observe(document, { subtree: true, childList: true, characterData: true });
  }, texts.planner.title);
  await signInAs(DEMO.owner, "/#/planner");
  const first = page.getByRole("main").getByRole("listitem").getByRole("link").first();
  await expect(first).toBeVisible();
  // The planner's first page was asked for as soon as its chunk arrived, before the screen rendered
  // (a screen asks for its data only after its first render).
  const { headingAt, showsAt } = await page.evaluate(() => ({
    headingAt: (window as { __headingAt?: number }).__headingAt ?? Number.NaN,
    showsAt:
      performance.getEntriesByType("resource").find((e) => new URL(e.name).pathname === "/api/shows")
        ?.startTime ?? Number.NaN,
  }));
  expect(showsAt).toBeLessThan(headingAt);
  const href = await first.getAttribute("href");
  // Each visit starts from a blank page, so nothing the page before it starts late (its live stream
  // opens a few seconds after its first screen, and asks for the session when refused) is counted.
  const openCold = async (url: string) => {
    await page.goto("about:blank");
    calls.length = 0;
    await page.goto(url);
  };
  await openCold(`/${href}`);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  expect(calls[0]).toMatch(/^\/api\/shows\/[^/]+$/);
  expect(calls).not.toContain("/api/session");

  await page.context().clearCookies();
  await openCold(`/${href}`);
  await expect(page.getByRole("button", { name: authTexts.signInButton, exact: true })).toBeVisible();
  expect(calls).not.toContain("/api/session");
});

test("a part of the layout whose chunk cannot be fetched (the connection dropped first) leaves the screen working", async ({
  page,
  signInAs,
}) => {
  await page.route(/\/assets\/(live-notifications|offline-status)-[^/]+\.js$/, (route) => route.abort());
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(error.message));
  const failed: string[] = [];
  page.on("requestfailed", (request) => failed.push(request.url()));
  await signInAs(DEMO.owner, "/#/roster");
  await expect(page.getByRole("heading", { level: 1, name: texts.roster.title })).toBeVisible();
  // The parts were asked for, failed, and the app goes on: another screen opens and works.
  await expect.poll(() => failed.some((url) => /offline-status-/.test(url))).toBe(true);
  await page.getByRole("link", { name: texts.nav.planner }).first().click();
  await expect(page.getByRole("heading", { level: 1, name: texts.planner.title })).toBeVisible();
  await expect(page.getByRole("main").getByRole("listitem").first()).toBeVisible();
  expect(errors).toEqual([]);
});
