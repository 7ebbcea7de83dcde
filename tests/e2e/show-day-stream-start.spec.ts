import { PHONE } from "./a11y-helpers.ts";
import { DEMO, expect, personIn, test } from "./fixtures.ts";
import { runningShow, ZONE } from "./show-day-helpers.ts";

/**
 * The page's ring stream says at `ready` where each show's ring stood as it began to listen
 * (RingStreamReady): the page reads again only a day held behind it. A steward's tap while the stream was
 * still opening is on screen once it opens; a show that did not move is not read again.
 */
test("a tap while the roster's ring stream opens shows once it opens; a show that did not move is not read again", async ({
  browser,
  baseURL,
}) => {
  const steward = await personIn(browser, baseURL!, DEMO.admin, { viewport: PHONE, timezoneId: ZONE });
  const owner = await personIn(browser, baseURL!, DEMO.owner, { viewport: PHONE, timezoneId: ZONE });
  const tapped = await runningShow(
    steward.page.request,
    owner.page.request,
    baseURL!,
    "Stream Start E2E Tapped",
  );
  const still = await runningShow(
    steward.page.request,
    owner.page.request,
    baseURL!,
    "Stream Start E2E Still",
  );

  // The ring stream waits until the test lets it through, as a slow network would keep it.
  let letThrough!: () => void;
  const held = new Promise<void>((resolve) => (letThrough = resolve));
  await owner.page.route("**/api/show-day/events?**", async (route) => {
    await held;
    // A stream the page replaced meanwhile (its set of shows grew) is gone: nothing to let through.
    await route.continue().catch(() => undefined);
  });
  const dayReads: string[] = [];
  owner.page.on("request", (request) => {
    const path = new URL(request.url()).pathname;
    if (/^\/api\/shows\/[^/]+\/day$/.test(path)) dayReads.push(decodeURIComponent(path.split("/")[3]!));
  });
  const asked = owner.page.waitForRequest((request) => request.url().includes("/api/show-day/events?"));

  await owner.page.goto("/roster");
  const barOf = (name: string) =>
    owner.page
      .getByRole("article")
      .filter({ has: owner.page.getByRole("heading", { name }) })
      .getByTestId("live-ring-bar");
  await expect(barOf("Stream Start E2E Tapped")).toContainText("In the ring: Class 1");
  await expect(barOf("Stream Start E2E Still")).toContainText("In the ring: Class 1");
  await asked;
  // A card beyond the page's first ones reads its day itself: only the reads from here on are the stream's.
  dayReads.length = 0;

  const tap = await steward.page.request.post(`/api/shows/${tapped.showId}/ring/actions`, {
    headers: { origin: baseURL! },
    data: { kind: "in-ring", sessionId: tapped.sessionId, classId: "class-2", expectedInRing: "class-1" },
  });
  expect(tap.status(), await tap.text()).toBe(200);
  letThrough();

  await expect(barOf("Stream Start E2E Tapped")).toContainText("In the ring: Class 2");
  await expect(barOf("Stream Start E2E Still")).toContainText("In the ring: Class 1");
  expect(dayReads.filter((id) => id === tapped.showId)).toEqual([tapped.showId]);
  expect(dayReads.filter((id) => id === still.showId)).toEqual([]);
  await steward.context.close();
  await owner.context.close();
});
