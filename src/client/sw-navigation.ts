/// <reference lib="webworker" />
import { matchPrecache } from "workbox-precaching";
import { NavigationRoute, registerRoute } from "workbox-routing";

/** How long a navigation waits for the network before the cached page is shown instead. */
export const NAVIGATION_TIMEOUT_MS = 3000;
/** The page as built (no user, no markup): what the precache holds, the same for everyone. */
const CACHED_PAGE = "/index.html";

/**
 * Page loads (ADR 019): the server renders each page for the person asking, so a navigation goes to the
 * network first, with the browser's navigation preload so the service worker's start costs nothing.
 * If no answer comes within a short time, or none at all (offline at the show ground), the cached page
 * is shown instead, and the app renders from what it saved on the device for the signed-in person.
 * A page the server rendered is never cached here, so one person's page never reaches another.
 */
export function pageResponse(
  network: Promise<Response>,
  cachedPage: () => Promise<Response | undefined>,
  timeoutMs = NAVIGATION_TIMEOUT_MS,
): Promise<Response> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<null>((resolve) => {
    timer = setTimeout(() => resolve(null), timeoutMs);
  });
  return Promise.race([network, late])
    .catch(() => null)
    .then(async (answer) => {
      clearTimeout(timer);
      // Without a cached page there is nothing better than waiting for the network.
      return answer ?? (await cachedPage()) ?? network;
    });
}

export function registerNavigation(sw: ServiceWorkerGlobalScope): void {
  sw.addEventListener("activate", (event) => {
    if (sw.registration.navigationPreload) event.waitUntil(sw.registration.navigationPreload.enable());
  });
  registerRoute(
    new NavigationRoute(
      ({ request, event }) => {
        const fetchEvent = event as FetchEvent;
        const preloaded = fetchEvent.preloadResponse as Promise<Response | undefined> | undefined;
        const network = (async () => (await preloaded) ?? fetch(request))();
        fetchEvent.waitUntil(network.catch(() => undefined));
        return pageResponse(network, () => matchPrecache(CACHED_PAGE));
      },
      // API calls are never navigations the app makes; a download link opened as a page goes straight through,
      // and so do a watch link's page (ADR 044) and a show's ring board (ADR 046), no pages of the app.
      { denylist: [/^\/api\//, /^\/watch\//, /^\/shows\/[^/]+\/board(?:$|[/?])/] },
    ),
  );
}
