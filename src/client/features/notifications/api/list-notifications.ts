import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "#client/lib/api.ts";
import type { NotificationList } from "#domain/contracts/notifications.ts";

/** Every notifications query starts with this; the live stream invalidates it whole. */
export const notificationKeys = {
  all: ["notifications"] as const,
  list: () => [...notificationKeys.all, "list"] as const,
};

export const listNotifications = () => api<NotificationList>("/api/notifications");

export const notificationsQueryOptions = () =>
  queryOptions({ queryKey: notificationKeys.list(), queryFn: listNotifications });

export const useNotifications = () => useQuery(notificationsQueryOptions());
