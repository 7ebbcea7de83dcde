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
  tapNotification,
  useStandInSubscription,
} from "./push-helpers.ts";
import { runningShow, ZONE } from "./show-day-helpers.ts";

/**
 * Notify me on a watch link's page (issue 35, ADR 049): a browser with no account taps Notify me, a
 * steward drives the ring, and the push reaches the (local) push service; revoking the link ends it.
 */
test.describe.configure({ timeout: 120_000 });
const OUT = process.env.E2E_OUTPUT_DIR ?? "test-results";
const HORSE = "Midnight Masterpiece";
const n = watchTexts.notify;

const pushService = pushServiceForSpec();

function subscriptionsOf(linkId: string): number {
  const db = openE2eDatabase();
  try {
    return (
      db.prepare("select count(*) as n from watch_push_subscription where link_id = ?").get(linkId) as {
        n: number;
      }
    ).n;
  } finally {
    db.close();
  }
}

test("a browser without an account taps Notify me, gets '3 classes away' as the steward drives the ring, and Revoke ends it", async ({
  browser,
  baseURL,
}) => {
  const service = pushService();
  const steward = await personIn(browser, baseURL!, DEMO.admin, { viewport: PHONE, timezoneId: ZONE });
  const owner = await personIn(browser, baseURL!, DEMO.owner, { viewport: PHONE, timezoneId: ZONE });
  const showName = "Notify E2E Evening";
  const { showId, sessionId } = await runningShow(
    steward.page.request,
    owner.page.request,
    baseURL!,
    showName,
  );
  const made = await owner.page.request.post("/api/watch-links", {
    headers: { origin: baseURL! },
    data: { horseId: horseIdByName(HORSE), showId, showRider: false },
  });
  expect(made.status(), await made.text()).toBe(201);
  const link = (await made.json()) as { id: string; url: string };

  // No account, no cookie; the page's own service worker is allowed, and notifications granted on the tap.
  const context = await browser.newContext({ viewport: PHONE, timezoneId: ZONE, serviceWorkers: "allow" });
  const watcher = await context.newPage();
  const origin = new URL(baseURL!).origin;
  const subscription = service.subscribe(
    (await (await owner.page.request.get("/api/push/config")).json()).publicKey as string,
  );
  await useStandInSubscription(watcher, subscription.json);
  await watcher.goto(link.url);
  await expect(watcher.getByRole("heading", { level: 1, name: HORSE })).toBeVisible();
  const notify = watcher.getByRole("region", { name: n.button });
  const button = notify.getByRole("button", { name: n.button });
  await expect(button).toBeEnabled();
  await expect(notify.getByText(n.what(HORSE))).toBeVisible();
  await expectNoAxeViolations(watcher);
  await watcher.screenshot({ path: `${OUT}/watch-notify-off-360.png`, fullPage: true });

  await context.grantPermissions(["notifications"], { origin });
  await button.click();
  await expect(notify.getByText(n.on(HORSE))).toBeVisible({ timeout: 15_000 });
  const stop = notify.getByRole("button", { name: n.stop });
  await expect(stop).toBeVisible();
  expect(subscriptionsOf(link.id)).toBe(1);
  expect(await context.cookies()).toEqual([]);
  await expectNoAxeViolations(watcher);
  await watcher.screenshot({ path: `${OUT}/watch-notify-on-360.png`, fullPage: true });
  await watcher.setViewportSize({ width: 1280, height: 900 });
  await watcher.screenshot({ path: `${OUT}/watch-notify-on-1280.png`, fullPage: true });
  await watcher.setViewportSize(PHONE);

  // The steward's tap puts class 5 three classes away: the push service gets it for this browser.
  const tap = ringTaps(steward.page.request, baseURL!, showId, sessionId);
  expect((await tap("class-2", "class-1")).status()).toBe(200);
  const received = await awayPushOf(service, subscription.id, HORSE, "5");

  // The push service would now wake the phone: the page's own service worker shows it; a tap on it
  // closes it and brings the link's page forward.
  await deliverPush(context, watcher, received.message, HORSE);
  expect((await shownNotifications(watcher)).map((s) => [s.title, s.body, s.tag])).toEqual([
    [HORSE, received.message.body, received.message.tag],
  ]);
  await tapNotification(context, received.message.tag);
  await expect.poll(() => shownNotifications(watcher)).toEqual([]);
  // A reload finds this browser's subscription again.
  await watcher.reload();
  await expect(stop).toBeVisible({ timeout: 15_000 });

  // Stop, and on again: the same browser, one subscription.
  await stop.click();
  await expect(notify.getByText(n.stopped)).toBeVisible();
  expect(subscriptionsOf(link.id)).toBe(0);
  await button.click();
  await expect(stop).toBeVisible({ timeout: 15_000 });
  expect(subscriptionsOf(link.id)).toBe(1);

  // A browser whose person blocked notifications is told how to allow them.
  const blocked = await browser.newContext({ viewport: PHONE, timezoneId: ZONE, permissions: [] });
  const blockedPage = await blocked.newPage();
  await blockedPage.goto(link.url);
  await expect(blockedPage.getByText(n.denied)).toBeVisible();
  await expectNoAxeViolations(blockedPage);
  await blocked.close();

  // Revoked: the page turns into the 404 page, its subscriptions are gone, and the ring sends nothing more.
  const revoked = await owner.page.request.delete(`/api/watch-links/${link.id}`, {
    headers: { origin: baseURL! },
  });
  expect(revoked.status()).toBe(204);
  await expect(watcher.getByRole("heading", { name: watchTexts.notFound.heading })).toBeVisible({
    timeout: 5_000,
  });
  expect(subscriptionsOf(link.id)).toBe(0);
  expect((await tap("class-3", "class-2")).status()).toBe(200);
  expect((await tap("class-4", "class-3")).status()).toBe(200);
  await watcher.waitForTimeout(1_500);
  expect(service.for(subscription.id)).toHaveLength(1);
  await context.close();
  await owner.context.close();
  await steward.context.close();
});
