import { useMutation, useQueryClient } from "@tanstack/react-query";
import { meQueryKey } from "#client/features/auth/api/get-me.ts";
import { api } from "#client/lib/api.ts";
import { writeCachedUser } from "#client/lib/session-cache.ts";

export const signOut = () => api("/api/auth/sign-out", { method: "POST", body: {} });

export function useSignOut() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signOut,
    onSettled: () => {
      writeCachedUser(null);
      queryClient.clear();
      queryClient.setQueryData(meQueryKey, null);
    },
  });
}
