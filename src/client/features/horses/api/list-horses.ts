import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "#client/lib/api.ts";
import type { HorseList } from "#domain/contracts/horses.ts";

/** Every horse query starts with this key, so one invalidation refreshes list and details. */
export const horsesKey = ["horses"] as const;
export const horseListKey = [...horsesKey, "list"] as const;

export const listHorses = () => api<HorseList>("/api/horses");

export const horseListQuery = () => queryOptions({ queryKey: horseListKey, queryFn: listHorses });

export const useHorseList = () => useQuery(horseListQuery());
