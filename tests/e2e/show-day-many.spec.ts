import { showTexts } from "../../src/domain/texts/show.ts";
import { showDayTexts } from "../../src/domain/texts/show-day.ts";
import { PHONE } from "./a11y-helpers.ts";
import { DEMO, expect, personIn, test } from "./fixtures.ts";
import { runningShow, ZONE } from "./show-day-helpers.ts";

/**
 * A roster of many shows running today (ADR 041): HTTP/1.1 gives a page six connections to its server, so
 * a stream per show held them all and the page's next request (the badge's refetch, a navigation) waited
 * for ever. The page holds one ring stream for every show on it, so it still has connections to spare.
 */
test.describe.configure({ timeout: 90_000 });

const SHOWS = 5;

test("an owner with five shows running today still gets the badge and can leave the roster", async ({
  browser,
  baseURL,
}) => {
  const steward = await personIn(browser, baseURL!, DEMO.admin, { viewport: PHONE, timezoneId: ZONE });
  const owner = await personIn(browser, baseURL!, DEMO.owner, { viewport: PHONE, timezoneId: ZONE });
  const names = Array.from({ length: SHOWS }, (_, i) => `Many Rings E2E ${i + 1}`);
  const shows = [];
  for (const name of names) {
    shows.push(await runningShow(steward.page.request, owner.page.request, baseURL!, name));
  }
  const streams = new Set<string>();
  owner.page.on("request", (request) => {
    if (request.resourceType() === "eventsource") streams.add(new URL(request.url()).pathname);
  });

  await owner.page.goto("/roster");
  const cardOf = (name: string) =>
    owner.page.getByRole("article").filter({ has: owner.page.getByRole("heading", { name }) });
  for (const name of names) {
    await expect(cardOf(name).getByTestId("live-ring-bar")).toContainText("In the ring: Class 1");
  }
  const badge = owner.page.getByTestId("unread-badge").filter({ visible: true });
  const unreadBefore = Number((await badge.count()) ? await badge.textContent() : 0);

  // The last show's steward calls class 2: the owner's class 5 is three away, an alert for the badge.
  const last = shows[SHOWS - 1]!;
  const tap = await steward.page.request.post(`/api/shows/${last.showId}/ring/actions`, {
    headers: { origin: baseURL! },
    data: { kind: "in-ring", sessionId: last.sessionId, classId: "class-2", expectedInRing: "class-1" },
  });
  expect(tap.status(), await tap.text()).toBe(200);
  await expect(cardOf(names[SHOWS - 1]!).getByTestId("live-ring-bar")).toContainText("In the ring: Class 2");
  await expect(cardOf(names[0]!).getByTestId("live-ring-bar")).toContainText("In the ring: Class 1");
  // The demo owner is shared with the other worker's specs, whose shows may alert them meanwhile (17 expected,
  // 18 seen in CI's run of edd2c2d): the badge was asked for again and holds this alert, maybe with another.
  await expect
    .poll(async () => Number(await badge.textContent()), { timeout: 7_000 })
    .toBeGreaterThan(unreadBefore);
  expect([...streams].sort()).toEqual(["/api/events", "/api/show-day/events"]);

  await owner.page.goto(`/shows/${shows[0]!.showId}`);
  await expect(owner.page.getByRole("heading", { level: 1, name: names[0] })).toBeVisible();
  await expect(owner.page.getByText(showTexts.details).first()).toBeVisible();
  await expect(owner.page.getByTestId("live-ring-bar")).toContainText(showDayTexts.live.inRing);
  await steward.context.close();
  await owner.context.close();
});
