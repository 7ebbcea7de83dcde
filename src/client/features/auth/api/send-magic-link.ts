import { useMutation } from "@tanstack/react-query";
import { api } from "#client/lib/api.ts";
import { NEXT_PARAM, safeNextPath } from "#domain/app/next-path.ts";
import type { MagicLinkSent } from "#domain/contracts/auth.ts";

/**
 * Where the link lands: `landing` on success (where the person was going, else the roster), the auth
 * screen on failure (with ?error=, still carrying where they were going).
 */
export const sendMagicLink = ({ email, landing }: { email: string; landing: string }) => {
  const next = safeNextPath(landing);
  return api<MagicLinkSent>("/api/auth/sign-in/magic-link", {
    method: "POST",
    body: {
      email,
      callbackURL: landing,
      errorCallbackURL: next ? `/auth?${new URLSearchParams({ [NEXT_PARAM]: next })}` : "/auth",
    },
  });
};

export const useSendMagicLink = () => useMutation({ mutationFn: sendMagicLink });
