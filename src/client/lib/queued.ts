/**
 * Changes the app keeps when the connection is gone (ADR 013): they run one after another in the
 * order they were made (one scope), wait while offline, survive a reload (the persister stores them)
 * and carry one Idempotency-Key for all their tries, so a replay after a lost answer applies once.
 */
export const QUEUE_SCOPE = "queued-changes";

/** What a queued change carries besides its own input: its key, and what it is in words. */
export interface Queued<V> {
  input: V;
  idempotencyKey: string;
  /** 'Entries for Amateur Park Pleasure', shown while it waits and if the server refuses it. */
  label: string;
  /** Made while offline: its outcome is reported app-wide, since the screen it came from may be gone. */
  offline: boolean;
}
