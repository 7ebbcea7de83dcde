import type { Page } from "@playwright/test";
import { ROSTER_FIRST_CARDS } from "../../src/domain/roster/first-cards.ts";
import { loadFailureTexts } from "../../src/domain/texts/load-failure.ts";
import { rosterTexts } from "../../src/domain/texts/roster.ts";
import { rosterRestTexts } from "../../src/domain/texts/roster-rest.ts";
import { texts } from "../../src/domain/texts/shell.ts";
import { DEMO, expect, holdRequests, personIn, test, untilShown } from "./fixtures.ts";

const SHOWS = ROSTER_FIRST_CARDS + 3;

/** Sums the page's layout shifts from its first byte (read with layoutShifted). */
async function countLayoutShifts(page: Page) {
  await page.addInitScript(() => {
    const w = window as unknown as { shifted: number };
    w.shifted = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) w.shifted += (entry as unknown as { value: number }).value;
    }).observe({ type: "layout-shift", buffered: true });
  });
}
const layoutShifted = (page: Page) => page.evaluate(() => (window as unknown as { shifted: number }).shifted);

/**
 * The page carries the roster's first cards only (issue 33): a season longer than that gets the rest after the
 * first screen, and says so below the cards while they come, while the connection is gone, or when they
 * could not be read.
 */
test.describe("a roster longer than its first screen", () => {
  /** Shows of the test's own in 2032, a day apart (the demo has too few to come), made once per worker. */
  let shows: { id: string; name: string }[] = [];

  test.beforeAll(async ({ browser, baseURL }) => {
    const admin = await personIn(browser, baseURL!, DEMO.admin);
    const run = Date.now().toString(36);
    shows = [];
    for (let i = 0; i < SHOWS; i++) {
      const name = `Longseason ${run} Show ${i + 1}`;
      const created = await admin.context.request.post("/api/shows", {
        headers: { origin: baseURL! },
        data: {
          name,
          startDate: `2032-03-${String(i + 1).padStart(2, "0")}`,
          endDate: `2032-03-${String(i + 1).padStart(2, "0")}`,
          location: "Shelbyville, TN",
          judges: ["Larry Wheelon"],
          classes: [{ id: "class-1", name: "Two Year Old Walking Colts" }],
        },
      });
      expect(created.status(), await created.text()).toBe(201);
      shows.push({ id: (await created.json()).id as string, name });
    }
    await admin.context.close();
  });

  test.beforeEach(async ({ page, signUpAs, baseURL }) => {
    await signUpAs();
    for (const { id } of shows) {
      const res = await page.request.put(`/api/shows/${id}/classes/class-1/entries`, {
        headers: { origin: baseURL! },
        data: { entries: [{ status: "Interested", horseId: null, riderId: null }] },
      });
      expect(res.status(), await res.text()).toBe(200);
    }
  });

  const cards = (page: Page) => page.getByTestId("roster-showSeason").getByRole("article");
  const heading = (page: Page, name: string) => cards(page).getByRole("heading", { name, exact: true });

  test("the page holds the first cards; the rest come after the first screen, said while they come", async ({
    page,
  }) => {
    const release = await holdRequests(page, "**/api/roster*");
    const html = await (
      await page.request.get("/roster", {
        headers: { "sec-fetch-dest": "document", "sec-fetch-mode": "navigate", accept: "text/html" },
      })
    ).text();
    for (const { name } of shows.slice(0, ROSTER_FIRST_CARDS)) expect(html).toContain(name);
    for (const { name } of shows.slice(ROSTER_FIRST_CARDS)) expect(html).not.toContain(name);

    await page.goto("/roster");
    await untilShown(page);
    await expect(page.getByRole("status").filter({ hasText: rosterRestTexts.loading })).toBeVisible();
    await expect(cards(page)).toHaveCount(ROSTER_FIRST_CARDS);
    // The section ends where the page's cards end: no empty state in it.
    await expect(page.getByTestId("roster-showSeason").getByText(rosterTexts.empty)).toHaveCount(0);
    release();
    for (const { name } of shows) await expect(heading(page, name)).toBeVisible();
    await expect(page.getByText(rosterRestTexts.loading)).toHaveCount(0);
  });

  test("on a phone the cards after the page's are drawn only near the window, the page's at once, nothing moving", async ({
    page,
  }) => {
    // Issue 33: laying out each few cards added after the first screen cost a frame of 15-30 ms.
    await countLayoutShifts(page);
    await page.goto("/roster");
    await untilShown(page);
    for (const { name } of shows) await expect(heading(page, name)).toBeAttached();
    const drawn = () =>
      cards(page).evaluateAll((all) => all.map((card) => getComputedStyle(card).contentVisibility));
    expect(await drawn()).toEqual([
      ...Array<string>(ROSTER_FIRST_CARDS).fill("visible"),
      ...Array<string>(SHOWS - ROSTER_FIRST_CARDS).fill("auto"),
    ]);
    // The page's own cards are drawn at their size from the first paint: none grows from a placeholder.
    expect(await layoutShifted(page)).toBe(0);
    const last = heading(page, shows.at(-1)!.name);
    await last.scrollIntoViewIfNeeded();
    await expect(last).toBeVisible();
    await expect(last).toBeInViewport();
    // From 1280 px the cards are in columns, and some added may be in sight at once: each is drawn.
    await page.setViewportSize({ width: 1280, height: 800 });
    expect(new Set(await drawn())).toEqual(new Set(["visible"]));
  });

  test("the planner's cards after its first eight are drawn only near the window on a phone, its first at once", async ({
    page,
  }) => {
    // The same as the roster's (issue 33), for a list of more than a page's first cards: these shows and the demo's.
    await countLayoutShifts(page);
    await page.goto("/planner");
    await untilShown(page);
    const items = page.getByRole("main").getByRole("list").first().locator(":scope > li");
    await expect.poll(() => items.count()).toBeGreaterThan(8);
    const drawn = () =>
      items.evaluateAll((all) => all.map((item) => getComputedStyle(item).contentVisibility));
    const first = await drawn();
    expect(first.slice(0, 8)).toEqual(Array<string>(8).fill("visible"));
    expect(new Set(first.slice(8))).toEqual(new Set(["auto"]));
    expect(await layoutShifted(page)).toBe(0);
    // An item drawn so far (scrolling down adds more, and the list's next page: `last()` would move on).
    const far = items.nth(first.length - 1);
    await far.scrollIntoViewIfNeeded();
    await expect(far.getByRole("heading")).toBeInViewport();
    await page.setViewportSize({ width: 1280, height: 800 });
    expect(new Set(await drawn())).toEqual(new Set(["visible"]));
  });

  test("offline, the rest waits for the connection and comes when it returns", async ({ page, context }) => {
    const release = await holdRequests(page, "**/api/roster*");
    await page.goto("/roster");
    await untilShown(page);
    await expect(page.getByText(rosterRestTexts.loading)).toBeVisible();
    await context.setOffline(true);
    release();
    await expect(page.getByRole("status").filter({ hasText: rosterRestTexts.offline })).toBeVisible();
    await expect(cards(page)).toHaveCount(ROSTER_FIRST_CARDS);
    await context.setOffline(false);
    for (const { name } of shows) await expect(heading(page, name)).toBeVisible();
    await expect(page.getByText(rosterRestTexts.offline)).toHaveCount(0);
  });

  test("when the rest cannot be read, the cards stay and Retry brings it", async ({ page }) => {
    await page.route("**/api/roster*", (route) =>
      route.fulfill({
        status: 500,
        contentType: "application/json",
        body: JSON.stringify({ error: { code: "INTERNAL", message: "Something went wrong." } }),
      }),
    );
    await page.goto("/roster");
    await untilShown(page);
    await expect(page.getByRole("alert")).toContainText(rosterRestTexts.failed, { timeout: 15_000 });
    await expect(cards(page)).toHaveCount(ROSTER_FIRST_CARDS);
    await page.unroute("**/api/roster*");
    await page.getByRole("button", { name: texts.common.retry }).click();
    for (const { name } of shows) await expect(heading(page, name)).toBeVisible();
    await expect(page.getByRole("alert").filter({ hasText: rosterRestTexts.failed })).toHaveCount(0);
  });
  test("when the code of what comes after the first screen cannot be fetched, the cards stay and it says so in place", async ({
    page,
  }) => {
    const chunks = /\/assets\/(roster-later|rest-of-season)-[^/]*\.js$/;
    await page.route(chunks, (route) => route.abort());
    await page.goto("/roster");
    await untilShown(page);
    const failed = page.getByRole("alert").filter({ hasText: loadFailureTexts.title });
    await expect(failed).toBeVisible();
    // Once, below the cards: the roster itself stays (the whole screen was this message before).
    await expect(page.getByRole("heading", { level: 1, name: rosterTexts.title })).toBeVisible();
    for (const { name } of shows) await expect(heading(page, name)).toBeVisible();
    await page.unroute(chunks);
    await failed.getByRole("button", { name: loadFailureTexts.retry }).click();
    await expect(failed).toHaveCount(0);
  });
});
