import { queryOptions, useQuery } from "@tanstack/react-query";
import { horsesKey } from "#client/features/horses/api/list-horses.ts";
import { api } from "#client/lib/api.ts";
import type { HorseSchedule } from "#domain/contracts/horses.ts";

export const scheduleKey = (id: string) => [...horsesKey, "schedule", id] as const;

export const getSchedule = (id: string) =>
  api<HorseSchedule>(`/api/horses/${encodeURIComponent(id)}/schedule`);

/** Fetched when the Share Schedule dialog opens, and fresh each time (entries change elsewhere). */
export const scheduleQuery = (id: string) =>
  queryOptions({ queryKey: scheduleKey(id), queryFn: () => getSchedule(id), staleTime: 0 });

export const useSchedule = (id: string, enabled: boolean) => useQuery({ ...scheduleQuery(id), enabled });
