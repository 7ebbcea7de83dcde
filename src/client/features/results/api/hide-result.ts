import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "#client/lib/api.ts";

/** Hides a result from the owner's Show Records; the records list is read again. */
export function useHideResult() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (resultId: string) =>
      api<null>(`/api/records/results/${encodeURIComponent(resultId)}/hidden`, { method: "PUT" }),
    onSuccess: () => client.invalidateQueries(),
  });
}
