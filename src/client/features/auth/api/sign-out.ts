import { useMutation } from "@tanstack/react-query";
import { api } from "#client/lib/api.ts";
import { endSession } from "#client/lib/session-cache.ts";

export const signOut = () => api("/api/auth/sign-out", { method: "POST", body: {} });

/** Ends the session on the server, then in the page (whatever the server said: the user asked to leave). */
export const useSignOut = () => useMutation({ mutationFn: signOut, onSettled: () => endSession() });
