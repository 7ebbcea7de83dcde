import { useMutation, useQueryClient } from "@tanstack/react-query";
import { getMe } from "#client/features/auth/api/fetch-me.ts";
import { meQueryKey } from "#client/features/auth/api/get-me.ts";
import { api } from "#client/lib/api.ts";
import type { SignUpBody } from "#domain/contracts/auth.ts";

export const signUp = (body: SignUpBody) => api("/api/auth/sign-up/email", { method: "POST", body });

export function useSignUp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: SignUpBody) => {
      await signUp(body);
      return getMe();
    },
    onSuccess: (me) => queryClient.setQueryData(meQueryKey, me),
  });
}
