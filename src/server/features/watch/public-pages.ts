import { readdirSync } from "node:fs";
import { join } from "node:path";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { ERROR_CODES } from "#domain/app/errors.ts";
import { RingPatch } from "#domain/contracts/show-day.ts";
import { opsTexts } from "#domain/texts/ops.ts";
import { watchTexts } from "#domain/texts/watch.ts";
import { watchPatchOf } from "#domain/watch/watch-view.ts";
import { createRateLimiter } from "#server/platform/ai/rate-limit.ts";
import { AppError, unavailable } from "#server/platform/errors.ts";
import type { EventBus } from "#server/platform/events.ts";
import { HEARTBEAT_MS, openStream, streamsOf } from "#server/platform/live-streams.ts";
import { createStreamLimit } from "#server/platform/stream-limit.ts";
import { watchTooManyPage } from "./watch.page.ts";

/**
 * What the public pages without an account share (a watch link's, ADR 044; a show's ring board, ADR 046):
 * the limits per address, their headers, and a stream of one show's ring.
 */

/** Requests one address may make of a kind of public page, its day and its stream per minute. */
export const WATCH_REQUESTS_PER_MINUTE = 300;
/**
 * Public streams one address may hold open on one server: a show ground's Wi-Fi puts many families
 * behind one address, so this is a ceiling against one client hoarding connections, not a per-person
 * count (there is no person).
 */
export const WATCH_STREAMS_PER_ADDRESS = 200;

/**
 * A public page's built script (`watch-live`: src/client/watch/watch-live.ts; `board-live`: the ring
 * board's; scripts/build-watch.ts), if built.
 */
export function liveScriptOf(
  clientDir: string | undefined,
  name: "watch-live" | "board-live",
): string | null {
  if (!clientDir) return null;
  const pattern = new RegExp(`^${name}-[\\w-]+\\.js$`);
  try {
    const file = readdirSync(join(clientDir, "assets")).find((f) => pattern.test(f));
    return file ? `/assets/${file}` : null;
  } catch {
    return null;
  }
}

/**
 * The ring patch's data line for public streams, made once per patch for all of them: the patch without
 * its action, so no steward's name.
 */
const publicData = new WeakMap<object, string>();
function publicDataOf(patch: Record<string, unknown>): string {
  let data = publicData.get(patch);
  if (data === undefined) {
    const parsed = RingPatch.safeParse(patch);
    data = parsed.success ? JSON.stringify(watchPatchOf(parsed.data)) : "";
    publicData.set(patch, data);
  }
  return data;
}

/** One kind of public page's limits (its own window and stream count per address) and helpers. */
export function publicPages(app: FastifyInstance, opts: { bus: EventBus; heartbeatMs?: number | undefined }) {
  const requests = createRateLimiter({ limit: WATCH_REQUESTS_PER_MINUTE, windowMs: 60_000, now: Date.now });
  const streamLimit = createStreamLimit(WATCH_STREAMS_PER_ADDRESS);
  const streams = streamsOf(app);
  return {
    /** Counts the request against its address; false when over. */
    withinLimit: (request: FastifyRequest) => requests.take(request.ip, 1),
    tooMany: () =>
      new AppError(429, ERROR_CODES.tooManyRequests, watchTexts.tooMany.body, { "retry-after": "60" }),
    /** The plain 429 page for a page request over the limit. */
    tooManyPage: (reply: FastifyReply) =>
      reply.status(429).header("retry-after", "60").send(watchTooManyPage()),
    headers: (reply: FastifyReply) =>
      reply
        .header("cache-control", "private, no-store")
        .header("x-robots-tag", "noindex, nofollow")
        .header("referrer-policy", "no-referrer"),
    /** Refused while the server shuts down. */
    checkOpen: () => {
      if (streams.closing()) throw unavailable(opsTexts.shuttingDown);
    },
    /**
     * A stream of one show's ring for no one in particular: `event: ring` (patches without their action),
     * `event: results` when the show's results move, `event: ping` heartbeats the page can hear, and
     * `event: session-ended` when `sessionId` is ended on the bus (a link revoked, a board made private)
     * or `stillOpen` says no at a heartbeat.
     */
    openShowStream: (
      request: FastifyRequest,
      reply: FastifyReply,
      stream: { showId: string; sessionId: string; stillOpen: () => boolean },
    ) => {
      const session = { sessionId: stream.sessionId, userId: `address:${request.ip}` };
      return openStream(request, reply, {
        bus: opts.bus,
        sessionOf: async () => (stream.stillOpen() ? session : null),
        limit: streamLimit,
        heartbeatMs: opts.heartbeatMs ?? HEARTBEAT_MS,
        heartbeatLine: "event: ping\ndata: {}\n\n",
        streams: streams.open,
        session,
        onEvent: (event, write) => {
          if (event.type === "results" && event.showId === stream.showId) write("results", "{}");
          if (event.type !== "ring" || event.showId !== stream.showId) return;
          const data = publicDataOf(event.patch);
          if (data) write("ring", data);
        },
      });
    },
  };
}
