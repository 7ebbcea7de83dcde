import { queryOptions, useQuery } from "@tanstack/react-query";
import { pushKeys } from "#client/features/push/api/keys.ts";
import { api } from "#client/lib/api.ts";
import type { PushConfig } from "#domain/contracts/push.ts";

export const getPushConfig = () => api<PushConfig>("/api/push/config");

// The key changes only when the server's VAPID keys do.
export const pushConfigQuery = () =>
  queryOptions({ queryKey: pushKeys.config, queryFn: getPushConfig, staleTime: 60 * 60 * 1000 });

export const usePushConfig = () => useQuery(pushConfigQuery());
