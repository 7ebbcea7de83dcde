import { useQueryClient } from "@tanstack/react-query";
import { unreadCountQueryKey } from "#client/features/notifications/api/get-unread-count.ts";
import { notificationKeys } from "#client/features/notifications/api/list-notifications.ts";
import { api } from "#client/lib/api.ts";
import { type QueuedChange, useQueuedChange } from "#client/lib/queued-change.ts";
import type { MarkedAllRead, NotificationList, UnreadCount } from "#domain/contracts/notifications.ts";

export const markAllNotificationsRead = (_input: null, idempotencyKey?: string) =>
  api<MarkedAllRead>("/api/notifications/read-all", { method: "POST", idempotencyKey });

export const markAllReadChange: QueuedChange<null, MarkedAllRead> = {
  key: [...notificationKeys.all, "read-all"],
  send: markAllNotificationsRead,
  settle: (client) => client.invalidateQueries({ queryKey: notificationKeys.all }),
};

/**
 * Marks every notification read at once in the list and the badge (offline too), then settles with the
 * server. `label` names the change in the offline bar (the screen's words, kept off the first load).
 */
export function useMarkAllNotificationsRead() {
  const queryClient = useQueryClient();
  const change = useQueuedChange(markAllReadChange);
  const markAll = (label: string): boolean => {
    const list = queryClient.getQueryData<NotificationList>(notificationKeys.list());
    void queryClient.cancelQueries({ queryKey: notificationKeys.all });
    if (list) {
      queryClient.setQueryData<NotificationList>(notificationKeys.list(), {
        notifications: list.notifications.map((n) => (n.isRead ? n : { ...n, isRead: true })),
      });
    }
    queryClient.setQueryData<UnreadCount>(unreadCountQueryKey, (old) => (old ? { ...old, count: 0 } : old));
    return change.queue(null, label);
  };
  return { markAll, pending: change.isPending };
}
