import type { APIRequestContext, BrowserContext, CDPSession, Page } from "@playwright/test";
import type { PushServiceStandIn, StandInSubscription } from "../support/push-service.ts";
import { startPushService } from "../support/push-service.ts";
import { expect, test } from "./fixtures.ts";

/**
 * Headless Chromium cannot reach a browser vendor's push service, so in these tests only the page's
 * PushManager hands out the stand-in's subscription (keys the test made); it records the key the app
 * subscribed with. The server, its queue and encryption, and the service worker stay real.
 */
export async function useStandInSubscription(page: Page, subscription: StandInSubscription["json"]) {
  await page.addInitScript((sub) => {
    const KEY = "e2e-push-application-server-key";
    const toBase64Url = (bytes: Uint8Array) =>
      btoa(String.fromCharCode(...bytes))
        .replaceAll("+", "-")
        .replaceAll("/", "_")
        .replace(/=+$/, "");
    const fromBase64Url = (text: string) =>
      Uint8Array.from(atob(text.replaceAll("-", "+").replaceAll("_", "/")), (c) => c.charCodeAt(0));
    const make = (key: string) => ({
      endpoint: sub.endpoint,
      expirationTime: null,
      options: { userVisibleOnly: true, applicationServerKey: fromBase64Url(key).buffer },
      getKey: (name: "p256dh" | "auth") => fromBase64Url(sub.keys[name]).buffer,
      toJSON: () => sub,
      unsubscribe: async () => {
        localStorage.removeItem(KEY);
        return true;
      },
    });
    PushManager.prototype.subscribe = async (options?: PushSubscriptionOptionsInit) => {
      const key = toBase64Url(new Uint8Array(options?.applicationServerKey as ArrayBuffer));
      localStorage.setItem(KEY, key);
      return make(key) as unknown as PushSubscription;
    };
    PushManager.prototype.getSubscription = async () => {
      const key = localStorage.getItem(KEY);
      return key ? (make(key) as unknown as PushSubscription) : null;
    };
  }, subscription);
}

/** The service worker's registration id, for the DevTools protocol's ServiceWorker domain. */
async function registrationId(context: BrowserContext, page: Page): Promise<{ cdp: CDPSession; id: string }> {
  const cdp = await context.newCDPSession(page);
  const found = new Promise<string>((resolve) => {
    cdp.on("ServiceWorker.workerRegistrationUpdated", ({ registrations }) => {
      const live = registrations.find((r: { isDeleted: boolean }) => !r.isDeleted);
      if (live) resolve(live.registrationId);
    });
  });
  await cdp.send("ServiceWorker.enable");
  return { cdp, id: await found };
}

/**
 * Hands `message` to the service worker as the push service would, through a DevTools session made for
 * this delivery, and waits for its notification. Two clean-clone runs saw a delivery show nothing for
 * 7 s (once after the worker had navigated the page, once under load), never reproduced alone; like a
 * push service that gets no answer, it delivers again, at most three times in all: a worker that shows
 * nothing still fails the test.
 */
export async function deliverPush(context: BrowserContext, page: Page, message: unknown, title: string) {
  const origin = new URL(page.url()).origin;
  for (let attempt = 1; ; attempt++) {
    const { cdp, id } = await registrationId(context, page);
    await cdp.send("ServiceWorker.deliverPushMessage", {
      origin,
      registrationId: id,
      data: JSON.stringify(message),
    });
    await cdp.detach();
    const shown = await expect
      .poll(async () => (await shownNotifications(page)).map((n) => n.title), { timeout: 7_000 })
      .toContain(title)
      .then(() => true)
      .catch((error: unknown) => {
        if (attempt >= 3) throw error;
        return false;
      });
    if (shown) return;
  }
}

export const shownNotifications = (page: Page) =>
  page.evaluate(async () =>
    (await (await navigator.serviceWorker.ready).getNotifications()).map((n) => ({
      title: n.title,
      body: n.body,
      tag: n.tag,
      icon: n.icon,
      badge: (n as Notification & { badge?: string }).badge,
      url: (n.data as { url?: string } | null)?.url,
    })),
  );

/**
 * The tap on the lock screen. The DevTools protocol cannot click a notification, so the service worker
 * is handed the notificationclick event its own notification would raise.
 */
export async function tapNotification(context: BrowserContext, tag: string) {
  const [worker] = context.serviceWorkers();
  if (!worker) throw new Error("no service worker");
  await worker.evaluate(async (wanted) => {
    const sw = self as unknown as ServiceWorkerGlobalScope;
    const notification = (await sw.registration.getNotifications()).find((n) => n.tag === wanted);
    if (!notification) throw new Error(`no notification tagged ${wanted}`);
    sw.dispatchEvent(new NotificationEvent("notificationclick", { notification }));
  }, tag);
}

/** The steward's "in the ring" taps on a running show's session: `classId` in after `expectedInRing`. */
export const ringTaps =
  (steward: APIRequestContext, baseURL: string, showId: string, sessionId: string) =>
  (classId: string, expectedInRing: string) =>
    steward.post(`/api/shows/${showId}/ring/actions`, {
      headers: { origin: baseURL },
      data: { kind: "in-ring", sessionId, classId, expectedInRing },
    });

/** The first push the local push service got for `subscriptionId`: `horse` three classes away from class `number`. */
export async function awayPushOf(
  service: PushServiceStandIn,
  subscriptionId: string,
  horse: string,
  number: string,
) {
  await service.waitFor(() => service.for(subscriptionId).length === 1, 15_000);
  expect(service.rejected).toEqual([]);
  const [received] = service.for(subscriptionId);
  expect(received?.message.title).toBe(horse);
  expect(received?.message.body).toMatch(
    new RegExp(`^${horse} is 3 classes away: Class ${number} ≈ \\d+:\\d\\d [AP]M`),
  );
  return received!;
}

/** The local push service for a spec's tests: started before them, closed after; read it inside a test. */
export function pushServiceForSpec(): () => PushServiceStandIn {
  let service: PushServiceStandIn | undefined;
  test.beforeAll(async () => {
    service = await startPushService();
  });
  test.afterAll(async () => {
    await service?.close();
  });
  return () => service!;
}
