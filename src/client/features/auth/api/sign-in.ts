import { useMutation, useQueryClient } from "@tanstack/react-query";
import { getMe } from "#client/features/auth/api/fetch-me.ts";
import { meQueryKey } from "#client/features/auth/api/get-me.ts";
import { api } from "#client/lib/api.ts";
import type { SignInBody } from "#domain/contracts/auth.ts";

export const signIn = (body: SignInBody) => api("/api/auth/sign-in/email", { method: "POST", body });

export function useSignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: SignInBody) => {
      await signIn(body);
      return getMe();
    },
    onSuccess: (me) => queryClient.setQueryData(meQueryKey, me),
  });
}
