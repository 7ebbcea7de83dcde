import { useMutation } from "@tanstack/react-query";
import { api } from "#client/lib/api.ts";

/** Where the link lands: the roster on success, the auth screen (with ?error=) on failure. */
export const MAGIC_LINK_CALLBACK = "/#/roster";
export const MAGIC_LINK_ERROR_CALLBACK = "/#/auth";

export const sendMagicLink = (email: string) =>
  api("/api/auth/sign-in/magic-link", {
    method: "POST",
    body: { email, callbackURL: MAGIC_LINK_CALLBACK, errorCallbackURL: MAGIC_LINK_ERROR_CALLBACK },
  });

export const useSendMagicLink = () => useMutation({ mutationFn: sendMagicLink });
