import { queryOptions, useQuery } from "@tanstack/react-query";
import { recommendationKeys } from "#client/features/recommendations/api/keys.ts";
import { api } from "#client/lib/api.ts";
import type { AiHorses } from "#domain/contracts/recommendations.ts";

export const getAiHorses = () => api<AiHorses>("/api/recommendations/horses");

export const aiHorsesQuery = () =>
  queryOptions({ queryKey: recommendationKeys.horses(), queryFn: getAiHorses, staleTime: 60_000 });

export const useAiHorses = () => useQuery(aiHorsesQuery());
