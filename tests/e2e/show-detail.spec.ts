import { readFile } from "node:fs/promises";
import type { Page } from "@playwright/test";
import { format } from "date-fns";
import { plannerTexts } from "../../src/domain/texts/planner.ts";
import { recommendationsTexts } from "../../src/domain/texts/recommendations.ts";
import { texts } from "../../src/domain/texts/shell.ts";
import { showTexts } from "../../src/domain/texts/show.ts";
import { DEMO, demoDay, expect, openE2eDatabase, openHeld, test } from "./fixtures.ts";

const CELEBRATION = "Tennessee Walking Horse National Celebration";
const FUN_SHOW = "Celebration Spring Fun Show";

function showId(name: string): string {
  const db = openE2eDatabase();
  try {
    return (db.prepare("select id from show where name = ?").get(name) as { id: string }).id;
  } finally {
    db.close();
  }
}

const heading = (offset: number) => format(demoDay(offset), "EEEE, MMMM d");
const icsDate = (offset: number) => format(demoDay(offset), "yyyyMMdd");

const classList = (page: Page) => page.getByTestId("class-list");
const dayHeadings = (page: Page) => classList(page).getByRole("heading", { level: 3 });
const search = (page: Page) => page.getByRole("searchbox", { name: showTexts.searchLabel });

test("shows the details card and splits 100 undated classes of a 4-day show over its days", async ({
  signInAs,
  page,
  axe,
}) => {
  await signInAs(DEMO.owner, `/shows/${showId(CELEBRATION)}`);
  await expect(page.getByRole("heading", { level: 1, name: CELEBRATION })).toBeVisible();
  await expect(page.getByText("Shelbyville, TN").first()).toBeVisible();
  const details = page.getByRole("region", { name: showTexts.details });
  await expect(details).toContainText("Steve Dunn, Mark Farrar, Ronal Young");
  await expect(details).toContainText(showTexts.sanctioningOrg);
  await expect(details).toContainText("SHOW");
  await expect(details).not.toContainText(plannerTexts.aiPrediction);
  await expect(search(page)).toHaveAttribute("placeholder", showTexts.searchClasses(100));

  await expect(dayHeadings(page).first()).toHaveText(heading(120), { ignoreCase: true });
  await expect(classList(page)).toContainText("Model Pleasure Walking Stallions");
  const rendered = await classList(page).locator("[data-index]").count();
  expect(rendered).toBeLessThan(60);

  // On a phone the page scrolls as one (ADR 036): the list is in the page, still virtual.
  await page.evaluate(() => window.scrollTo({ top: document.documentElement.scrollHeight }));
  await expect(classList(page)).toContainText("Amateur 15.2 and Under Mares and Geldings, Specialty");
  await expect(dayHeadings(page).last()).toHaveText(heading(123), { ignoreCase: true });
  expect(await classList(page).locator("[data-index]").count()).toBeLessThan(60);

  // From 640 px, the spec's list capped at 32rem that scrolls itself.
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.evaluate(() => window.scrollTo({ top: 0 }));
  const box = await classList(page).boundingBox();
  expect(box!.height).toBeLessThanOrEqual(32 * 16 + 2);
  await classList(page).evaluate((el) => el.scrollTo({ top: 0 }));
  await expect(dayHeadings(page).first()).toHaveText(heading(120), { ignoreCase: true });
  await classList(page).evaluate((el) => el.scrollTo({ top: el.scrollHeight }));
  await expect(classList(page)).toContainText("Amateur 15.2 and Under Mares and Geldings, Specialty");
  await expect(dayHeadings(page).last()).toHaveText(heading(123), { ignoreCase: true });
  await page.setViewportSize({ width: 390, height: 844 });

  expect((await axe().analyze()).violations).toEqual([]);
});

test("class search needs every word, keeps each class on its day and says when nothing matches", async ({
  signInAs,
  page,
}) => {
  await signInAs(DEMO.rider, `/shows/${showId(CELEBRATION)}`);
  await search(page).fill("GRAND lead world");
  // Its day, its session (the demo Celebration runs AM and PM sessions, issue 21) and the class.
  await expect(classList(page).locator("[data-index]")).toHaveCount(3);
  await expect(classList(page).getByRole("heading", { level: 4 })).toHaveText([/^\w+day [AP]M · /]);
  await expect(dayHeadings(page)).toHaveText([heading(120)], { ignoreCase: true });
  await expect(classList(page)).toContainText("Lead Line World Grand Championship");
  await expect(page.getByText(showTexts.classCount(1, 100))).toBeVisible();

  await search(page).fill("yearling world grand");
  await expect(dayHeadings(page)).toHaveText([heading(121)], { ignoreCase: true });

  await search(page).fill("world grand championship lead yearling");
  await expect(page.getByText(showTexts.noClassesMatch)).toBeVisible();

  await search(page).fill("auxiliary medal");
  const row = classList(page).locator("[data-index]").filter({ hasText: "Auxiliary Equitation" });
  await expect(row).toHaveText(/^\d+E\s*Auxiliary Equitation, Medal Class/);

  await search(page).fill("");
  await expect(page.getByText(showTexts.classCount(100, 100))).toBeVisible();
});

test("dated classes are grouped under their own days", async ({ signInAs, page }) => {
  await signInAs(DEMO.owner, `/shows/${showId(FUN_SHOW)}`);
  await expect(search(page)).toHaveAttribute("placeholder", showTexts.searchClasses(26));
  await search(page).fill("open gaited");
  await expect(dayHeadings(page)).toHaveText([heading(9), heading(10)], { ignoreCase: true });
  const items = classList(page).locator("[data-index]");
  await expect(items).toHaveCount(5);
  await expect(items.nth(1)).toContainText("Open Gaited Breed Country Pleasure");
  await expect(items.nth(3)).toContainText("Open Gaited Breed Trail Pleasure");
});

test("Add to Calendar downloads an all-day event named after the show", async ({ signInAs, page }) => {
  await signInAs(DEMO.owner, `/shows/${showId(CELEBRATION)}`);
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("link", { name: showTexts.addToCalendar }).click(),
  ]);
  expect(download.suggestedFilename()).toBe(`${CELEBRATION}.ics`);
  const ics = await readFile((await download.path())!, "utf8");
  expect(ics).toMatch(/^BEGIN:VCALENDAR\r\n/);
  expect(ics).toContain(`SUMMARY:${CELEBRATION}`);
  expect(ics).toContain(`DTSTART;VALUE=DATE:${icsDate(120)}`);
  expect(ics).toContain(`DTEND;VALUE=DATE:${icsDate(124)}`);
  expect(ics).toContain("LOCATION:Shelbyville\\, TN");
  // Long lines are folded (RFC 5545 §3.1): a line break followed by a space or tab continues the line.
  expect(ics.replace(/\r\n[ \t]/g, "")).toContain(
    "DESCRIPTION:Location: Shelbyville\\, TN\\nJudges: Steve Dunn\\, Mark Farrar\\, Ronal Young",
  );
  expect(ics).toContain("END:VEVENT");
});

test("Back returns to the planner with its filters", async ({ signInAs, page }) => {
  await signInAs(DEMO.owner, "/planner?org=SHOW");
  await page.getByRole("link", { name: new RegExp(CELEBRATION) }).click();
  await expect(page.getByRole("heading", { level: 1, name: CELEBRATION })).toBeVisible();
  await page.getByRole("link", { name: texts.common.back }).click();
  await expect(page).toHaveURL(/\/planner\?org=SHOW$/);
});

test("an unknown show says so and leads back to the planner", async ({ signInAs, page, axe }) => {
  await signInAs(DEMO.owner, "/shows/no-such-show");
  await expect(page.getByRole("heading", { level: 1, name: showTexts.notFoundTitle })).toBeVisible();
  await expect(page.getByText(showTexts.notFoundBody)).toBeVisible();
  expect((await axe().analyze()).violations).toEqual([]);
  await page.getByRole("link", { name: showTexts.backToPlanner }).click();
  await expect(page).toHaveURL(/\/planner$/);
  await expect(page.getByRole("heading", { name: plannerTexts.title })).toBeVisible();
});

test("on a 360 × 740 phone the first class shows on arrival and the page scrolls as one, the day heading pinned", async ({
  signInAs,
  page,
  axe,
}) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await signInAs(DEMO.owner, `/shows/${showId(CELEBRATION)}`);
  await expect(page.getByRole("heading", { level: 1, name: CELEBRATION })).toBeVisible();
  // The AI row arrives folded to one line; it unfolds on a tap.
  const fold = page.getByRole("button", { name: showTexts.aiRowTitle, exact: true });
  await expect(fold).toHaveAttribute("aria-expanded", "false");
  const firstClass = classList(page)
    .locator("[data-index]")
    .filter({ hasText: "Model Pleasure Walking Stallions" });
  await expect(firstClass).toBeInViewport();
  const navTop = await page
    .getByRole("navigation")
    .last()
    .evaluate((el) => el.getBoundingClientRect().top);
  const rowBottom = (await firstClass.boundingBox())!;
  expect(rowBottom.y + rowBottom.height).toBeLessThanOrEqual(navTop);
  await page.screenshot({ path: "test-results/screens/show-detail-360.png" });

  // No scroll box inside the page: the list is as tall as its rows, the window scrolls.
  const list = await classList(page).evaluate((el) => ({
    overflow: getComputedStyle(el).overflowY,
    fits: el.scrollHeight <= el.clientHeight + 1,
  }));
  expect(list).toEqual({ overflow: "visible", fits: true });
  await page.mouse.wheel(0, 3000);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(2000);
  // The day being scrolled stays pinned under the app bar.
  const pinned = classList(page).locator(".sticky");
  await expect(pinned).toBeInViewport();
  expect(Math.round((await pinned.boundingBox())!.y)).toBe(49);
  await page.screenshot({ path: "test-results/screens/show-detail-360-scrolled.png" });

  await fold.click();
  await expect(fold).toHaveAttribute("aria-expanded", "true");
  await expect(page.getByRole("combobox", { name: recommendationsTexts.horseLabel })).toBeVisible();
  expect((await axe().analyze()).violations).toEqual([]);
});

test("a class alert's link brings its class into view in the page's own scroll on a phone", async ({
  signInAs,
  page,
}) => {
  await page.setViewportSize({ width: 360, height: 740 });
  const db = openE2eDatabase();
  const late = db
    .prepare("select id, name from show_class where show_id = ? order by position desc limit 1")
    .get(showId(CELEBRATION)) as { id: string; name: string };
  db.close();
  await signInAs(DEMO.owner, `/shows/${showId(CELEBRATION)}?class=${late.id}`);
  const row = classList(page).locator("[data-index]").filter({ hasText: late.name });
  await expect(row).toBeInViewport();
  await page.screenshot({ path: "test-results/screens/show-detail-360-alert.png" });
});

test.describe("before the page's script runs", () => {
  // Scripts come from the network only, where the test holds them.
  test.use({ serviceWorkers: "block" });

  /**
   * Opens the Celebration on a phone with every script of the app held until the function it gives is
   * called: till then the page is the server's HTML.
   */
  async function openCelebrationHeld(page: Page, signInAs: (email: string, path?: string) => Promise<void>) {
    await page.setViewportSize({ width: 360, height: 740 });
    await signInAs(DEMO.owner, "/roster");
    return openHeld(page, `/shows/${showId(CELEBRATION)}`);
  }

  test("a tap on the folded AI row shows it is not ready yet; once the script runs a tap unfolds it (issue 33)", async ({
    signInAs,
    page,
  }) => {
    const release = await openCelebrationHeld(page, signInAs);
    const fold = page.getByRole("button", { name: showTexts.aiRowTitle, exact: true });
    await expect(fold).toBeDisabled();
    expect(await fold.evaluate((el) => getComputedStyle(el).opacity)).toBe("0.6");
    await fold.click({ force: true });
    await expect(fold).toHaveAttribute("aria-expanded", "false");

    release();
    await expect(fold).toBeEnabled();
    await fold.click();
    await expect(fold).toHaveAttribute("aria-expanded", "true");
    await expect(page.getByRole("combobox", { name: recommendationsTexts.horseLabel })).toBeVisible();
  });

  test("words typed into the class search before the script runs are searched once it runs, and stay", async ({
    signInAs,
    page,
  }) => {
    const release = await openCelebrationHeld(page, signInAs);
    await search(page).fill("GRAND lead world");
    release();
    await expect(page.getByText(showTexts.classCount(1, 100))).toBeVisible();
    await expect(classList(page)).toContainText("Lead Line World Grand Championship");
    await expect(search(page)).toHaveValue("GRAND lead world");
  });
});
