import { watchTexts } from "../../src/domain/texts/watch.ts";
import { expectNoAxeViolations, PHONE } from "./a11y-helpers.ts";
import { DEMO, expect, openE2eDatabase, personIn, test } from "./fixtures.ts";
import { horseIdByName } from "./horses-helpers.ts";
import {
  awayPushOf,
  deliverPush,
  pushServiceForSpec,
  ringTaps,
  shownNotifications,
  useStandInSubscription,
} from "./push-helpers.ts";
import { stewardAndOwnerAtRunningShow, ZONE } from "./show-day-helpers.ts";

/**
 * Notify me on a barn link's page (issue 35, ADR 052): the trainer shares the barn, a browser with no
 * account ticks one of its horses and taps Notify me, a steward's tap reaches it for that horse only
 * (both horses are in the class), the notification's tap opens the link's page when no window has it,
 * and Revoke ends it.
 */
test.describe.configure({ timeout: 150_000 });
const OUT = process.env.E2E_OUTPUT_DIR ?? "test-results";
const SUN = "Midnight Masterpiece";
const SUNDANCE = "Sundance Jubilee";
const n = watchTexts.notify;

const pushService = pushServiceForSpec();

/** The barn link's subscriptions, each with the horses it chose. */
function subscriptionsOf(barnLinkId: string): { id: string; horses: string }[] {
  const db = openE2eDatabase();
  try {
    return db
      .prepare(
        `select s.id, coalesce(group_concat(c.horse_id), '') as horses from watch_push_subscription s
         left join watch_push_horse c on c.subscription_id = s.id where s.barn_link_id = ? group by s.id`,
      )
      .all(barnLinkId) as { id: string; horses: string }[];
  } finally {
    db.close();
  }
}

test("a browser without an account chooses one of the barn's horses, gets its alert only, opens the page from the notification, and Revoke ends it", async ({
  browser,
  baseURL,
}) => {
  const service = pushService();
  const trainer = await personIn(browser, baseURL!, DEMO.trainer, { viewport: PHONE, timezoneId: ZONE });
  // The barn's Midnight Masterpiece is in class 5 (its owner's entry); Sundance Jubilee goes in with it.
  const { steward, owner, showId, sessionId } = await stewardAndOwnerAtRunningShow(
    browser,
    baseURL!,
    "Barn Notify E2E Night",
  );
  const entry = await steward.page.request.put(`/api/shows/${showId}/classes/class-5/entries`, {
    headers: { origin: baseURL! },
    data: { entries: [{ status: "HorseIsShowing", horseId: horseIdByName(SUNDANCE) }] },
  });
  expect(entry.status(), await entry.text()).toBe(200);
  const made = await trainer.page.request.post("/api/barn/watch-links", {
    headers: { origin: baseURL! },
    data: { showId, showRider: false },
  });
  expect(made.status(), await made.text()).toBe(201);
  const link = (await made.json()) as { id: string; url: string };

  // No account, no cookie; the page's own service worker is allowed, and notifications granted on the tap.
  const context = await browser.newContext({ viewport: PHONE, timezoneId: ZONE, serviceWorkers: "allow" });
  const watcher = await context.newPage();
  const subscription = service.subscribe(
    (await (await owner.page.request.get("/api/push/config")).json()).publicKey as string,
  );
  await useStandInSubscription(watcher, subscription.json);
  await watcher.goto(link.url);
  await expect(watcher.getByRole("heading", { level: 1, name: "Wade Harlan's barn" })).toBeVisible();
  const notify = watcher.getByRole("region", { name: n.button });
  const button = notify.getByRole("button", { name: n.button });
  await expect(button).toBeEnabled();
  await expect(notify.getByText(n.barnWhat)).toBeVisible();
  const choice = notify.getByRole("group", { name: n.chooseLegend });
  const sunBox = choice.getByRole("checkbox", { name: SUN });
  const sundanceBox = choice.getByRole("checkbox", { name: SUNDANCE });
  await expect(sunBox).toBeChecked();
  await expect(sundanceBox).toBeChecked();
  // By keyboard: Sundance Jubilee off, and Notify me with none ticked says so instead of asking.
  await sundanceBox.focus();
  await watcher.keyboard.press("Space");
  await expect(sundanceBox).not.toBeChecked();
  await sunBox.focus();
  await watcher.keyboard.press("Space");
  await button.click();
  await expect(notify.getByRole("status")).toHaveText(n.noneChosen);
  await sunBox.focus();
  await watcher.keyboard.press("Space");
  await expect(notify.getByText(n.noneChosen)).toHaveCount(0);
  await expectNoAxeViolations(watcher);
  await notify.scrollIntoViewIfNeeded();
  await watcher.screenshot({ path: `${OUT}/barn-notify-off-360.png`, fullPage: true });

  const origin = new URL(baseURL!).origin;
  await context.grantPermissions(["notifications"], { origin });
  await button.focus();
  await watcher.keyboard.press("Enter");
  await expect(notify.getByText(n.barnOn(1))).toBeVisible({ timeout: 15_000 });
  const stop = notify.getByRole("button", { name: n.stop });
  await expect(stop).toBeVisible();
  expect(subscriptionsOf(link.id)).toEqual([{ id: expect.any(String), horses: horseIdByName(SUN) }]);
  expect(await context.cookies()).toEqual([]);
  await expectNoAxeViolations(watcher);
  await watcher.screenshot({ path: `${OUT}/barn-notify-on-360.png`, fullPage: true });
  await watcher.setViewportSize({ width: 1280, height: 900 });
  await notify.scrollIntoViewIfNeeded();
  await watcher.screenshot({ path: `${OUT}/barn-notify-on-1280.png`, fullPage: true });
  await expectNoAxeViolations(watcher);
  await watcher.setViewportSize(PHONE);

  // A reload finds this browser's subscription and its choice again.
  await watcher.reload();
  await expect(stop).toBeVisible({ timeout: 15_000 });
  await expect(sunBox).toBeChecked();
  await expect(sundanceBox).not.toBeChecked();

  // The steward's tap puts class 5, with both horses, three classes away: only the chosen one is pushed.
  const tap = ringTaps(steward.page.request, baseURL!, showId, sessionId);
  expect((await tap("class-2", "class-1")).status()).toBe(200);
  const received = await awayPushOf(service, subscription.id, SUN, "5");
  // Sundance Jubilee's alert was due at the same tap: nothing of it comes to this browser.
  await watcher.waitForTimeout(2_000);
  expect(service.for(subscription.id).map((r) => r.message.title)).toEqual([SUN]);

  // The push would now wake the phone: the page's own service worker shows it.
  await deliverPush(context, watcher, received.message, SUN);
  expect((await shownNotifications(watcher)).map((s) => [s.title, s.body, s.tag])).toEqual([
    [SUN, received.message.body, received.message.tag],
  ]);

  // Its tap with no window open on the link's page: the worker opens the page (its scope).
  const opened = await tapWithNoWindowOpen(context, watcher, received.message.tag);
  expect(opened.url).toBe(link.url);
  await expect(opened.page.getByRole("heading", { level: 1, name: "Wade Harlan's barn" })).toBeVisible();
  const page = opened.page;

  // Revoked: the page turns into the 404 page, its subscriptions are gone, and the ring sends nothing more.
  const revoked = await trainer.page.request.delete(`/api/barn/watch-links/${link.id}`, {
    headers: { origin: baseURL! },
  });
  expect(revoked.status()).toBe(204);
  await expect(page.getByRole("heading", { name: watchTexts.notFound.heading })).toBeVisible({
    timeout: 5_000,
  });
  expect(subscriptionsOf(link.id)).toEqual([]);
  expect((await tap("class-3", "class-2")).status()).toBe(200);
  expect((await tap("class-4", "class-3")).status()).toBe(200);
  await page.waitForTimeout(1_500);
  expect(service.for(subscription.id)).toHaveLength(1);
  await context.close();
  await trainer.context.close();
  await owner.context.close();
  await steward.context.close();
});

/**
 * The tap on a notification when no window has the link's page: the page is closed, then the worker is
 * handed the notificationclick its notification would raise. A synthetic event carries no user
 * activation, so Chromium refuses the worker's `clients.openWindow` ("Not allowed to open a window");
 * the worker's own call is recorded as it is made, and the address it asked for is opened as the browser
 * would have. What is checked: no window was found, openWindow was asked for the link's page, and that
 * address is the link's page.
 */
async function tapWithNoWindowOpen(
  context: import("@playwright/test").BrowserContext,
  page: import("@playwright/test").Page,
  tag: string,
) {
  const [worker] = context.serviceWorkers();
  if (!worker) throw new Error("no service worker");
  await page.close();
  const asked = await worker.evaluate(async (wanted) => {
    const sw = self as unknown as ServiceWorkerGlobalScope;
    const calls: { url: string; windows: number; error: string | null }[] = [];
    const real = sw.clients.openWindow.bind(sw.clients);
    sw.clients.openWindow = async (url: string | URL) => {
      const windows = (await sw.clients.matchAll({ type: "window", includeUncontrolled: true })).length;
      const call = { url: String(url), windows, error: null as string | null };
      calls.push(call);
      try {
        return await real(url);
      } catch (error) {
        call.error = String(error);
        return null;
      }
    };
    const notification = (await sw.registration.getNotifications()).find((x) => x.tag === wanted);
    if (!notification) throw new Error(`no notification tagged ${wanted}`);
    const event = new NotificationEvent("notificationclick", { notification });
    const done: Promise<unknown>[] = [];
    const waitUntil = event.waitUntil.bind(event);
    event.waitUntil = (p: Promise<unknown>) => {
      done.push(p);
      waitUntil(p);
    };
    sw.dispatchEvent(event);
    await Promise.all(done);
    return { calls, left: (await sw.registration.getNotifications()).length };
  }, tag);
  console.log(`notificationclick with no window: ${JSON.stringify(asked)}`);
  expect(asked.left).toBe(0);
  expect(asked.calls).toHaveLength(1);
  const [call] = asked.calls;
  expect(call?.windows).toBe(0);
  const openedByBrowser = context.pages().find((p) => p.url() === call?.url);
  const opened = openedByBrowser ?? (await context.newPage());
  if (!openedByBrowser) await opened.goto(call!.url);
  return { url: call!.url, page: opened };
}
