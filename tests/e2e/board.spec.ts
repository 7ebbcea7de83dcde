import { showClockTime, showToday } from "../../src/domain/show-day/show-time.ts";
import { boardTexts } from "../../src/domain/texts/board.ts";
import { watchTexts } from "../../src/domain/texts/watch.ts";
import { expectNoAxeViolations, PHONE } from "./a11y-helpers.ts";
import { DEMO, expect, personIn, test } from "./fixtures.ts";
import { createTodayShow, ZONE } from "./show-day-helpers.ts";

/**
 * The public ring board (issue 35, ADR 046): an admin makes it public on Ring control, a browser with no
 * account follows the rings while a steward drives one, display mode fills a show office's screen, and
 * making it private turns the open pages into the 404 page.
 */
test.describe.configure({ timeout: 150_000 });
const OUT = process.env.E2E_OUTPUT_DIR ?? "test-results";
const NAMES = [
  "Park Pleasure Amateur",
  "Two Year Old Stallions",
  "Lite Shod Open",
  "Plantation Pleasure",
  "Three Year Old Mares",
  "Western Pleasure",
  "Owner Amateur Specialty",
  "Youth 17 & Under",
];

test("an admin makes the board public; anyone follows it live on a phone and in display mode until it is made private", async ({
  browser,
  baseURL,
}) => {
  const admin = await personIn(browser, baseURL!, DEMO.admin, { viewport: PHONE, timezoneId: ZONE });
  const request = admin.page.request;
  const headers = { origin: baseURL! };
  const today = showToday(Date.now(), ZONE);
  const showName = "Board E2E Night";
  const classes = NAMES.map((name, i) => ({ id: `class-${i + 1}`, name }));
  const showId = await createTodayShow(request, baseURL!, showName, classes);
  const startTime = showClockTime(Math.max(Date.now() - 60_000, Date.parse(`${today}T00:00:00Z`)), ZONE);
  const session = (name: string, ring: string, from: number, to: number) => ({
    name,
    date: today,
    startTime,
    ring,
    classes: classes
      .slice(from, to)
      .map((c, i) => ({ id: c.id, number: String(from + i + 1), name: c.name })),
  });
  const schedule = await request.put(`/api/shows/${showId}/schedule`, {
    headers,
    data: {
      timeZone: null,
      minutesPerClass: 7,
      sessions: [session("Evening", "Main Ring", 0, 6), session("Warm-up Ring", "Ring 2", 6, 8)],
    },
  });
  expect(schedule.status(), await schedule.text()).toBe(200);
  const sessions = (await schedule.json()).sessions as { id: string; ring: string }[];
  const sessionId = sessions.find((s) => s.ring === "Main Ring")!.id;
  const act = (data: unknown) => request.post(`/api/shows/${showId}/ring/actions`, { headers, data });
  expect((await act({ kind: "start-session", sessionId })).status()).toBe(200);
  expect((await act({ kind: "in-ring", sessionId, classId: "class-1", expectedInRing: null })).status()).toBe(
    200,
  );
  expect((await act({ kind: "scratch", sessionId, classId: "class-4", reason: "No entries" })).status()).toBe(
    200,
  );

  const boardPath = `/shows/${showId}/board`;
  // Private: the address is the plain 404 page.
  expect((await request.get(boardPath)).status()).toBe(404);

  // The admin makes it public on Ring control.
  await admin.page.goto(`/shows/${showId}/ring`);
  const card = admin.page.getByTestId("board-card");
  const toggle = card.getByRole("switch", { name: boardTexts.control.toggle });
  await expect(toggle).not.toBeChecked({ timeout: 30_000 });
  await toggle.check();
  await expect(card.getByText(boardTexts.control.isPublic)).toBeVisible();
  await expect(card.getByRole("link", { name: boardTexts.control.display })).toHaveAttribute(
    "href",
    `${boardPath}?display=1`,
  );
  await card.scrollIntoViewIfNeeded();
  await admin.page.screenshot({ path: `${OUT}/board-switch-360.png` });

  // Someone with no account at 360 px.
  const visitorContext = await browser.newContext({
    viewport: PHONE,
    timezoneId: ZONE,
    serviceWorkers: "block",
  });
  const visitor = await visitorContext.newPage();
  expect((await visitor.goto(boardPath))!.status()).toBe(200);
  await expect(visitor.getByRole("heading", { level: 1, name: showName })).toBeVisible();
  const rings = visitor.getByTestId("board-ring");
  await expect(rings).toHaveCount(2);
  const main = rings.filter({ has: visitor.getByRole("heading", { name: "Main Ring" }) });
  const now = main.getByTestId("board-now");
  await expect(now).toHaveText(`In the ring: Class 1 ${NAMES[0]}`);
  await expect(main.getByTestId("board-progress")).toHaveText("Evening · Seen 0 of 5");
  await expect(main.getByText("No Entries", { exact: false })).toBeVisible();
  await expect(visitor.getByTestId("board-heard")).toHaveText(
    /^Last heard from the ring at \d+:\d\d [AP]M C[SD]T$/,
  );
  await expect(visitor.getByText("Demo Admin")).toHaveCount(0);
  await expectNoAxeViolations(visitor);

  // A steward's tap moves it within a second or two.
  const tappedAt = Date.now();
  expect((await act({ kind: "done", sessionId, classId: "class-1" })).status()).toBe(200);
  expect((await act({ kind: "in-ring", sessionId, classId: "class-2", expectedInRing: null })).status()).toBe(
    200,
  );
  await expect(now).toHaveText(`In the ring: Class 2 ${NAMES[1]}`, { timeout: 5_000 });
  await expect(main.getByTestId("board-progress")).toHaveText("Evening · Seen 1 of 5");
  console.log(`board moved ${Date.now() - tappedAt} ms after the taps`);
  await visitor.screenshot({ path: `${OUT}/board-360.png`, fullPage: true });
  await visitor.setViewportSize({ width: 1280, height: 900 });
  await visitor.screenshot({ path: `${OUT}/board-1280.png`, fullPage: true });
  await visitor.setViewportSize(PHONE);
  expect(await visitorContext.cookies()).toEqual([]);

  // Display mode on a show office's screen: one ring at a time, large type, no navigation.
  const screenContext = await browser.newContext({
    viewport: { width: 1920, height: 1080 },
    timezoneId: ZONE,
    serviceWorkers: "block",
  });
  const screen = await screenContext.newPage();
  await visitor.getByTestId("board-display-link").click();
  await expect(visitor).toHaveURL(`${baseURL}${boardPath}?display=1`);
  expect((await screen.goto(`${boardPath}?display=1`))!.status()).toBe(200);
  await expect(screen.locator("body.display")).toBeVisible();
  await expect(screen.getByRole("link")).toHaveCount(0);
  await expect(screen.getByText(boardTexts.page.ringOf(1, 2))).toBeVisible();
  await expect(screen.getByTestId("board-ring").filter({ visible: true })).toHaveCount(1);
  await expect(screen.getByTestId("board-now").filter({ visible: true })).toHaveText(
    `In the ring: Class 2 ${NAMES[1]}`,
  );
  await expectNoAxeViolations(screen);
  await screen.screenshot({ path: `${OUT}/board-display-1920.png` });
  await expect(screen.getByText(boardTexts.page.ringOf(2, 2))).toBeVisible({ timeout: 20_000 });
  await screen.screenshot({ path: `${OUT}/board-display-1920-ring2.png` });
  await visitor.screenshot({ path: `${OUT}/board-display-360.png`, fullPage: true });

  // Private again: the open pages turn into the 404 page by themselves.
  await toggle.uncheck();
  await expect(card.getByText(boardTexts.control.isPrivate)).toBeVisible();
  for (const page of [visitor, screen]) {
    await expect(page.getByRole("heading", { name: watchTexts.notFound.heading })).toBeVisible({
      timeout: 5_000,
    });
  }
  expect((await visitor.request.get(boardPath)).status()).toBe(404);
  await screenContext.close();
  await visitorContext.close();
  await admin.context.close();
});
