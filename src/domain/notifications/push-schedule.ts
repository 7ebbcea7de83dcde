import { TZDate } from "@date-fns/tz";
import { PUSH_KIND_RULES, type PushKind } from "#domain/notifications/push-kinds.ts";

/** Quiet hours, in the person's own time zone: from 22:00 until 06:00. */
export const QUIET_HOURS = { from: 22, until: 6 } as const;

/** Whether `name` is an IANA time zone this runtime knows (aliases such as "US/Central" included). */
export function isTimeZone(name: string): boolean {
  if (!name || name.length > 64) return false;
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

export interface QuietHoursChoice {
  quietHours: boolean;
  /** IANA name, stored when the person opts in or saves settings; null before. */
  timeZone: string | null;
}

/**
 * When a push of `kind` created at `now` may go out: at once, or, in the person's quiet hours, at the
 * next 06:00 where they are. Class alerts never wait. Without a known time zone there are no quiet
 * hours to keep (the time zone is stored with the first subscription, so this is a fallback only).
 */
export function pushDueAt(now: Date, kind: PushKind, person: QuietHoursChoice): Date {
  if (!person.quietHours || PUSH_KIND_RULES[kind].duringQuietHours) return now;
  if (!person.timeZone || !isTimeZone(person.timeZone)) return now;
  const local = new TZDate(now.getTime(), person.timeZone);
  const hour = local.getHours();
  if (hour >= QUIET_HOURS.until && hour < QUIET_HOURS.from) return now;
  const dayAfter = hour >= QUIET_HOURS.from ? 1 : 0;
  const end = new TZDate(
    local.getFullYear(),
    local.getMonth(),
    local.getDate() + dayAfter,
    QUIET_HOURS.until,
    0,
    0,
    person.timeZone,
  );
  return new Date(end.getTime());
}

/** Sending tries at most this many times; a push still failing after that is dropped and logged. */
export const MAX_PUSH_ATTEMPTS = 5;

/** Waits between tries (after the 1st, 2nd, … failure): a push service having a bad minute gets room. */
const RETRY_DELAYS_SECONDS = [30, 120, 600, 1800] as const;
const MAX_RETRY_AFTER_SECONDS = 3600;

/**
 * What to do after a failed try: wait this long and try again, or give up (null). A service that said
 * when to come back (Retry-After on 429/503) is believed, up to an hour.
 */
export function retryDelaySeconds(attemptsMade: number, retryAfterSeconds: number | null): number | null {
  if (attemptsMade >= MAX_PUSH_ATTEMPTS) return null;
  const base = RETRY_DELAYS_SECONDS[Math.min(attemptsMade, RETRY_DELAYS_SECONDS.length) - 1] ?? 30;
  if (retryAfterSeconds === null || !Number.isFinite(retryAfterSeconds)) return base;
  return Math.min(Math.max(base, Math.ceil(retryAfterSeconds)), MAX_RETRY_AFTER_SECONDS);
}

/** What a push service's answer means for the message and for the subscription (RFC 8030). */
export type PushOutcome = "delivered" | "subscription-gone" | "retry" | "give-up";

export function pushOutcome(status: number | null): PushOutcome {
  if (status === null) return "retry";
  if (status >= 200 && status < 300) return "delivered";
  if (status === 404 || status === 410) return "subscription-gone";
  if (status === 429 || status >= 500) return "retry";
  // 400 (malformed), 401/403 (VAPID refused), 413 (too large): sending the same again cannot help.
  return "give-up";
}
