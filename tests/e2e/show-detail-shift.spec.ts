import type { Page } from "@playwright/test";
import { DEMO, expect, openHeld, personIn, test } from "./fixtures.ts";
import { runningShow, ZONE } from "./show-day-helpers.ts";

/**
 * Today's show detail must not move under the reader when its script and live statuses arrive (issue 33:
 * CLS ≤ 0.01; Lighthouse measured 0.061). The server places the schedule's rows by estimated heights and
 * renders them with their planned times; the statuses come from the live panel after it has hydrated. Rows
 * once grew from one line to two when they came, and the estimates (a heading 40 px, a row 52) were not what
 * the CSS draws, so every row moved once measured. Lighthouse's phone is 412 px wide; at 360 these classes'
 * names wrap, which no estimate can know.
 */
for (const { viewport, viewer } of [
  { viewport: { width: 412, height: 823 }, viewer: "owner" },
  { viewport: { width: 1280, height: 800 }, viewer: "owner" },
  // Whoever may post results has the results card above the schedule from the first paint (Lighthouse's
  // user was the show's steward: the card came in after the first screen and pushed the schedule down).
  { viewport: { width: 412, height: 823 }, viewer: "admin" },
] as const) {
  test(`at ${viewport.width} px, today's schedule stays where the server drew it when the live statuses arrive, for the ${viewer}`, async ({
    browser,
    baseURL,
  }, info) => {
    test.setTimeout(90_000);
    const desk = viewport.width >= 1024 ? { isMobile: false, hasTouch: false, deviceScaleFactor: 1 } : {};
    const admin = await personIn(browser, baseURL!, DEMO.admin, { timezoneId: ZONE });
    const owner = await personIn(browser, baseURL!, DEMO.owner, { timezoneId: ZONE });
    const reader = await personIn(browser, baseURL!, DEMO[viewer], { viewport, timezoneId: ZONE, ...desk });
    const name = `Still Rows ${viewport.width} ${viewer}`;
    const { showId } = await runningShow(admin.page.request, owner.page.request, baseURL!, name);
    const page = reader.page;

    const release = await openHeld(page, `/shows/${showId}`);
    const list = page.getByTestId("class-list");
    await expect(list.locator("[data-index]").nth(5)).toBeAttached();
    if (viewer === "admin") await expect(page.locator("#show-results")).toBeAttached();
    const drawn = await boxes(page);
    release();
    const row = (n: number) =>
      page.getByRole("button", { name: new RegExp(`^${n}\\s*Class ${n} Walking Horses`) });
    await expect(row(1).getByTestId("class-day-status")).toBeVisible({ timeout: 20_000 });
    await expect(row(5).getByTestId("class-day-status")).toBeVisible();
    if (viewer === "admin") {
      // Past the first screen, when the card would otherwise have asked for the show's results.
      await page.waitForFunction(() => performance.getEntriesByName("ringside:first-screen").length > 0);
      await expect(page.getByRole("link", { name: "Post results" })).toBeVisible();
    }
    await page.screenshot({ path: info.outputPath(`today-show-${viewport.width}-${viewer}.png`) });
    expect(await boxes(page)).toEqual(drawn);
    await reader.context.close();
    await owner.context.close();
    await admin.context.close();
  });
}

/** The top and height of the schedule's first rows (the day's and session's headings, then classes). */
const boxes = (page: Page) =>
  page.getByTestId("class-list").evaluate((list) =>
    [...list.querySelectorAll<HTMLElement>("[data-index]")].slice(0, 6).map((el) => {
      const box = el.getBoundingClientRect();
      return { row: el.dataset.index, top: Math.round(box.top), height: Math.round(box.height) };
    }),
  );
