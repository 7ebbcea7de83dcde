import { queryOptions, useQuery } from "@tanstack/react-query";
import { horsesKey } from "#client/features/horses/api/list-horses.ts";
import { api } from "#client/lib/api.ts";
import type { HorseDetail } from "#domain/contracts/horses.ts";

export const horseKey = (id: string) => [...horsesKey, "detail", id] as const;

export const getHorse = (id: string) => api<HorseDetail>(`/api/horses/${encodeURIComponent(id)}`);

export const horseQuery = (id: string) =>
  queryOptions({ queryKey: horseKey(id), queryFn: () => getHorse(id) });

export const useHorse = (id: string) => useQuery(horseQuery(id));
