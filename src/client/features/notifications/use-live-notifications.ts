import { useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { unreadCountQueryKey } from "#client/features/notifications/api/get-unread-count.ts";
import { friendsKey } from "#client/features/profile/api/list-friends.ts";
import { api } from "#client/lib/api.ts";
import { endSession } from "#client/lib/session-cache.ts";
import type { SessionState } from "#domain/contracts/auth.ts";
import type { UnreadCount } from "#domain/contracts/notifications.ts";

/** Every notifications query (list and badge) starts with this key. */
const NOTIFICATIONS_KEY = ["notifications"] as const;
const MAX_RETRY_MS = 30_000;

/**
 * Holds the live stream (GET /api/events) while signed in. A "notification" event refetches the
 * list and the badge; so does every reconnect, to catch anything sent while the stream was down. The
 * first connect comes after the page's own data (the stream loads after the first paint): it names the
 * version the badge was counted at (`since`), and the server sends a "notification" at once if anything
 * came after it; with no badge to name, the first connect refetches like a reconnect.
 * EventSource reconnects by itself after a network drop; when the server refuses the stream (for
 * instance during a restart) it gives up, so we open a new one with a growing delay, unless the
 * refusal is because the session is gone. The server ends the stream with `session-ended` when the
 * session is over (signed out elsewhere, expired, deleted): the page leaves the session at once.
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
      const since = connectedBefore
        ? undefined
        : queryClient.getQueryData<UnreadCount>(unreadCountQueryKey)?.version;
      const query = since ? `?since=${encodeURIComponent(since)}` : "";
      source = new EventSource(`/api/events${query}`, { withCredentials: true });
      source.addEventListener("ready", () => {
        retryMs = 1_000;
        if (connectedBefore || !since) void refresh();
        connectedBefore = true;
      });
      source.addEventListener("notification", () => void refresh());
      source.addEventListener("session-ended", () => {
        stopped = true;
        source?.close();
        endSession();
      });
      source.onerror = () => {
        if (stopped || !source || source.readyState !== EventSource.CLOSED) return;
        source.close();
        // A refused stream may mean the session ended while no event could reach us; ask once.
        api<SessionState>("/api/session")
          .then((state) => {
            if (stopped) return;
            if (!state.user) endSession();
          })
          .catch(() => undefined);
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
