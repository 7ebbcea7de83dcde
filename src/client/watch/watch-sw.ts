/// <reference lib="webworker" />

/**
 * The watch page's own service worker (issue 35, ADR 049), registered by Notify me with the page's
 * address as its scope: one per link, so a tap opens that link's page. It only shows pushes: no fetch
 * handler, no cache, nothing of the app's service worker. Built by scripts/build-watch.ts to /watch-sw.js.
 */

declare const self: ServiceWorkerGlobalScope;

const text = (v: unknown, max: number) => (typeof v === "string" ? v.slice(0, max) : "");

self.addEventListener("install", () => void self.skipWaiting());
self.addEventListener("activate", (event) => event.waitUntil(self.clients.claim()));

self.addEventListener("push", (event) => {
  let value: Record<string, unknown> = {};
  try {
    value = (event.data?.json() ?? {}) as Record<string, unknown>;
  } catch {
    // A push must show something (userVisibleOnly): the page's address then.
  }
  const tag = text(value.tag, 200);
  const options: NotificationOptions & { renotify?: boolean } = {
    body: text(value.body, 4000),
    icon: "/icon-192.png",
    badge: "/badge-96.png",
  };
  // A newer message about the same class replaces the one on the lock screen, and still alerts.
  if (tag) Object.assign(options, { tag, renotify: true });
  event.waitUntil(self.registration.showNotification(text(value.title, 200) || "Ringside", options));
});

self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  const page = self.registration.scope;
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: "window", includeUncontrolled: true });
      const open = windows.find((w) => w.url.startsWith(page));
      if (open) await open.focus();
      else await self.clients.openWindow(page);
    })(),
  );
});
