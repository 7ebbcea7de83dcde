import { queryOptions, useQuery } from "@tanstack/react-query";
import { horsesKey } from "#client/features/horses/api/list-horses.ts";
import { api } from "#client/lib/api.ts";
import type { AiHorses } from "#domain/contracts/recommendations.ts";

export const getAiHorses = () => api<AiHorses>("/api/recommendations/horses");

/** Under the horses key, so adding a horse or changing its owners and trainers refreshes the choices too. */
export const aiHorsesQuery = () =>
  queryOptions({ queryKey: [...horsesKey, "ai-planner"], queryFn: getAiHorses });

export const useAiHorses = () => useQuery(aiHorsesQuery());
