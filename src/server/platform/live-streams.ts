import type { ServerResponse } from "node:http";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { z } from "zod";
import { opsTexts } from "#domain/texts/ops.ts";
import { badRequest, unauthorized, unavailable } from "#server/platform/errors.ts";
import type { EventBus, LiveEvent } from "#server/platform/events.ts";
import { type StreamLimit, streamLimitReached } from "#server/platform/stream-limit.ts";

/**
 * The live streams (Server-Sent Events) the browser holds: GET /api/events for notifications, and
 * `openStream` for any other (show day's ring). Each takes one of its person's slots, lives no longer
 * than its session, sends a heartbeat, and is told to reconnect when the app shuts down. The events
 * themselves come from the bus (events.ts).
 */

/** Whether a notification event is for this user. */
export const concerns = (event: LiveEvent, userId: string): boolean =>
  event.type === "notification" && (event.userIds === null || event.userIds.includes(userId));

/** How often an idle stream sends a comment line, so proxies and browsers keep it open. */
export const HEARTBEAT_MS = 25_000;

/** The stream's session, looked up afresh: null once it has ended. */
export type SessionLookup = (
  request: FastifyRequest,
) => Promise<{ sessionId: string; userId: string } | null>;

/**
 * What a user has been told so far, as an opaque cursor that changes whenever something new concerns
 * them (their notification list's version): sent as each event's `id`, so a reconnecting EventSource
 * hands it back in `Last-Event-ID`.
 */
export type CursorLookup = (userId: string) => Promise<string>;

/**
 * `since`: the cursor the page's own data was read at (the unread count's version), for a first connect,
 * which has no `Last-Event-ID` yet: a notification sent between that read and this stream is caught up.
 */
const EventsQuery = z
  .object({
    since: z
      .string()
      .max(64)
      .regex(/^[0-9]+\.[0-9]+$/)
      .optional(),
  })
  .strict();

/** How soon, at most, a stream ended by a shutdown reconnects; spread so servers are not stormed. */
export const SHUTDOWN_RETRY_MS = 1_000;

/**
 * GET /api/events: the signed-in user's live stream. Each event is `event: notification`; the
 * browser then refetches its list and badge. `retry` tells EventSource how soon to reconnect.
 * The stream lives no longer than its session: a `session-ended` event for it, or a heartbeat that
 * finds the session gone (expired, or deleted without an event), sends `event: session-ended` and
 * closes it. Open streams end when the app closes, so shutdown never waits on them: they are told to
 * reconnect soon (to another server, behind the proxy), and a stream asked for meanwhile gets 503.
 * With `cursorOf`, events carry ids, and a reconnect whose `Last-Event-ID` is behind the user's
 * cursor gets a `notification` at once: what was sent while it was away is caught up (ADR 021). A first
 * connect says where its page's data stood with `?since=` (the unread count's version) and is caught up
 * the same way.
 * Each stream takes one of its person's slots in `limit`, shared with the show-day streams (ADR 020).
 */
export async function eventRoutes(
  app: FastifyInstance,
  opts: {
    bus: EventBus;
    sessionOf: SessionLookup;
    limit: StreamLimit;
    heartbeatMs?: number;
    cursorOf?: CursorLookup;
    /** Handed the open-stream count once, for the metrics. */
    onStreams?: ((count: () => number) => void) | undefined;
  },
): Promise<void> {
  const streams = streamsOf(app);
  const heartbeatMs = opts.heartbeatMs ?? HEARTBEAT_MS;
  opts.onStreams?.(() => streams.open.size);

  app.get(
    "/api/events",
    { schema: { tags: ["notifications"], summary: "Live notification events (Server-Sent Events)" } },
    async (request, reply) => {
      if (streams.closing()) throw unavailable(opsTexts.shuttingDown);
      const query = EventsQuery.safeParse(request.query ?? {});
      if (!query.success) throw badRequest(opsTexts.badEventsQuery);
      const session = await opts.sessionOf(request);
      if (!session) throw unauthorized();
      const cursorOf = opts.cursorOf;
      await openStream(request, reply, {
        ...opts,
        streams: streams.open,
        session,
        heartbeatMs,
        cursor: cursorOf && (() => cursorOf(session.userId).catch(() => null)),
        missedEvent: "notification",
        since: query.data.since,
        onEvent: (event, write) => {
          if (concerns(event, session.userId)) write(event.type, "{}");
        },
      });
    },
  );
}

/**
 * The open streams of one route: when the app closes, each is told to reconnect soon (to another server,
 * behind the proxy) and a stream asked for meanwhile gets 503, so shutdown never waits on them (ADR 021).
 */
export function streamsOf(app: FastifyInstance): { open: Set<ServerResponse>; closing: () => boolean } {
  const open = new Set<ServerResponse>();
  let closing = false;
  app.addHook("preClose", async () => {
    closing = true;
    for (const res of open) {
      const retry = Math.round(SHUTDOWN_RETRY_MS * (0.25 + Math.random() * 0.75));
      res.end(`retry: ${retry}\nevent: reconnect\ndata: {}\n\n`);
    }
    open.clear();
  });
  return { open, closing: () => closing };
}

/**
 * Turns the request into a Server-Sent Events stream for the signed-in `session`: hands it each bus
 * event through `onEvent` (which writes what the stream should carry), sends a heartbeat comment, and
 * ends it with `event: session-ended` when the session ends (an event, or a heartbeat finding it gone).
 * `streams` holds the open ones, so the app can end them on close. With `cursor`, events carry ids (the
 * cursor read after each arrived, in order), and a reconnect whose `Last-Event-ID` is behind it gets
 * `missedEvent` at once. With `ready`, the `ready` event carries what it answers (read once the stream
 * listens: an event after that read comes after it, one before it is in it). Events that arrive while the
 * stream looks these up are held and sent after `ready`, never lost. The stream holds one of the person's
 * slots in `limit` until it closes for any reason (the client went, the session ended, the app closed);
 * with none free it is refused with 429.
 */
export async function openStream(
  request: FastifyRequest,
  reply: FastifyReply,
  opts: {
    bus: EventBus;
    sessionOf: SessionLookup;
    limit: StreamLimit;
    heartbeatMs: number;
    streams: Set<ServerResponse>;
    session: { sessionId: string; userId: string };
    onEvent: (event: LiveEvent, write: (name: string, data: string) => void) => void;
    cursor?: (() => Promise<string | null>) | undefined;
    missedEvent?: string;
    /** Where a first connect's page stood, when it has no `Last-Event-ID` to say so. */
    since?: string | undefined;
    /** What the heartbeat writes: a comment unless the page wants to hear it (a watch page, ADR 044). */
    heartbeatLine?: string;
    /** The `ready` event's data (JSON), read once the stream listens; a throw answers the request instead. */
    ready?: () => Promise<string>;
  },
): Promise<void> {
  const { session, streams, cursor } = opts;
  // Before the cursor lookup, so a stream over the limit costs no cursor query.
  const release = await opts.limit.acquire(session.userId);
  if (!release) throw streamLimitReached(opts.limit);
  // Listening starts before the lookups, so an event during them is held for the stream, not lost.
  const held: LiveEvent[] = [];
  let deliver = (event: LiveEvent) => void held.push(event);
  const unsubscribe = opts.bus.subscribe((event) => deliver(event));
  let now: string | null;
  let readyData: string;
  try {
    now = cursor ? await cursor() : null;
    readyData = opts.ready ? await opts.ready() : "{}";
  } catch (error) {
    unsubscribe();
    release();
    throw error;
  }
  reply.hijack();
  const res = reply.raw;
  res.writeHead(200, {
    "content-type": "text/event-stream; charset=utf-8",
    "cache-control": "private, no-store, no-transform",
    connection: "keep-alive",
    "x-accel-buffering": "no",
    "x-content-type-options": "nosniff",
  });
  const id = (value: string | null) => (value === null ? "" : `id: ${value}\n`);
  const lastSeen = request.headers["last-event-id"] ?? opts.since;
  res.write(`retry: 3000\n\n${id(now)}event: ready\ndata: ${readyData}\n\n`);
  if (opts.missedEvent && cursor && typeof lastSeen === "string" && lastSeen !== now) {
    res.write(`${id(now)}event: ${opts.missedEvent}\ndata: {}\n\n`);
  }
  streams.add(res);

  const endWithSession = () => {
    if (res.writableEnded) return;
    res.end("event: session-ended\ndata: {}\n\n");
  };
  let sending = Promise.resolve();
  const write = (name: string, data: string) => {
    if (!cursor) {
      if (!res.writableEnded) res.write(`event: ${name}\ndata: ${data}\n\n`);
      return;
    }
    sending = sending.then(async () => {
      const next = await cursor();
      if (!res.writableEnded) res.write(`${id(next)}event: ${name}\ndata: ${data}\n\n`);
    });
  };
  deliver = (event) => {
    if (event.type === "session-ended" && event.sessionIds.includes(session.sessionId)) endWithSession();
    else opts.onEvent(event, write);
  };
  for (const event of held.splice(0)) deliver(event);
  const heartbeat = setInterval(async () => {
    if (res.writableEnded) return;
    res.write(opts.heartbeatLine ?? ": heartbeat\n\n");
    // A failed lookup (database busy) keeps the stream; only a session known to be gone ends it.
    const still = await opts.sessionOf(request).catch(() => undefined);
    if (still === null || (still && still.sessionId !== session.sessionId)) endWithSession();
  }, opts.heartbeatMs);
  heartbeat.unref();
  const cleanUp = () => {
    clearInterval(heartbeat);
    unsubscribe();
    streams.delete(res);
    release();
  };
  request.raw.once("close", cleanUp);
  res.once("close", cleanUp);
  // A client gone during the cursor lookup closed before anyone listened: its slot is given back now.
  if (request.raw.destroyed || res.destroyed) cleanUp();
}
