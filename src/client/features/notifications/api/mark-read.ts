import { useMutation, useQueryClient } from "@tanstack/react-query";
import { unreadCountQueryKey } from "#client/features/notifications/api/get-unread-count.ts";
import { notificationKeys } from "#client/features/notifications/api/list-notifications.ts";
import { api } from "#client/lib/api.ts";
import type { NotificationList, UnreadCount } from "#domain/contracts/notifications.ts";

export const markNotificationRead = (id: string) =>
  api<{ ok: true }>(`/api/notifications/${encodeURIComponent(id)}/read`, { method: "POST" });

/** Marks read at once in the list and the badge, then settles with the server. */
export function useMarkNotificationRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markNotificationRead,
    onMutate: async (id: string) => {
      await queryClient.cancelQueries({ queryKey: notificationKeys.all });
      const list = queryClient.getQueryData<NotificationList>(notificationKeys.list());
      const target = list?.notifications.find((n) => n.id === id);
      if (!list || !target || target.isRead) return;
      queryClient.setQueryData<NotificationList>(notificationKeys.list(), {
        notifications: list.notifications.map((n) => (n.id === id ? { ...n, isRead: true } : n)),
      });
      queryClient.setQueryData<UnreadCount>(unreadCountQueryKey, (old) =>
        old ? { count: Math.max(0, old.count - 1) } : old,
      );
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: notificationKeys.all }),
  });
}
