/**
 * The page's one ring stream (ADR 041): GET /api/show-day/events?shows=<id>,<id>… carries the ring of
 * every show a page shows. Kept apart from the contracts (zod) so the client's show-day chunk stays small.
 */
export const RING_STREAM_PATH = "/api/show-day/events";

/** Shows one ring stream carries (a page with more holds a stream per twenty). */
export const RING_STREAM_SHOWS = 20;

/** The ring stream's address for these shows (at most RING_STREAM_SHOWS). */
export const ringStreamPath = (showIds: readonly string[]): string =>
  `${RING_STREAM_PATH}?shows=${showIds.map(encodeURIComponent).join(",")}`;

/**
 * What a ring stream's `event: ready` carries: each of its shows' ring number (RingLive.seq) as the stream
 * began to listen. Every tap after it comes as a patch; a page holding a day behind it reads that day again.
 */
export interface RingStreamReady {
  seqs: Record<string, number>;
}
