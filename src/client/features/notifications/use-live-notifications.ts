import { useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { friendsKey } from "#client/features/profile/api/list-friends.ts";

/** Every notifications query (list and badge) starts with this key. */
const NOTIFICATIONS_KEY = ["notifications"] as const;
const MAX_RETRY_MS = 30_000;

/**
 * Holds the live stream (GET /api/events) while signed in. A "notification" event refetches the
 * list and the badge; so does every reconnect, to catch anything sent while the stream was down.
 * EventSource reconnects by itself after a network drop; when the server refuses the stream (for
 * instance during a restart) it gives up, so we open a new one with a growing delay.
 * Kept free of zod and other heavy imports: it loads with the app shell.
 */
export function useLiveNotifications(enabled: boolean): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!enabled || typeof EventSource === "undefined") return;
    let source: EventSource | null = null;
    let retryMs = 1_000;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;
    let connectedBefore = false;
    // A notification may be a friend request, so the Friends tab's lists refetch too (when shown).
    const refresh = () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: NOTIFICATIONS_KEY }),
        queryClient.invalidateQueries({ queryKey: friendsKey }),
      ]);

    const connect = () => {
      source = new EventSource("/api/events", { withCredentials: true });
      source.addEventListener("ready", () => {
        retryMs = 1_000;
        // The first connect comes with the page's own fetches; later ones may have missed events.
        if (connectedBefore) void refresh();
        connectedBefore = true;
      });
      source.addEventListener("notification", () => void refresh());
      source.onerror = () => {
        if (stopped || !source || source.readyState !== EventSource.CLOSED) return;
        source.close();
        timer = setTimeout(connect, retryMs);
        retryMs = Math.min(retryMs * 2, MAX_RETRY_MS);
      };
    };
    connect();
    return () => {
      stopped = true;
      clearTimeout(timer);
      source?.close();
    };
  }, [enabled, queryClient]);
}
