/// <reference lib="webworker" />
import { cleanupOutdatedCaches, precacheAndRoute } from "workbox-precaching";
import { registerNavigation } from "./sw-navigation.ts";
import { registerPushHandlers } from "./sw-push.ts";

/**
 * The service worker (vite-plugin-pwa, injectManifest): a thin composition of its parts. Page loads are
 * registered first, so their route answers navigations before the precache's (sw-navigation.ts). Push
 * (ADR 022): sw-push.ts.
 */
declare const self: ServiceWorkerGlobalScope & {
  __WB_MANIFEST: (string | { url: string; revision: string | null })[];
};

registerNavigation(self);
precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

// 'Update now' (registerType "prompt", ADR 013): the waiting version takes over only when asked.
self.addEventListener("message", (event) => {
  if ((event.data as { type?: string } | null)?.type === "SKIP_WAITING") void self.skipWaiting();
});

registerPushHandlers(self);
