/**
 * Throttling of sign-in, sign-up and magic-link requests (ADR 007): pure decisions, no clock.
 *
 * - A **backoff** key (one account) allows a few attempts freely; each further attempt makes the
 *   next one wait twice as long, up to a ceiling. Success clears the key; a long quiet spell forgets it.
 * - A **window** key (one client address) allows a much higher number of attempts per fixed window,
 *   so a show ground's shared wifi is never locked out by one person's typos.
 */

/** A throttled key as stored. Instants are epoch milliseconds. */
export interface ThrottleState {
  count: number;
  /** Backoff: when the last attempt was counted. Window: when the window opened. */
  lastAt: number;
  /** No attempt is allowed before this instant. */
  blockedUntil: number;
}

export interface BackoffRule {
  kind: "backoff";
  /** Attempts allowed before the first wait. */
  free: number;
  firstWaitMs: number;
  maxWaitMs: number;
  /** After this long without an attempt the key starts over. */
  forgetAfterMs: number;
}

export interface WindowRule {
  kind: "window";
  limit: number;
  windowMs: number;
}

export type ThrottleRule = BackoffRule | WindowRule;

export type ThrottleDecision = { allowed: true; next: ThrottleState } | { allowed: false; waitMs: number };

/** Failed sign-ins (or magic links asked for) per account: five free, then 30 s, 1 min, 2 min … 15 min. */
export const ACCOUNT_BACKOFF: BackoffRule = {
  kind: "backoff",
  free: 5,
  firstWaitMs: 30_000,
  maxWaitMs: 15 * 60_000,
  forgetAfterMs: 60 * 60_000,
};

/** The per-address window; its limit comes from configuration (AUTH_RATE_LIMIT_MAX). */
export const ADDRESS_WINDOW_MS = 15 * 60_000;

export const addressWindow = (limit: number): WindowRule => ({
  kind: "window",
  limit,
  windowMs: ADDRESS_WINDOW_MS,
});

/** How long the attempt after the `count`-th counted one has to wait. */
export function backoffWaitMs(count: number, rule: BackoffRule): number {
  if (count < rule.free) return 0;
  return Math.min(rule.firstWaitMs * 2 ** (count - rule.free), rule.maxWaitMs);
}

/**
 * Decides one attempt on one key. An allowed attempt is counted at once (before its outcome is known),
 * so parallel guesses cannot all slip through before the first failure is recorded.
 */
export function decideAttempt(
  rule: ThrottleRule,
  state: ThrottleState | null,
  now: number,
): ThrottleDecision {
  if (rule.kind === "backoff") {
    const current = state && now - state.lastAt < rule.forgetAfterMs ? state : null;
    if (current && current.blockedUntil > now) return { allowed: false, waitMs: current.blockedUntil - now };
    const count = (current?.count ?? 0) + 1;
    return { allowed: true, next: { count, lastAt: now, blockedUntil: now + backoffWaitMs(count, rule) } };
  }
  const open = state && now - state.lastAt < rule.windowMs ? state : null;
  if (!open) return { allowed: true, next: { count: 1, lastAt: now, blockedUntil: 0 } };
  if (open.count >= rule.limit) return { allowed: false, waitMs: open.lastAt + rule.windowMs - now };
  return { allowed: true, next: { count: open.count + 1, lastAt: open.lastAt, blockedUntil: 0 } };
}

/** "30 seconds", "1 minute", "15 minutes": a wait as a person reads it, rounded up. */
export function formatWait(ms: number): string {
  const seconds = Math.max(1, Math.ceil(ms / 1000));
  if (seconds < 60) return `${seconds} ${seconds === 1 ? "second" : "seconds"}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} ${minutes === 1 ? "minute" : "minutes"}`;
}
