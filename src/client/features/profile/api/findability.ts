import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "#client/lib/api.ts";
import type { Findability } from "#domain/contracts/people-search.ts";

const PATH = "/api/profile/findability";
const key = ["profile", "findability"] as const;

export const findabilityQueryOptions = () =>
  queryOptions({ queryKey: key, queryFn: () => api<Findability>(PATH) });

export const useFindability = () => useQuery(findabilityQueryOptions());

export function useSaveFindability() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: Findability) => api<Findability>(PATH, { method: "PUT", body }),
    onSuccess: (data) => client.setQueryData(key, data),
  });
}
