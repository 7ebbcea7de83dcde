import { useSyncExternalStore } from "react";

/** Nothing waits longer than this for the first screen, whatever its data does. */
const MAX_WAIT_MS = 3000;

let shown = false;
const listeners = new Set<() => void>();
let markShown: () => void = () => undefined;
const ready = new Promise<void>((resolve) => {
  markShown = resolve;
});

const idle = () =>
  new Promise<void>((resolve) => {
    if ("requestIdleCallback" in window) requestIdleCallback(() => resolve(), { timeout: 500 });
    else setTimeout(resolve, 0);
  });

/**
 * What the first screen does not show — the live stream, the connection bar, the install offer and, in
 * a browser with nothing saved, the offline cache — starts once the first screen's data is here and the
 * browser is idle, so it takes neither bandwidth nor main thread from the first paint (issue 13, ADR 015);
 * at once when the connection is gone.
 * Called once at start with the first screen's data request (or nothing).
 */
export function startAfterFirstScreen(firstScreenData: Promise<unknown>): void {
  const timeout = new Promise<void>((resolve) => setTimeout(resolve, MAX_WAIT_MS));
  // Offline there is no bandwidth to spare, and the connection bar is wanted at once.
  const offline = new Promise<void>((resolve) => {
    if (!navigator.onLine) resolve();
    else window.addEventListener("offline", () => resolve(), { once: true });
  });
  void Promise.race([firstScreenData.catch(() => undefined).then(idle), timeout, offline]).then(() => {
    shown = true;
    for (const listener of listeners) listener();
    markShown();
  });
}

/** Resolves once the first screen is on screen (see startAfterFirstScreen). */
export const afterFirstScreen = (): Promise<void> => ready;

/** True once the first screen is on screen (see startAfterFirstScreen). */
export const useAfterFirstScreen = (): boolean =>
  useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => shown,
  );
