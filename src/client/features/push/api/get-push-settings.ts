import { queryOptions, useQuery } from "@tanstack/react-query";
import { pushKeys } from "#client/features/push/api/keys.ts";
import { api } from "#client/lib/api.ts";
import type { PushSettings } from "#domain/contracts/push.ts";

export const getPushSettings = () => api<PushSettings>("/api/push/settings");

export const pushSettingsQuery = () =>
  queryOptions({ queryKey: pushKeys.settings, queryFn: getPushSettings });

export const usePushSettings = () => useQuery(pushSettingsQuery());
