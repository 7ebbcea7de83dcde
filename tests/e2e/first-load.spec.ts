import type { Page } from "@playwright/test";
import { authTexts } from "../../src/domain/texts/auth.ts";
import { notificationsTexts } from "../../src/domain/texts/notifications.ts";
import { plannerTexts } from "../../src/domain/texts/planner.ts";
import { rosterTexts } from "../../src/domain/texts/roster.ts";
import { texts } from "../../src/domain/texts/shell.ts";
import { CELINA, showIdByName } from "./entries-helpers.ts";
import { DEMO, expect, test } from "./fixtures.ts";

/**
 * Issue 20 (ADR 019): the server renders the first screen with its data into the page, and the browser
 * hydrates it from the same data without asking for it again; the spec's hash links land on their path.
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

/** Resolves once React has hydrated the page: a link then navigates in the page instead of loading one. */
async function expectInteractive(page: Page) {
  await page.evaluate(() => {
    (window as { __samePage?: boolean }).__samePage = true;
  });
  await page.getByRole("link", { name: texts.nav.notifications }).first().click();
  await expect(page).toHaveURL(/\/notifications$/);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  expect(await page.evaluate(() => (window as { __samePage?: boolean }).__samePage)).toBe(true);
}

test("a signed-in cold start gets its roster in the page and hydrates it without asking for it again", async ({
  page,
  signInAs,
}) => {
  const calls = apiCalls(page);
  // When the roster's first entry is first in the page, in the page's own clock.
  await page.addInitScript(() => {
    const w = window as { __entryAt?: number };
    new MutationObserver(() => {
      if (w.__entryAt === undefined && document.querySelector('main a[href^="/shows/"]')) {
        w.__entryAt = performance.now();
      }
    }).observe(document, { subtree: true, childList: true });
  });
  const html: string[] = [];
  page.on("response", async (response) => {
    if (response.request().resourceType() === "document") html.push(await response.text());
  });
  await signInAs(DEMO.owner, "/roster");
  await expect(page.getByRole("heading", { level: 1, name: rosterTexts.title })).toBeVisible();
  // The screen's data came with the page, as markup.
  await expect.poll(() => html.length).toBe(1);
  expect(html[0]).toContain("Casey Whitfield");
  expect(html[0]).toContain(CELINA);

  // What the first screen does not show (live stream, connection bar, offline cache, the service worker's
  // registration) was asked for only once the screen was rendered with its data.
  const afterPaint = /\/assets\/(live-notifications|offline-status|offline-cache|pwa-register)-[^/]+\.js$/;
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

  // Hydrated from the page's data: neither the roster, nor the session, nor the configuration was asked for.
  expect(calls).not.toContain("/api/roster");
  expect(calls).not.toContain("/api/session");
  expect(calls).not.toContain("/api/config");
  expect(calls).not.toContain("/api/notifications/unread-count");
  await expectInteractive(page);
});

test("the planner and a show detail opened cold hydrate without asking for their data; signed out, the server sends the sign-in form", async ({
  page,
  signInAs,
}) => {
  const calls = apiCalls(page);
  await signInAs(DEMO.owner, "/planner?past=1");
  await expect(page.getByRole("heading", { level: 1, name: plannerTexts.title })).toBeVisible();
  await expect(page.getByRole("main").getByRole("listitem").first()).toBeVisible();
  await expectInteractive(page);
  expect(calls).not.toContain("/api/shows");

  const show = `/shows/${showIdByName(CELINA)}`;
  await page.goto("about:blank");
  calls.length = 0;
  await page.goto(show);
  await expect(page.getByRole("heading", { level: 1, name: CELINA })).toBeVisible();
  await expect(page.getByRole("button", { name: /Ladies Amateur Walking Specialty/ })).toBeVisible();
  await expectInteractive(page);
  expect(calls.filter((c) => c.startsWith("/api/shows/") && !c.endsWith("/entries"))).toEqual([]);
  expect(calls).not.toContain("/api/session");

  await page.context().clearCookies();
  await page.goto("about:blank");
  calls.length = 0;
  const response = await page.goto(show);
  expect(response?.request().redirectedFrom()?.url()).toMatch(/\/shows\//);
  await expect(page).toHaveURL(/\/auth\?next=%2Fshows%2F[^&]+$/);
  await expect(page.getByRole("button", { name: authTexts.signInButton, exact: true })).toBeVisible();
  expect(calls).not.toContain("/api/session");
});

test("the server redirects addresses that are no screen for the viewer, with 302", async ({
  page,
  signInAs,
}) => {
  await signInAs(DEMO.owner, "/roster");
  for (const [path, to] of [
    ["/", "/roster"],
    ["/no/such/page", "/roster"],
    ["/barn", "/roster"],
    ["/admin", "/roster"],
    ["/auth", "/roster"],
  ]) {
    const res = await page.request.get(path!, {
      headers: { "sec-fetch-dest": "document", accept: "text/html" },
      maxRedirects: 0,
    });
    expect([path, res.status(), res.headers().location]).toEqual([path, 302, to]);
  }
});

test.describe("the spec's hash links land on their path, once", () => {
  const table = (): [string, string, string][] => {
    const celina = showIdByName(CELINA);
    return [
      ["/#/roster", "/roster", rosterTexts.title],
      ["/#/planner", "/planner", plannerTexts.title],
      ["/#/planner?past=1", "/planner?past=1", plannerTexts.title],
      [`/#/planner?highlight=${celina}`, `/planner?highlight=${celina}`, plannerTexts.title],
      [`/#/shows/${celina}`, `/shows/${celina}`, CELINA],
      ["/#/notifications", "/notifications", notificationsTexts.title],
      ["/#/", "/roster", rosterTexts.title],
      ["/#/nowhere", "/roster", rosterTexts.title],
    ];
  };

  test("signed in", async ({ page, signInAs }) => {
    await signInAs(DEMO.owner, "/roster");
    for (const [link, path, heading] of table()) {
      await page.goto(link);
      await expect(page).toHaveURL((url) => `${url.pathname}${url.search}` === path && url.hash === "");
      await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible();
      // Replaced, not pushed: Back leaves the app rather than returning to the hash form.
      expect(await page.evaluate(() => history.length)).toBeLessThan(50);
    }
  });

  test("signed out, an invite link's sign-up", async ({ signedOutPage: page }) => {
    await page.goto("/#/auth?mode=signup&invitedBy=nobody");
    await expect(page).toHaveURL(/\/auth\?mode=signup&invitedBy=nobody$/);
    await expect(page.getByRole("heading", { level: 1, name: authTexts.signUpTitle })).toBeVisible();
    await page.goto("/#/planner?past=1");
    await expect(page).toHaveURL(/\/auth$/);
  });
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
  await signInAs(DEMO.owner, "/roster");
  await expect(page.getByRole("heading", { level: 1, name: rosterTexts.title })).toBeVisible();
  // The parts were asked for, failed, and the app goes on: another screen opens and works.
  await expect.poll(() => failed.some((url) => /offline-status-/.test(url))).toBe(true);
  await page.getByRole("link", { name: texts.nav.planner }).first().click();
  await expect(page.getByRole("heading", { level: 1, name: plannerTexts.title })).toBeVisible();
  await expect(page.getByRole("main").getByRole("listitem").first()).toBeVisible();
  expect(errors).toEqual([]);
});
