import { ACCOUNT_BACKOFF, addressWindow, type ThrottleRule } from "#domain/people/throttle.ts";
import { clearAttempts, consumeAttempt, releaseAttempt } from "#server/auth/auth.repository.ts";
import type { Db } from "#server/db/client.ts";

/** The endpoints our throttle guards (better-auth's own limiter is off for them). */
export type ThrottledEndpoint = "sign-in" | "sign-up" | "magic-link";

interface Counted {
  key: string;
  rule: ThrottleRule;
}

export type Attempt = { allowed: true; counted: Counted[] } | { allowed: false; waitMs: number };

/**
 * Which keys an attempt counts against (ADR 007, ADR 016):
 * - sign-in: the account (back-off after five failures) and the address (a much higher ceiling); from
 *   a browser known to the account (`knownDevice`), that browser's own back-off instead of the
 *   account's, so nobody else's wrong tries lock it out;
 * - magic link: the same two, since each request sends an email;
 * - sign-up: the address only (there is no account yet).
 * The address key comes first, so an address already at its ceiling never touches an account's count.
 */
function keysFor(
  endpoint: ThrottledEndpoint,
  ip: string,
  email: string | undefined,
  addressLimit: number,
  knownDevice: string | null,
) {
  const keys: Counted[] = [{ key: `${endpoint}:address:${ip}`, rule: addressWindow(addressLimit) }];
  if (endpoint === "sign-in" && knownDevice) {
    keys.push({ key: `${endpoint}:device:${knownDevice}`, rule: ACCOUNT_BACKOFF });
  } else if (endpoint !== "sign-up" && email) {
    keys.push({ key: `${endpoint}:account:${email.trim().toLowerCase()}`, rule: ACCOUNT_BACKOFF });
  }
  return keys;
}

/** Counts an attempt on each of its keys, or refuses it with the wait; a refusal takes back what it counted. */
export async function beginAttempt(
  db: Db,
  opts: {
    endpoint: ThrottledEndpoint;
    ip: string;
    email?: string;
    addressLimit: number;
    now: number;
    /** The device id of a browser known to the account (known-device.ts), for sign-in. */
    knownDevice?: string | null;
  },
): Promise<Attempt> {
  const counted: Counted[] = [];
  for (const k of keysFor(opts.endpoint, opts.ip, opts.email, opts.addressLimit, opts.knownDevice ?? null)) {
    const decision = await consumeAttempt(db, k.key, k.rule, opts.now);
    if (!decision.allowed) {
      for (const done of counted) await releaseAttempt(db.db, done.key);
      return { allowed: false, waitMs: decision.waitMs };
    }
    counted.push(k);
  }
  return { allowed: true, counted };
}

/**
 * A sign-in that succeeded counts against no one: the account starts over and the address gets its
 * attempt back. Other endpoints' attempts stay counted whatever the outcome.
 */
export async function finishAttempt(
  db: Db,
  endpoint: ThrottledEndpoint,
  attempt: Extract<Attempt, { allowed: true }>,
  succeeded: boolean,
): Promise<void> {
  if (endpoint !== "sign-in" || !succeeded) return;
  for (const k of attempt.counted) {
    if (k.rule.kind === "backoff") await clearAttempts(db.db, k.key);
    else await releaseAttempt(db.db, k.key);
  }
}
