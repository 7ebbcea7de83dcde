import { format } from "date-fns";
import { formatDayHeading, formatShowDates } from "../../src/domain/dates/show-dates.ts";
import { entryStatusTexts } from "../../src/domain/texts/entry-status.ts";
import { rosterTexts } from "../../src/domain/texts/roster.ts";
import { rosterEmptyTexts } from "../../src/domain/texts/roster-empty.ts";
import { expectNoAxeViolations, PHONE } from "./a11y-helpers.ts";
import { CELEBRATION, CELINA, showIdByName } from "./entries-helpers.ts";
import { DEMO, demoDay, expect, test } from "./fixtures.ts";

const t = rosterTexts;
/** yyyy-mm-dd `offset` days from the seed's day: the demo's shows are 7, 8, 9 and 120–123 days ahead. */
const day = (offset: number) => format(demoDay(offset), "yyyy-MM-dd");
const section = (page: import("@playwright/test").Page, key: "today" | "thisWeek" | "showSeason") =>
  page.getByTestId(`roster-${key}`);

test.describe("Your Roster", () => {
  test("a trainer sees the customer's entry naming him as rider, as I'm Showing, in This Week", async ({
    page,
    signInAs,
    axe,
  }) => {
    await signInAs(DEMO.trainer, "/roster");
    await expect(page.getByRole("heading", { name: t.title })).toBeVisible();
    await expect(page.getByText(t.subtitle)).toBeVisible();
    const week = section(page, "thisWeek");
    await expect(week.getByRole("heading", { name: t.thisWeek })).toBeVisible();
    const card = week.getByRole("article").filter({ hasText: CELINA });
    await expect(card.getByText("Celina, TN")).toBeVisible();
    await expect(card.getByText("Ladies Amateur Walking Specialty")).toBeVisible();
    const line = card.getByTestId("roster-entry").filter({ hasText: t.enteredBy("Casey Whitfield") });
    await expect(line.getByText(entryStatusTexts.statusLabels.ImShowing, { exact: true })).toBeVisible();
    await expect(line).toContainText("Midnight Masterpiece");
    // Today holds the demo's show on today (the trainer rides there, issue 21) on the show's own day, which
    // is the browser's day only part of the time: what this test knows is that Celina is not today.
    await expect(section(page, "today").getByRole("article").filter({ hasText: CELINA })).toHaveCount(0);
    expect((await axe().analyze()).violations).toEqual([]);
  });

  test("an owner sees a friend's showing entry as Friend is Showing in Show Season, with its date heading", async ({
    page,
    signInAs,
  }) => {
    await signInAs(DEMO.owner, "/roster");
    const season = section(page, "showSeason");
    const card = season.getByRole("article").filter({ hasText: CELEBRATION });
    const line = card.getByTestId("roster-entry").filter({ hasText: t.enteredBy("Riley Dunn") });
    await expect(
      line.getByText(entryStatusTexts.statusLabels.FriendIsShowing, { exact: true }),
    ).toBeVisible();
    await expect(line).toContainText("Sundance Jubilee");
    // A four-day show with its one entry on day 1 has no date heading (the spec's rule), so the card says
    // the show's dates and the class's day.
    await expect(card.getByRole("heading", { level: 4 })).toHaveCount(0);
    await expect(card).toContainText(formatShowDates(day(120), day(123)));
    await expect(card.getByTestId("roster-class-day")).toHaveText(t.classesOn(formatDayHeading(day(120))));
    // A one-day show: its date is the class's day, nothing more to say.
    const celina = section(page, "thisWeek").getByRole("article").filter({ hasText: CELINA });
    await expect(celina).toContainText(formatShowDates(day(7), day(7)));
    await expect(celina.getByTestId("roster-class-day")).toHaveCount(0);
    // The owner's own entry at Celina sits in This Week; the friend-derived one never duplicates it there.
    await expect(
      section(page, "thisWeek").getByText(entryStatusTexts.statusLabels.HorseIsShowing),
    ).toHaveCount(1);
  });

  test("a new user is told once that the roster is empty, with the way to the planner, and a new entry lands in the right section", async ({
    page,
    signUpAs,
  }) => {
    test.setTimeout(120_000);
    await signUpAs({ role: "Owner", name: `Roster Owner ${Date.now()}` });
    for (const viewport of [PHONE, { width: 1280, height: 800 }]) {
      await page.setViewportSize(viewport);
      await page.goto("/roster");
      const nothing = page.getByTestId("roster-nothing");
      await expect(nothing).toContainText(rosterEmptyTexts.nothingYet);
      await expect(nothing).toContainText(rosterEmptyTexts.nothingYetHint);
      // Said once: no section repeats it.
      await expect(page.getByText(t.empty)).toHaveCount(0);
      await expect(page.getByText(rosterEmptyTexts.nothingYet)).toHaveCount(1);
      await expect(page.getByRole("link", { name: t.planLink })).toHaveCount(1);
      await expectNoAxeViolations(page);
      await page.screenshot({
        path: test.info().outputPath(`roster-nothing-${viewport.width}.png`),
        fullPage: true,
      });
    }
    await page.getByRole("link", { name: t.planLink }).click();
    await expect(page).toHaveURL(/\/planner$/);

    const res = await page.request.put(`/api/shows/${showIdByName(CELEBRATION)}/classes/cel-1/entries`, {
      data: { entries: [{ status: "Interested" }] },
      headers: { origin: new URL(page.url()).origin },
    });
    expect(res.status()).toBe(200);
    await page.goto("/roster");
    await page.reload();
    const card = section(page, "showSeason").getByRole("article").filter({ hasText: CELEBRATION });
    await expect(card.getByText(entryStatusTexts.statusLabels.Interested)).toBeVisible();
    await expect(section(page, "thisWeek").getByText(t.empty)).toBeVisible();
  });
});
