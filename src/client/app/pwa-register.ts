import { registerSW } from "virtual:pwa-register";

/**
 * Registers the service worker (a failure is only logged: the app works without it) once the page has
 * loaded; `onUpdate` gets the way to switch to a new version once one is waiting. A lazy chunk, loaded
 * after the first screen (the wait for `load` is here, off the entry chunk: issue 33).
 */
export async function registerServiceWorker(onUpdate: (update: () => void) => void): Promise<void> {
  // A page the server rendered starts the app after its first paint, which may be after `load`.
  if (document.readyState !== "complete")
    await new Promise((resolve) => window.addEventListener("load", resolve, { once: true }));
  const updateServiceWorker = registerSW({
    immediate: true,
    onNeedRefresh: () => onUpdate(() => void updateServiceWorker(true)),
    onRegisterError: (error: unknown) => console.error("Service worker registration failed:", error),
  });
}
