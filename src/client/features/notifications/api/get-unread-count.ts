import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "#client/lib/api.ts";
import type { UnreadCount } from "#domain/contracts/notifications.ts";

export const unreadCountQueryKey = ["notifications", "unread-count"] as const;

export const getUnreadCount = () => api<UnreadCount>("/api/notifications/unread-count");

export const unreadCountQueryOptions = () =>
  queryOptions({ queryKey: unreadCountQueryKey, queryFn: getUnreadCount, refetchInterval: 60_000 });

export const useUnreadCount = () => useQuery(unreadCountQueryOptions());
