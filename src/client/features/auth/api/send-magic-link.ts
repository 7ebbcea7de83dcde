import { useMutation } from "@tanstack/react-query";
import { api } from "#client/lib/api.ts";
import type { MagicLinkSent } from "#domain/contracts/auth.ts";

/** Where the link lands: the roster on success, the auth screen (with ?error=) on failure. */
export const MAGIC_LINK_CALLBACK = "/roster";
export const MAGIC_LINK_ERROR_CALLBACK = "/auth";

/** In demo mode the answer carries the nonce that completes this sign-in; keep it in memory only. */
export const sendMagicLink = (email: string) =>
  api<MagicLinkSent>("/api/auth/sign-in/magic-link", {
    method: "POST",
    body: { email, callbackURL: MAGIC_LINK_CALLBACK, errorCallbackURL: MAGIC_LINK_ERROR_CALLBACK },
  });

export const useSendMagicLink = () => useMutation({ mutationFn: sendMagicLink });
