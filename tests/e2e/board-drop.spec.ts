import { DEMO, expect, personIn, test } from "./fixtures.ts";
import { runningSession, ZONE } from "./show-day-helpers.ts";

/**
 * The ring board's display mode after a network drop (issue 35, item 3; ADR 046): a show office's screen
 * loses its connection, a steward taps while it is down, and when the network comes back the screen shows
 * the tap by itself — no reload — and its "Last heard" line recovers.
 */
test.describe.configure({ timeout: 120_000 });
const OUT = process.env.E2E_OUTPUT_DIR ?? "test-results";

test("display mode recovers after a network drop and shows a tap made while it was down, without a reload", async ({
  browser,
  baseURL,
}) => {
  const admin = await personIn(browser, baseURL!, DEMO.admin, { timezoneId: ZONE });
  const request = admin.page.request;
  const headers = { origin: baseURL! };
  const { showId, sessionId } = await runningSession(request, baseURL!, "Board Drop E2E");
  const act = (data: unknown) => request.post(`/api/shows/${showId}/ring/actions`, { headers, data });
  const made = await request.put(`/api/shows/${showId}/board`, { headers, data: { public: true } });
  expect(made.status(), await made.text()).toBe(200);

  const screenContext = await browser.newContext({
    viewport: { width: 1920, height: 1080 },
    timezoneId: ZONE,
    serviceWorkers: "block",
  });
  const screen = await screenContext.newPage();
  expect((await screen.goto(`${baseURL}/shows/${showId}/board?display=1`))!.status()).toBe(200);
  const now = screen.getByTestId("board-now");
  const heard = screen.getByTestId("board-heard");
  await expect(now).toHaveText("In the ring: Class 1 Class 1 Walking Horses");
  await expect(heard).toHaveText(/^Last heard from the ring at \d+:\d\d [AP]M C[SD]T$/);
  // A mark on the page's window: a reload would take it away.
  await screen.evaluate(() => {
    (window as unknown as { notReloaded: boolean }).notReloaded = true;
  });

  // The network drops: the open stream breaks and the screen says it is reconnecting.
  await screenContext.setOffline(true);
  await expect(heard).toHaveText(/^Reconnecting… last heard from the ring at /, { timeout: 15_000 });
  await screen.screenshot({ path: `${OUT}/board-drop-offline-1920.png` });

  // A steward's taps while the screen is cut off.
  expect((await act({ kind: "done", sessionId, classId: "class-1" })).status()).toBe(200);
  expect((await act({ kind: "in-ring", sessionId, classId: "class-2", expectedInRing: null })).status()).toBe(
    200,
  );
  // Still down: the screen cannot know yet.
  await screen.waitForTimeout(1_500);
  await expect(now).toHaveText("In the ring: Class 1 Class 1 Walking Horses");

  // Back: the page reconnects by itself, reads the day again and shows the tap.
  const backAt = Date.now();
  await screenContext.setOffline(false);
  await expect(now).toHaveText("In the ring: Class 2 Class 2 Walking Horses", { timeout: 45_000 });
  await expect(heard).toHaveText(/^Last heard from the ring at \d+:\d\d [AP]M C[SD]T$/);
  console.log(`display mode showed the tap ${Date.now() - backAt} ms after the network came back`);
  expect(await screen.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(
    true,
  );

  // And it follows the ring live again: the next tap arrives over the new stream.
  expect((await act({ kind: "done", sessionId, classId: "class-2" })).status()).toBe(200);
  expect((await act({ kind: "in-ring", sessionId, classId: "class-3", expectedInRing: null })).status()).toBe(
    200,
  );
  await expect(now).toHaveText("In the ring: Class 3 Class 3 Walking Horses", { timeout: 5_000 });
  await screen.screenshot({ path: `${OUT}/board-drop-back-1920.png` });
  await screenContext.close();
  await admin.context.close();
});
