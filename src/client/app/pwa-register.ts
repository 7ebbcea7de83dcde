import { registerSW } from "virtual:pwa-register";

/**
 * Registers the service worker (a failure is only logged: the app works without it); `onUpdate` gets
 * the way to switch to a new version once one is waiting. A lazy chunk, loaded after the first screen.
 */
export function registerServiceWorker(onUpdate: (update: () => void) => void): void {
  const updateServiceWorker = registerSW({
    immediate: true,
    onNeedRefresh: () => onUpdate(() => void updateServiceWorker(true)),
    onRegisterError: (error: unknown) => console.error("Service worker registration failed:", error),
  });
}
