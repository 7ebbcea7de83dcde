import { useQuery } from "@tanstack/react-query";
import { resultKeys } from "#client/features/results/api/keys.ts";
import { api } from "#client/lib/api.ts";
import type { HorseResults } from "#domain/contracts/results.ts";

export const getHorseResults = (horseId: string) =>
  api<HorseResults>(`/api/horses/${encodeURIComponent(horseId)}/results`);

export const useHorseResults = (horseId: string) =>
  useQuery({ queryKey: resultKeys.horse(horseId), queryFn: () => getHorseResults(horseId) });
