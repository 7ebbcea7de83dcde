import { useMutation, useQueryClient } from "@tanstack/react-query";
import { meQueryKey } from "#client/features/auth/api/get-me.ts";
import { api } from "#client/lib/api.ts";
import { writeCachedUser } from "#client/lib/session-cache.ts";
import type { Me } from "#domain/contracts/auth.ts";
import type { UpdateProfileBody } from "#domain/contracts/profile.ts";

export const updateProfile = (body: UpdateProfileBody) => api<Me>("/api/profile", { method: "PUT", body });

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: (me) => {
      writeCachedUser(me);
      queryClient.setQueryData(meQueryKey, me);
    },
  });
}
