import type { Me } from "#domain/contracts/auth.ts";
import { USER_STORAGE_KEY } from "#domain/texts.ts";

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
  if (user) {
    s.setItem(USER_STORAGE_KEY, JSON.stringify(user));
    s.setItem(SIGNED_IN_BEFORE_KEY, "1");
  } else {
    s.removeItem(USER_STORAGE_KEY);
  }
}

export const hasSignedInBefore = (): boolean => storage()?.getItem(SIGNED_IN_BEFORE_KEY) === "1";
