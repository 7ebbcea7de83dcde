import { ERROR_CODES } from "#domain/app/errors.ts";
import { opsTexts } from "#domain/texts/ops.ts";
import { AppError } from "#server/platform/errors.ts";

/**
 * How many live streams (GET /api/events and every GET /api/shows/:showId/day/events together) one
 * person may hold open on one app server. A browser tab holds one notification stream plus one per show
 * running today on its screen; a busy trainer's laptop, tablet and phone come to about a dozen, and
 * connections that dropped without a word (a phone changing networks) keep their slot until a heartbeat
 * write fails, which TCP may take minutes to report. Why 32: ADR 020, "A limit on open live streams".
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
  acquire(userId: string): (() => void) | null;
  /** How many slots the person holds now. */
  held(userId: string): number;
}

/** The count per person, in this process: two app servers each allow `perUser` (ADR 020). */
export function createStreamLimit(perUser: number): StreamLimit {
  const counts = new Map<string, number>();
  return {
    perUser,
    acquire(userId) {
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
    },
    held: (userId) => counts.get(userId) ?? 0,
  };
}

/** The refusal of a stream over the limit: 429 in the error shape, with Retry-After. */
export const streamLimitReached = (limit: StreamLimit): AppError =>
  new AppError(429, ERROR_CODES.tooManyRequests, opsTexts.tooManyStreams(limit.perUser), {
    "retry-after": String(STREAM_LIMIT_RETRY_AFTER_SECONDS),
  });
