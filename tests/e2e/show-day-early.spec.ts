import { addDays, format, parseISO } from "date-fns";
import { formatDayHeading } from "../../src/domain/dates/show-dates.ts";
import { showToday } from "../../src/domain/show-day/show-time.ts";
import { showDayTexts } from "../../src/domain/texts/show-day.ts";
import { expectAccessibleDialog } from "./a11y-helpers.ts";
import { DEMO, endTransitions, expect, openE2eDatabase, personIn, test } from "./fixtures.ts";
import { SCREENS, ZONE } from "./show-day-helpers.ts";

/** Starting a session before its day asks first, naming its printed day and time (issue 34), and the answer is kept. */
const r = showDayTexts.ring;
test.describe.configure({ mode: "serial", timeout: 150_000 });

for (const [label, viewport] of SCREENS) {
  test(`starting tomorrow's session today asks first (${label})`, async ({ browser, baseURL }, testInfo) => {
    const steward = await personIn(browser, baseURL!, DEMO.admin, { viewport, timezoneId: ZONE });
    const headers = { origin: baseURL! };
    const today = showToday(Date.now(), ZONE);
    const tomorrow = format(addDays(parseISO(today), 1), "yyyy-MM-dd");
    const created = await steward.page.request.post("/api/shows", {
      headers,
      data: {
        name: `Early Start E2E ${label}`,
        startDate: today,
        endDate: tomorrow,
        location: "Shelbyville, TN",
        judges: ["Larry Wheelon"],
        classes: [{ id: "class-1", name: "Class 1 Walking Horses" }],
      },
    });
    expect(created.status()).toBe(201);
    const showId = (await created.json()).id as string;
    const schedule = await steward.page.request.put(`/api/shows/${showId}/schedule`, {
      headers,
      data: {
        timeZone: null,
        minutesPerClass: 7,
        sessions: [
          {
            name: "Morning",
            date: tomorrow,
            startTime: "08:00",
            ring: "Main Ring",
            classes: [{ id: "class-1", number: "1", name: "Class 1 Walking Horses" }],
          },
        ],
        unscheduled: [],
      },
    });
    expect(schedule.status(), await schedule.text()).toBe(200);

    const page = steward.page;
    await page.goto(`/shows/${showId}/ring`);
    const start = page.getByRole("button", { name: r.startSession });
    // Ring control is a lazy screen reading the whole day: on a loaded machine that can take a while.
    await expect(start).toBeVisible({ timeout: 45_000 });
    await start.click();
    const dialog = page.getByRole("alertdialog", { name: r.startEarlyTitle("Morning") });
    await expect(dialog).toContainText(r.startEarlyQuestion(`${formatDayHeading(tomorrow)} · 8:00 AM`));
    await endTransitions(page);
    await expectAccessibleDialog(dialog, { name: r.startEarlyTitle("Morning") });
    await page.screenshot({ path: testInfo.outputPath(`start-early-${label}.png`) });
    await dialog.getByRole("button", { name: r.cancel }).click();
    await expect(page.getByText(r.sessionStatus.scheduled, { exact: true })).toBeVisible();

    await start.click();
    await page.getByRole("button", { name: r.startEarlyConfirm }).click();
    await expect(page.getByText(r.sessionStatus.running, { exact: true })).toBeVisible();
    // The screen shows the tap at once and sends it after (the offline queue): the row comes a moment later.
    await expect
      .poll(() => {
        const db = openE2eDatabase();
        try {
          return db.prepare("select kind, early from ring_action where show_id = ?").all(showId);
        } finally {
          db.close();
        }
      })
      .toEqual([{ kind: "start-session", early: 1 }]);
    await steward.context.close();
  });
}
