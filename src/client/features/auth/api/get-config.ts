import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "#client/lib/api.ts";
import type { PublicConfig } from "#domain/contracts/auth.ts";

export const getConfig = () => api<PublicConfig>("/api/config");

export const configQueryOptions = () =>
  queryOptions({ queryKey: ["config"], queryFn: getConfig, staleTime: Number.POSITIVE_INFINITY });

export const useConfig = () => useQuery(configQueryOptions());
