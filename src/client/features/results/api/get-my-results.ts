import { useQuery } from "@tanstack/react-query";
import { resultKeys } from "#client/features/results/api/keys.ts";
import { api } from "#client/lib/api.ts";
import type { MyResults } from "#domain/contracts/results.ts";

export const useMyResults = () =>
  useQuery({ queryKey: [...resultKeys.all, "mine"], queryFn: () => api<MyResults>("/api/results/mine") });
