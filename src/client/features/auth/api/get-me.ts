import { type QueryClient, queryOptions, useQuery } from "@tanstack/react-query";
import { configQueryOptions, getConfig, seedConfig } from "#client/features/auth/api/get-config.ts";
import { ApiError, api } from "#client/lib/api.ts";
import { carriesInvitation } from "#client/lib/invite-link.ts";
import {
  hasSignedInBefore,
  noteSignInRefusal,
  readCachedUser,
  sessionGeneration,
  writeCachedUser,
} from "#client/lib/session-cache.ts";
import type { BootState } from "#domain/boot-state.ts";
import type { Me, SessionState } from "#domain/contracts/auth.ts";

export const meQueryKey = ["me"] as const;

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
 * Demo mode's default session goes to a browser that has never held a session, unless the page was
 * opened from an invite link: the invited person lands on sign-up, not in the admin's account.
 */
const mayGetDemoSession = (): boolean => !hasSignedInBefore() && !carriesInvitation(window.location.href);

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

/**
 * Starts from the boot state the server wrote into the page: the user it found for the session cookie
 * (or none) is the session check's answer, as fresh as /api/session's, so no call is made for it; the
 * configuration likewise. A browser that may still get the demo session asks as usual (getMe).
 */
export function applyBootState(queryClient: QueryClient, boot: BootState): void {
  seedConfig(boot.config);
  queryClient.setQueryData(configQueryOptions().queryKey, boot.config);
  if (!boot.user && boot.config.demo && mayGetDemoSession()) return;
  writeCachedUser(boot.user);
  queryClient.setQueryData(meQueryKey, boot.user);
}

export const meQueryOptions = () =>
  queryOptions({
    queryKey: meQueryKey,
    queryFn: getMe,
    // The cached user renders the app at once; the server's answer replaces it.
    initialData: readCachedUser() ?? undefined,
    initialDataUpdatedAt: 0,
    staleTime: 60_000,
    retry: (count, error) => !(error instanceof ApiError && error.status > 0) && count < 2,
  });

export const useMe = () => useQuery(meQueryOptions());
