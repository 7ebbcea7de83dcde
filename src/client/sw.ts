/// <reference lib="webworker" />
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from "workbox-precaching";
import { NavigationRoute, registerRoute } from "workbox-routing";
import { registerPushHandlers } from "./sw-push.ts";

/**
 * The service worker, built by vite-plugin-pwa (injectManifest): a thin composition of what it does.
 * Offline (ADR 013): the app shell and every chunk precached, navigations answered with index.html
 * except /api/, and a new version waiting until the page asks it to take over ('Update now').
 * Push (ADR 022): sw-push.ts.
 */
declare const self: ServiceWorkerGlobalScope;

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();
registerRoute(new NavigationRoute(createHandlerBoundToURL("index.html"), { denylist: [/^\/api\//] }));

self.addEventListener("message", (event) => {
  if ((event.data as { type?: unknown } | null)?.type === "SKIP_WAITING") void self.skipWaiting();
});

registerPushHandlers(self);
