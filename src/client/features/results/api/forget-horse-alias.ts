import { useMutation, useQueryClient } from "@tanstack/react-query";
import { horseAliasesPath } from "#client/features/results/api/get-horse-aliases.ts";
import { resultKeys } from "#client/features/results/api/keys.ts";
import { api } from "#client/lib/api.ts";

/** Forgets a name the horse was printed under; its list is read again. */
export function useForgetHorseAlias(horseId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (aliasId: string) =>
      api<null>(`${horseAliasesPath(horseId)}/${encodeURIComponent(aliasId)}`, { method: "DELETE" }),
    onSuccess: () => client.invalidateQueries({ queryKey: resultKeys.aliases(horseId) }),
  });
}
