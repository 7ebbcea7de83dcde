import { useMutation } from "@tanstack/react-query";
import { api } from "#client/lib/api.ts";
import { forgetPushOnThisDevice } from "#client/lib/push-device.ts";
import { endSession } from "#client/lib/session-cache.ts";

/**
 * Ends the session on the server, which removes the device it subscribed to push; the browser's own
 * subscription goes first, so the next person on this phone starts with notifications off.
 */
export async function signOut() {
  await forgetPushOnThisDevice();
  return api("/api/auth/sign-out", { method: "POST", body: {} });
}

/** Ends the session on the server, then in the page (whatever the server said: the user asked to leave). */
export const useSignOut = () => useMutation({ mutationFn: signOut, onSettled: () => endSession() });
