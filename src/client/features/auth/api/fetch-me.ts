import { getConfig } from "#client/features/auth/api/get-config.ts";
import { ApiError, api } from "#client/lib/api.ts";
import {
  mayGetDemoSession,
  noteSignInRefusal,
  sessionGeneration,
  writeCachedUser,
} from "#client/lib/session-cache.ts";
import type { Me, SessionState } from "#domain/contracts/auth.ts";

const fetchMe = async (): Promise<Me | null> => (await api<SessionState>("/api/session")).user;

/** Demo mode's default session; a refusal (say, too many attempts) leaves the browser signed out. */
async function demoSignIn(): Promise<boolean> {
  try {
    await api("/api/auth/demo/sign-in", { method: "POST", body: {} });
    noteSignInRefusal(null);
    return true;
  } catch (error) {
    if (error instanceof ApiError && error.status > 0) {
      noteSignInRefusal(error.message);
      return false;
    }
    throw error;
  }
}

/**
 * The signed-in user, or null. In demo mode a browser that has never held a session
 * starts signed in as the preset admin-owner (the spec's default session).
 */
export async function getMe(): Promise<Me | null> {
  const startedIn = sessionGeneration();
  // A browser that may get the demo session asks for the configuration alongside the session.
  const mayDemo = mayGetDemoSession();
  const config = mayDemo ? getConfig() : null;
  config?.catch(() => undefined);
  let me = await fetchMe();
  if (!me && mayDemo && config) {
    if ((await config).demo && (await demoSignIn())) me = await fetchMe();
  }
  // A session that ended while this was in flight stays ended.
  if (startedIn !== sessionGeneration()) throw new ApiError(401, "SESSION_ENDED", "You need to sign in.");
  writeCachedUser(me);
  return me;
}
