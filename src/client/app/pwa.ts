import { useSyncExternalStore } from "react";
import { afterFirstScreen } from "#client/app/after-first-screen.ts";

/** The event Chromium fires when it would install the app; not in TypeScript's DOM types yet. */
interface InstallPromptEvent extends Event {
  prompt(): Promise<void>;
  userChoice: Promise<{ outcome: "accepted" | "dismissed" }>;
}

interface PwaState {
  /** Set when a new version's service worker is waiting: calling it activates it and reloads. */
  update: (() => void) | null;
  /** Set while the browser offers to install the app. */
  install: (() => void) | null;
}

let state: PwaState = { update: null, install: null };
const listeners = new Set<() => void>();
const change = (next: Partial<PwaState>) => {
  state = { ...state, ...next };
  for (const listener of listeners) listener();
};

export const usePwa = (): PwaState =>
  useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => state,
    () => state,
  );

/**
 * Registers the service worker (a failure is only logged: the app works without it) and listens for
 * the two things the person is asked about: a new version waiting, and the browser's offer to install.
 * A new version never takes over by itself, so a screen never changes under someone mid-task.
 */
export function startPwa(): void {
  window.addEventListener("beforeinstallprompt", (event) => {
    event.preventDefault();
    const prompt = event as InstallPromptEvent;
    change({
      install: () => {
        change({ install: null });
        void prompt.prompt();
      },
    });
  });
  window.addEventListener("appinstalled", () => change({ install: null }));
  // Once the first screen is shown, and out of the entry chunk: the service worker is no part of the
  // first paint and should not take bandwidth from it (ADR 015); pwa-register.ts also waits for `load`.
  void afterFirstScreen()
    .then(() => import("#client/app/pwa-register.ts"))
    .then(({ registerServiceWorker }) => registerServiceWorker((update) => change({ update })))
    .catch((error: unknown) => console.error("Service worker registration failed:", error));
}
