import { onlineManager } from "@tanstack/react-query";
import { useSyncExternalStore } from "react";

/** Whether the browser has a connection, as TanStack Query sees it (queries and queued changes wait on it). */
export const useOnline = (): boolean =>
  useSyncExternalStore(
    (listener) => onlineManager.subscribe(listener),
    () => onlineManager.isOnline(),
    () => true,
  );

/**
 * TanStack Query assumes a connection until an `offline` event says otherwise; a page loaded while
 * offline gets no event, so it starts from what the browser knows.
 */
export function startOnlineTracking(): void {
  if (typeof navigator !== "undefined" && "onLine" in navigator) onlineManager.setOnline(navigator.onLine);
}
