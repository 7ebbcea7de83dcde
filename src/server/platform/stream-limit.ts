import { ERROR_CODES } from "#domain/app/errors.ts";
import { opsTexts } from "#domain/texts/ops.ts";
import { AppError } from "#server/platform/errors.ts";

/**
 * How many live streams (GET /api/events, GET /api/show-day/events and every
 * GET /api/shows/:showId/day/events together) one person may hold open: on SQLite's one server, and on
 * PostgreSQL across all servers together (ADR 029). A browser tab holds one notification stream plus one
 * ring stream for the shows running today on its screen (ADR 041); a busy trainer's laptop, tablet and
 * phone come to about a dozen, and connections that dropped without a word (a phone changing networks)
 * keep their slot until a heartbeat write fails, which TCP may take minutes to report. Why 32: ADR 020,
 * "A limit on open live streams".
 */
export const LIVE_STREAMS_PER_USER = 32;

/** What a refused stream's Retry-After says: the clients' own longest back-off between attempts. */
export const STREAM_LIMIT_RETRY_AFTER_SECONDS = 30;

export interface StreamLimit {
  readonly perUser: number;
  /**
   * Takes one of the person's slots and answers how to give it back (once; later calls do nothing),
   * or null when every slot is taken.
   */
  acquire(userId: string): Promise<(() => void) | null>;
  /** How many slots the person holds now. */
  held(userId: string): Promise<number>;
  /** Gives back every slot this server holds (it is closing); later releases do nothing. */
  close(): Promise<void>;
}

/** A count kept in this process, which can also take a slot without waiting. */
export interface LocalStreamLimit extends StreamLimit {
  /** Takes a slot at once, or null when this process holds every one. */
  take(userId: string): (() => void) | null;
  /** How many slots the person holds in this process. */
  count(userId: string): number;
}

/**
 * The count per person in this process. On SQLite, the only engine with one process, this is the whole
 * count; on PostgreSQL it is the first check of the count across servers (stream-limit-shared.ts).
 */
export function createStreamLimit(perUser: number): LocalStreamLimit {
  const counts = new Map<string, number>();
  const take = (userId: string) => {
    const held = counts.get(userId) ?? 0;
    if (held >= perUser) return null;
    counts.set(userId, held + 1);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const left = (counts.get(userId) ?? 1) - 1;
      // Nobody's empty entry stays behind: the map holds only people with streams open.
      if (left > 0) counts.set(userId, left);
      else counts.delete(userId);
    };
  };
  const count = (userId: string) => counts.get(userId) ?? 0;
  return {
    perUser,
    take,
    count,
    acquire: async (userId) => take(userId),
    held: async (userId) => count(userId),
    close: async () => {},
  };
}

/** The refusal of a stream over the limit: 429 in the error shape, with Retry-After. */
export const streamLimitReached = (limit: StreamLimit): AppError =>
  new AppError(429, ERROR_CODES.tooManyRequests, opsTexts.tooManyStreams(limit.perUser), {
    "retry-after": String(STREAM_LIMIT_RETRY_AFTER_SECONDS),
  });
