import type { APIRequestContext, Locator, Page } from "@playwright/test";
import { addDays, format } from "date-fns";
import { notificationsTexts } from "../../src/domain/texts/notifications.ts";
import { plannerTexts } from "../../src/domain/texts/planner.ts";
import { seasonViewTexts } from "../../src/domain/texts/season-view.ts";
import { texts } from "../../src/domain/texts/shell.ts";
import { showTexts } from "../../src/domain/texts/show.ts";
import { wideTexts } from "../../src/domain/texts/wide.ts";
import { expectNoAxeViolations } from "./a11y-helpers.ts";
import { DEMO, expect, personIn, test, untilShown } from "./fixtures.ts";
import { runningShow, ZONE } from "./show-day-helpers.ts";
import { expectNoHorizontalScroll, expectSideBySide, FIVE_WIDTHS } from "./wide-helpers.ts";

/**
 * Issue 36 items 2 and 7 at the five widths (ADR 047). The planner from 1280 px: the month calendar beside
 * the list, and a chosen show's detail in its place, the list kept (filters, loaded cards, scroll place);
 * the address names the show, Back closes it, a reload opens it again (the plain show page below 1280 px).
 * The roster from 1280 px: the notifications column beside the cards, a today show's live ring bar in view
 * with it. One person and one running show per width; the planner and the roster are steps.
 */
const WIDTHS = FIVE_WIDTHS;
const SIDE = 1280;
const SCREENSHOTS = new Set([1280, 1920]);
/** The planner's filters in the address while a show is opened: a list longer than the window (showsToScroll). */
const PLACE = "Wideburg, KY";
const FILTERS = "location=Wideburg";

const cards = (page: Page) => page.locator('a[id^="show-"]');
const scrollY = (page: Page) => page.evaluate(() => window.scrollY);

for (const { width, height } of WIDTHS) {
  test(`at ${width} × ${height}: the planner's show beside its list, the roster's notifications beside its cards`, async ({
    browser,
    baseURL,
  }, info) => {
    test.setTimeout(150_000);
    const viewport = { width, height };
    const desk = width >= 1024 ? { isMobile: false, hasTouch: false, deviceScaleFactor: 1 } : {};
    const admin = await personIn(browser, baseURL!, DEMO.admin, { timezoneId: ZONE });
    const owner = await personIn(browser, baseURL!, DEMO.owner, { viewport, timezoneId: ZONE, ...desk });
    await runningShow(admin.page.request, owner.page.request, baseURL!, `Wide Roster E2E ${width}`);
    await showsToScroll(admin.page.request, baseURL!);
    const page = owner.page;

    await test.step("planner", async () => {
      await page.goto(`/planner?${FILTERS}`);
      await untilShown(page);
      await expect(cards(page).first()).toBeVisible();
      await expectNoHorizontalScroll(page);
      const calendar = page.getByTestId("season-calendar");
      const viewSwitch = page.getByRole("group", { name: seasonViewTexts.view.label });
      await expect(viewSwitch).toBeVisible();
      if (width < SIDE) {
        // No third column: a card opens the show's own page, as on a phone.
        await expect(calendar).toHaveCount(0);
        const name = (await cards(page).first().locator("h2").textContent())!.trim();
        await cards(page).first().click();
        await expect(page).toHaveURL(/\/shows\/[^/?]+$/);
        await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
        await expectNoHorizontalScroll(page);
        await expectNoAxeViolations(page);
        return;
      }

      // The month calendar beside the list.
      await expect(calendar).toBeVisible();
      await expectBeside(cards(page).first(), calendar);
      await expectNoAxeViolations(page);

      // Down the list, then a card in view opens beside it.
      await page.evaluate(() => window.scrollBy(0, 900));
      await expect.poll(() => scrollY(page)).toBeGreaterThan(300);
      const place = await scrollY(page);
      const loaded = await cards(page).count();
      const card = await firstCardInView(page);
      const name = (await card.locator("h2").textContent())!.trim();
      const showId = (await card.getAttribute("id"))!.replace(/^show-/, "");
      await card.click();
      await expect(page).toHaveURL(new RegExp(`/planner\\?${FILTERS}&show=${showId}$`));
      const detail = page.getByRole("region", { name: wideTexts.chosenShow });
      // The show detail's chunk and the show itself, on a shared and busy machine.
      await expect(detail.getByRole("heading", { level: 1, name })).toBeVisible({ timeout: 20_000 });
      await expect(calendar).toHaveCount(0);
      expect(await scrollY(page)).toBe(place);
      expect(await cards(page).count()).toBe(loaded);
      await expectSideBySide(card, detail);
      // The detail is in view (its column sticks under the app bar) while the list keeps its place.
      const box = (await detail.boundingBox())!;
      expect(box.y).toBeGreaterThanOrEqual(0);
      expect(box.y).toBeLessThan(height / 2);
      await expectNoHorizontalScroll(page);
      await expectNoAxeViolations(page);
      if (SCREENSHOTS.has(width))
        await page.screenshot({ path: info.outputPath(`planner-show-${width}.png`) });

      // Back closes the detail: the list as it was, the calendar again, focus on the card that opened it.
      await page.goBack();
      await expect(page).toHaveURL(new RegExp(`/planner\\?${FILTERS}$`));
      await expect(calendar).toBeVisible();
      expect(await scrollY(page)).toBe(place);
      expect(await cards(page).count()).toBe(loaded);
      await expect(card).toBeFocused();

      // From the keyboard: Enter on the card opens the show and takes focus into it, after the list in
      // the page as it is at its right; the detail's Back returns to the card.
      await page.keyboard.press("Enter");
      await expect(detail).toBeFocused();
      await expect(detail.getByRole("heading", { level: 1, name })).toBeVisible();
      const [list, pane] = [await card.boundingBox(), await detail.boundingBox()];
      expect(list!.x).toBeLessThan(pane!.x);
      expect(
        await card.evaluate(
          (a, region) => !!(a.compareDocumentPosition(region!) & Node.DOCUMENT_POSITION_FOLLOWING),
          await detail.elementHandle(),
        ),
      ).toBe(true);
      await page.keyboard.press("Tab");
      await expect(detail.getByRole("link", { name: texts.common.back })).toBeFocused();
      await page.keyboard.press("Enter");
      await expect(page).toHaveURL(new RegExp(`/planner\\?${FILTERS}$`));
      await expect(card).toBeFocused();

      // A reload of the show's address: list and detail again.
      await page.goto(`/planner?${FILTERS}&show=${showId}`);
      await expect(detail.getByRole("heading", { level: 1, name })).toBeVisible({ timeout: 20_000 });
      await expect(cards(page).first()).toBeVisible();
      await expect(detail.getByRole("link", { name: showTexts.printSchedule })).toBeVisible();

      // Changing the filters refilters the list and leaves the show open beside it; Back returns to the
      // filters before, the show still open, and the detail's Back then closes it.
      await page
        .getByRole("button", { name: plannerTexts.removeFilter(plannerTexts.chipLocation("Wideburg")) })
        .click();
      await expect(page).toHaveURL(new RegExp(`/planner\\?show=${showId}$`));
      await expect(page.getByRole("list", { name: plannerTexts.activeFilters })).toHaveCount(0);
      await expect(cards(page).filter({ hasNotText: PLACE }).first()).toBeVisible();
      await expect(detail.getByRole("heading", { level: 1, name })).toBeVisible();
      await expectSideBySide(cards(page).first(), detail);
      await expectNoHorizontalScroll(page);
      await expectNoAxeViolations(page);
      if (SCREENSHOTS.has(width))
        await page.screenshot({ path: info.outputPath(`planner-refiltered-show-${width}.png`) });
      await page.goBack();
      await expect(page).toHaveURL(new RegExp(`/planner\\?${FILTERS}&show=${showId}$`));
      await expect(detail.getByRole("heading", { level: 1, name })).toBeVisible();
      await detail.getByRole("link", { name: texts.common.back }).click();
      await expect(page).toHaveURL(new RegExp(`/planner\\?${FILTERS}$`));
      await expect(calendar).toBeVisible();
    });

    if (width < SIDE) {
      await test.step("planner: a show's planner address on a narrow window is its page", async () => {
        const showId = (await (await page.request.get(`/api/shows?${FILTERS}`)).json()).shows[0].id as string;
        await page.goto(`/planner?${FILTERS}&show=${showId}`);
        await expect(page).toHaveURL(new RegExp(`/shows/${showId}$`), { timeout: 20_000 });
        await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      });
    }

    await test.step("roster", async () => {
      await page.goto("/roster");
      await untilShown(page);
      const bar = page.getByTestId("roster-today").getByTestId("live-ring-bar").first();
      await expect(bar).toBeVisible({ timeout: 20_000 });
      await expectNoHorizontalScroll(page);
      const panel = page.getByRole("region", { name: notificationsTexts.title });
      if (width < SIDE) {
        await expect(panel).toHaveCount(0);
      } else {
        await expect(panel).toBeVisible();
        const { notifications } = (await (await page.request.get("/api/notifications")).json()) as {
          notifications: { message: string }[];
        };
        await expect(panel.getByRole("list")).toContainText(notifications[0]!.message);
        await expectSideBySide(page.getByTestId("roster-today"), panel);
        // The live bar and the notifications both in the window at once.
        for (const part of [bar, panel.getByRole("heading", { name: notificationsTexts.title })]) {
          const b = (await part.boundingBox())!;
          expect(b.y).toBeGreaterThanOrEqual(0);
          expect(b.y + b.height).toBeLessThanOrEqual(height);
        }
        // The keyboard reaches the column after the cards, as the eye does at the right.
        expect(
          await bar.evaluate(
            (a, p) => !!(a.compareDocumentPosition(p!) & Node.DOCUMENT_POSITION_FOLLOWING),
            await panel.elementHandle(),
          ),
        ).toBe(true);
        await expect(panel.getByRole("link", { name: wideTexts.allNotifications })).toHaveAttribute(
          "href",
          "/notifications",
        );
      }
      await expectNoHorizontalScroll(page);
      await expectNoAxeViolations(page);
      if (SCREENSHOTS.has(width)) await page.screenshot({ path: info.outputPath(`roster-${width}.png`) });
    });
    await owner.context.close();
    await admin.context.close();
  });
}

/**
 * `item` of the list and the third column beside it: the column at its right and starting above the item's
 * foot (the list's first card comes below the planner's rows of switches, the month may end above it).
 */
async function expectBeside(item: Locator, column: Locator) {
  const a = (await item.boundingBox())!;
  const b = (await column.boundingBox())!;
  expect(a.x + a.width).toBeLessThanOrEqual(b.x);
  expect(b.y).toBeLessThan(a.y + a.height);
}

/** The first of the list's cards whose top is in the window below the app bar. */
async function firstCardInView(page: Page) {
  const all = cards(page);
  const count = await all.count();
  for (let i = 0; i < count; i++) {
    const box = await all.nth(i).boundingBox();
    if (box && box.y > 60) return all.nth(i);
  }
  throw new Error("No card in view.");
}

/** Twelve upcoming shows in one place, made once (the first width's test): a list that scrolls at 1920 × 1080. */
async function showsToScroll(admin: APIRequestContext, baseURL: string) {
  const there = (await (await admin.get(`/api/shows?${FILTERS}`)).json()) as { shows: unknown[] };
  for (let i = there.shows.length; i < 12; i++) {
    const day = format(addDays(new Date(), 40 + i), "yyyy-MM-dd");
    const created = await admin.post("/api/shows", {
      headers: { origin: baseURL },
      data: {
        name: `Wideburg Horse Show ${i + 1}`,
        startDate: day,
        endDate: day,
        location: PLACE,
        judges: ["Larry Wheelon"],
        classes: [{ id: "class-1", name: "Class 1 Walking Horses" }],
      },
    });
    expect(created.status(), await created.text()).toBe(201);
  }
}
