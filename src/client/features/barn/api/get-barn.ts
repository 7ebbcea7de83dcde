import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "#client/lib/api.ts";
import type { BarnList } from "#domain/contracts/horses.ts";

export const barnKey = ["barn"] as const;

export const getBarn = () => api<BarnList>("/api/barn");

export const barnQuery = () => queryOptions({ queryKey: barnKey, queryFn: getBarn });

export const useBarn = () => useQuery(barnQuery());
