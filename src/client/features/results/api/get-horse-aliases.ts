import { useQuery } from "@tanstack/react-query";
import { resultKeys } from "#client/features/results/api/keys.ts";
import { api } from "#client/lib/api.ts";
import type { HorseAliases } from "#domain/contracts/results.ts";

export const horseAliasesPath = (horseId: string) => `/api/horses/${encodeURIComponent(horseId)}/aliases`;

export const getHorseAliases = (horseId: string) => api<HorseAliases>(horseAliasesPath(horseId));

export const useHorseAliases = (horseId: string) =>
  useQuery({ queryKey: resultKeys.aliases(horseId), queryFn: () => getHorseAliases(horseId) });
