/// <reference lib="webworker" />
import { notificationLink } from "#domain/app/app-links.ts";
import type { PushMessage } from "#domain/notifications/push-payload.ts";
import { pushTexts } from "#domain/texts/push.ts";

/**
 * The service worker's part of Web Push (issue 27): a push shows its notification, and a tap opens
 * the screen it names — focusing a window of the app when one is open, opening one otherwise.
 */

const ICON = "/icon-192.png";
/** Android's status bar draws the badge as a white silhouette. */
const BADGE = "/badge-96.png";
const FALLBACK_URL = notificationLink({ kind: null, showId: null });

/** A push we cannot read still has to show something (userVisibleOnly), and never a broken link. */
export function readPush(data: { json(): unknown } | null): PushMessage {
  let value: Partial<PushMessage> = {};
  try {
    value = (data?.json() ?? {}) as Partial<PushMessage>;
  } catch {
    // Shown as the fallback below.
  }
  const text = (v: unknown, max: number) => (typeof v === "string" ? v.slice(0, max) : "");
  const url = text(value.url, 2000);
  return {
    title: text(value.title, 200) || pushTexts.defaultTitle,
    body: text(value.body, 4000),
    // Only a path on our own site: a payload can never send the tap elsewhere.
    url: url.startsWith("/") && !url.startsWith("//") ? url : FALLBACK_URL,
    tag: text(value.tag, 200),
  };
}

/** The app window to show the screen in: a focused one first, then any window of ours. */
async function openScreen(sw: ServiceWorkerGlobalScope, path: string): Promise<void> {
  const target = new URL(path, sw.location.origin).href;
  const windows = await sw.clients.matchAll({ type: "window", includeUncontrolled: true });
  const open = windows.find((w) => w.focused) ?? windows[0];
  if (open) {
    const shown = await open.navigate(target).catch(() => null);
    await (shown ?? open).focus().catch(() => undefined);
    if (shown) return;
  }
  await sw.clients.openWindow(target);
}

export function registerPushHandlers(sw: ServiceWorkerGlobalScope): void {
  sw.addEventListener("push", (event) => {
    const message = readPush(event.data);
    const options: NotificationOptions & { renotify?: boolean } = {
      body: message.body,
      icon: ICON,
      badge: BADGE,
      data: { url: message.url },
    };
    // A newer message on the same subject replaces the one on the lock screen, and still alerts.
    if (message.tag) Object.assign(options, { tag: message.tag, renotify: true });
    event.waitUntil(sw.registration.showNotification(message.title, options));
  });

  sw.addEventListener("notificationclick", (event) => {
    event.notification.close();
    const url = (event.notification.data as { url?: unknown } | null)?.url;
    const opening = openScreen(sw, typeof url === "string" ? url : FALLBACK_URL);
    event.waitUntil(opening);
  });
}
