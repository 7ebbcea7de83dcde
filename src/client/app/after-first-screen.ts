import { startTransition, useEffect, useState, useSyncExternalStore } from "react";
import { whenIdle } from "#client/lib/when-idle.ts";

/** Nothing waits longer than this for the first screen, whatever its data does. */
const MAX_WAIT_MS = 3000;

let shown = false;
const listeners = new Set<(shown: true) => void>();

let markPainted: () => void = () => undefined;
const painted = new Promise<void>((resolve) => {
  markPainted = resolve;
});

const idle = () => new Promise<void>((resolve) => whenIdle(resolve, 500));

/** Resolves once the frame after now has been painted (a task queued from its animation frame). */
const nextPaint = () => new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));

/**
 * What the first screen does not show — the live stream, the connection bar, the install offer, the
 * service worker and, in a browser with nothing saved, the offline cache — starts once the first screen
 * has been painted with its data and the browser is idle, so it takes neither bandwidth nor main thread
 * from the first paint (issue 13, ADR 015); at once when the connection is gone.
 * Called once at start: `screenWillSay` when the first screen is one whose data the app asked for at
 * start, which says it is shown with `useFirstScreenShown` (its data having arrived is not enough: React
 * renders it in a task of its own after that); otherwise an idle moment is enough.
 */
export function startAfterFirstScreen(screenWillSay: boolean): void {
  const timeout = new Promise<void>((resolve) => setTimeout(resolve, MAX_WAIT_MS));
  // Offline there is no bandwidth to spare, and the connection bar is wanted at once.
  const offline = new Promise<void>((resolve) => {
    if (!navigator.onLine) resolve();
    else window.addEventListener("offline", () => resolve(), { once: true });
  });
  const shownScreen = screenWillSay ? painted.then(nextPaint) : Promise.resolve();
  void Promise.race([shownScreen.then(idle), timeout, offline]).then(() => {
    shown = true;
    // What loaded before this is what the first screen needed (bench/bundle-bench.ts counts it).
    performance.mark("ringside:first-screen");
    // A transition: React renders what comes now in slices rather than one long task, and a part of the
    // server's page still waiting for its code (a lazy boundary not yet hydrated) is hydrated first and
    // kept, where an urgent update would draw it anew from its fallback (issue 33).
    startTransition(() => {
      for (const listener of listeners) listener(true);
    });
  });
}

/**
 * Called by a screen whose data the app asks for at start (first-data.ts): once `settled` (its data or
 * its error is rendered), the first screen counts as shown. Later calls, and other screens, do nothing.
 */
export function useFirstScreenShown(settled: boolean): void {
  useEffect(() => {
    if (settled) markPainted();
  }, [settled]);
}

/** Resolves once the first screen is on screen (see startAfterFirstScreen). */
export const afterFirstScreen = (): Promise<void> =>
  new Promise((resolve) => (shown ? resolve() : listeners.add(() => resolve())));

const noSubscription = () => () => undefined;
const isShown = () => shown;
const notShown = () => false;

/**
 * True once the first screen is on screen (see startAfterFirstScreen). A part that mounts after that reads
 * true at once; the page the server renders, and its hydration, read false. Mounted parts learn of the
 * change in startAfterFirstScreen's transition (not through the store: its updates are urgent).
 */
export function useAfterFirstScreen(): boolean {
  const [told, setTold] = useState(false);
  useEffect(() => {
    listeners.add(setTold);
    // Shown between this part's render and this effect: the others already know.
    if (shown) startTransition(() => setTold(true));
    return () => void listeners.delete(setTold);
  }, []);
  return useSyncExternalStore(noSubscription, isShown, notShown) || told;
}
