import type { Me } from "#domain/contracts/auth.ts";
import { carriesInvitation } from "#domain/people/invite-link.ts";
import { USER_STORAGE_KEY } from "#domain/texts/shell.ts";

/** Set once this browser has held a session; demo mode auto-signs-in only browsers without it. */
const SIGNED_IN_BEFORE_KEY = "ringside_signed_in_before";

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

export function readCachedUser(): Me | null {
  const raw = storage()?.getItem(USER_STORAGE_KEY);
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as Partial<Me> | null;
    const valid =
      typeof value?.id === "string" && typeof value.name === "string" && Array.isArray(value.roles);
    return valid ? (value as Me) : null;
  } catch {
    return null;
  }
}

export function writeCachedUser(user: Me | null): void {
  const s = storage();
  if (!s) return;
  const before = readCachedUser();
  // Another account signed in (in another tab, or by a sign-in this page did not see end): nothing of
  // the previous one may stay on screen or on the device.
  if (user && before && before.id !== user.id) onSwitch?.();
  if (user) {
    endReason = null;
    s.setItem(USER_STORAGE_KEY, JSON.stringify(user));
    s.setItem(SIGNED_IN_BEFORE_KEY, "1");
  } else {
    s.removeItem(USER_STORAGE_KEY);
  }
}

export const hasSignedInBefore = (): boolean => storage()?.getItem(SIGNED_IN_BEFORE_KEY) === "1";

/**
 * Demo mode's default session goes to a browser that has never held a session, unless the page was
 * opened from an invite link: the invited person lands on sign-up, not in the admin's account.
 */
export const mayGetDemoSession = (): boolean =>
  !hasSignedInBefore() && !carriesInvitation(window.location.href);

/**
 * Which session the page is in. Every API call notes it when it starts; an answer that arrives after
 * the session ended belongs to the old one and is thrown away, so a late response can never bring a
 * signed-out user back.
 */
let generation = 0;
let onEnd: (() => void) | null = null;
let onSwitch: (() => void) | null = null;
/** Why a sign-in the page attempted by itself (the demo session) was refused, for the sign-in form. */
let refusal: string | null = null;
/** What the user was doing when the session ended, when a screen had something to say about it. */
let endReason: string | null = null;

export const sessionGeneration = (): number => generation;

/** The app's reaction to a session ending (clear the query cache, go to /auth); set once at start. */
export function onSessionEnd(handler: () => void): void {
  onEnd = handler;
}

/** The app's reaction to finding a different user signed in than the one cached; set once at start. */
export function onUserSwitch(handler: () => void): void {
  onSwitch = handler;
}

/**
 * The one way the page leaves a session, whatever ended it: Sign Out, a 401 from the API, or the live
 * stream saying the session is over. Forgets the cached user first, so nothing re-renders with it.
 */
export function endSession(reason?: string): void {
  generation += 1;
  endReason = reason ?? null;
  writeCachedUser(null);
  onEnd?.();
}

/** Set (or cleared, with null) by each session check that tried the demo session. */
export function noteSignInRefusal(message: string | null): void {
  refusal = message;
}

export const signInRefusal = (): string | null => refusal;

/** The message a screen left for the sign-in form when its request found the session gone. */
export const sessionEndReason = (): string | null => endReason;
