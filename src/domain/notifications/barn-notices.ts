/**
 * Barn notifications (spec section 4) with the consent rules of ADR 008: who may cause one, who
 * receives it, and how many one person may cause per window.
 */

export interface BarnHorse {
  owners: readonly string[];
  trainers: readonly string[];
}

/** What the service knows about the actor's relations with the people an entry involves. */
export interface BarnTieFacts {
  /** The actor's accepted friends (among the horse's owners and the entry's rider). */
  friends: ReadonlySet<string>;
  /** The actor's customers (owners of a horse the actor trains) among the entry's rider. */
  customers: ReadonlySet<string>;
}

/**
 * The actor has a tie to the horse, and so may notify its barn, when the actor:
 * 1. owns the horse, or
 * 2. trains the horse, or
 * 3. is an accepted friend of one of its owners, or
 * 4. names as the entry's rider someone else who is the actor's accepted friend or customer.
 * A stranger who names any horse in Friend is Showing has none of these, so its barn hears nothing.
 */
export function hasBarnTie(
  actorId: string,
  horse: BarnHorse,
  riderId: string | null,
  facts: BarnTieFacts,
): boolean {
  if (horse.owners.includes(actorId) || horse.trainers.includes(actorId)) return true;
  if (horse.owners.some((owner) => facts.friends.has(owner))) return true;
  return (
    riderId !== null && riderId !== actorId && (facts.friends.has(riderId) || facts.customers.has(riderId))
  );
}

/**
 * Every owner and trainer of the horse once, other than the actor and anyone in a block with the
 * actor (either direction).
 */
export function barnRecipients(actorId: string, horse: BarnHorse, blocked: ReadonlySet<string>): string[] {
  return [...new Set([...horse.owners, ...horse.trainers])].filter(
    (id) => id !== actorId && !blocked.has(id),
  );
}

/** Barn notices (one per horse entered, whatever the number of recipients) per actor per window. */
export const BARN_NOTICE_LIMIT = 100;
export const BARN_NOTICE_WINDOW_MS = 60 * 60 * 1000;

/** The fixed window `now` falls in, as the ISO instant it starts at (windows start on the UTC hour). */
export function barnNoticeWindow(now: Date): string {
  return new Date(Math.floor(now.getTime() / BARN_NOTICE_WINDOW_MS) * BARN_NOTICE_WINDOW_MS).toISOString();
}

/**
 * How many of `requested` notices may go out, given the window's count after adding them
 * (`usedAfter`, counted atomically in the database).
 */
export function barnNoticesAllowed(usedAfter: number, requested: number, limit = BARN_NOTICE_LIMIT): number {
  const before = usedAfter - requested;
  return Math.max(0, Math.min(requested, limit - before));
}
