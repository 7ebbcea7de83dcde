import { useQueryClient } from "@tanstack/react-query";
import { unreadCountQueryKey } from "#client/features/notifications/api/get-unread-count.ts";
import { notificationKeys } from "#client/features/notifications/api/list-notifications.ts";
import { api } from "#client/lib/api.ts";
import { type QueuedChange, useQueuedChange } from "#client/lib/queued-change.ts";
import type { NotificationList, UnreadCount } from "#domain/contracts/notifications.ts";
import { offlineTexts } from "#domain/texts/offline.ts";

export const markNotificationRead = (id: string, idempotencyKey?: string) =>
  api<{ ok: true }>(`/api/notifications/${encodeURIComponent(id)}/read`, { method: "POST", idempotencyKey });

export const markReadChange: QueuedChange<string, { ok: true }> = {
  key: [...notificationKeys.all, "read"],
  send: markNotificationRead,
  settle: (client) => client.invalidateQueries({ queryKey: notificationKeys.all }),
};

/** Marks read at once in the list and the badge (offline too), then settles with the server. */
export function useMarkNotificationRead(): (id: string) => void {
  const queryClient = useQueryClient();
  const change = useQueuedChange(markReadChange);
  return (id) => {
    const list = queryClient.getQueryData<NotificationList>(notificationKeys.list());
    const target = list?.notifications.find((n) => n.id === id);
    if (!list || !target || target.isRead) return;
    void queryClient.cancelQueries({ queryKey: notificationKeys.all });
    queryClient.setQueryData<NotificationList>(notificationKeys.list(), {
      notifications: list.notifications.map((n) => (n.id === id ? { ...n, isRead: true } : n)),
    });
    queryClient.setQueryData<UnreadCount>(unreadCountQueryKey, (old) =>
      old ? { ...old, count: Math.max(0, old.count - 1) } : old,
    );
    change.queue(id, offlineTexts.labels.markRead);
  };
}
