import type { ServerResponse } from "node:http";
import { createRequire } from "node:module";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type pg from "pg";
import { opsTexts } from "#domain/texts-ops.ts";
import type { Db } from "#server/db/client.ts";
import { unauthorized, unavailable } from "#server/platform/errors.ts";
import { FanOut } from "#server/platform/fan-out.ts";
import { type StreamLimit, streamLimitReached } from "#server/platform/stream-limit.ts";

/**
 * Live updates. A `notification` event says "these users (or everyone) have something new"; browsers
 * hold a Server-Sent Events stream at GET /api/events and refetch what the event names. A
 * `session-ended` event says sessions are over (see auth/session-end.ts): their streams close.
 *
 * On SQLite there is one app server, so the bus is in-process. On PostgreSQL several app servers
 * may share the database: publishing goes through `pg_notify` and every server (this one included)
 * LISTENs on a dedicated connection and hands the event to its own streams.
 */
export type LiveEvent =
  | {
      type: "notification";
      /** Who it concerns; null means everyone. */
      userIds: string[] | null;
    }
  | {
      type: "session-ended";
      sessionIds: string[];
      /** Whose sessions they were. */
      userIds: string[];
    }
  | {
      /** A show's ring moved (issue 21): `patch` is what changed, for the show's day streams only. */
      type: "ring";
      showId: string;
      patch: Record<string, unknown>;
    };

export type LiveListener = (event: LiveEvent) => void;

/**
 * "Drop what you cached about these users' sessions" (null: everyone), for the session cache
 * (src/server/auth/session-cache.ts). Travels on its own channel and never reaches a browser.
 * `nonce` lets the sender recognise its own message coming back.
 */
export interface SessionsEvent {
  userIds: string[] | null;
  nonce: string;
}

export type SessionsListener = (event: SessionsEvent) => void;

export interface EventBus {
  /** Resolves once the bus delivers (on PostgreSQL: once LISTEN is in place). */
  start(): Promise<void>;
  publish(event: LiveEvent): Promise<void>;
  subscribe(listener: LiveListener): () => void;
  publishSessions(event: SessionsEvent): Promise<void>;
  /**
   * Also told `{ userIds: null }` when the PostgreSQL LISTEN connection comes back after a loss,
   * because messages sent meanwhile were missed.
   */
  subscribeSessions(listener: SessionsListener): () => void;
  close(): Promise<void>;
}

interface Logger {
  warn(obj: unknown, msg?: string): void;
}

export const PG_CHANNEL = "ringside_events";
export const PG_SESSIONS_CHANNEL = "ringside_sessions";
/** pg_notify payloads must stay under 8000 bytes: about 150 user ids of 36 characters plus JSON. */
const MAX_IDS_PER_MESSAGE = 150;

class Listeners<E> {
  private readonly set = new Set<(event: E) => void>();
  add(listener: (event: E) => void): () => void {
    this.set.add(listener);
    return () => this.set.delete(listener);
  }
  emit(event: E): void {
    for (const listener of this.set) listener(event);
  }
}

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

const isIdList = (ids: unknown): ids is string[] =>
  Array.isArray(ids) && ids.every((id) => typeof id === "string");

function parseEvent(payload: string | undefined): LiveEvent | null {
  if (!payload) return null;
  try {
    const value = JSON.parse(payload) as {
      type?: unknown;
      userIds?: unknown;
      sessionIds?: unknown;
      showId?: unknown;
      patch?: unknown;
    };
    if (value.type === "notification") {
      const ids = value.userIds ?? null;
      return ids === null || isIdList(ids) ? { type: "notification", userIds: ids } : null;
    }
    if (value.type === "session-ended" && isIdList(value.sessionIds) && isIdList(value.userIds)) {
      return { type: "session-ended", sessionIds: value.sessionIds, userIds: value.userIds };
    }
    if (value.type === "ring" && typeof value.showId === "string" && isPlainObject(value.patch)) {
      return { type: "ring", showId: value.showId, patch: value.patch };
    }
    return null;
  } catch {
    return null;
  }
}

function parseSessionsEvent(payload: string | undefined): SessionsEvent | null {
  if (!payload) return null;
  try {
    const value = JSON.parse(payload) as Partial<SessionsEvent>;
    const ids = value.userIds;
    if (typeof value.nonce !== "string") return null;
    if (ids !== null && !(Array.isArray(ids) && ids.every((id) => typeof id === "string"))) return null;
    return { userIds: ids ?? null, nonce: value.nonce };
  } catch {
    return null;
  }
}

/** Splits an event so each PostgreSQL message stays under the payload limit. */
export function chunkEvent(event: LiveEvent): LiveEvent[] {
  // A ring patch names a handful of classes; it is kept small enough where it is made (show-day).
  if (event.type === "ring") return [event];
  if (event.type === "session-ended") {
    // Session and user ids travel in pairs; half the budget each.
    const size = Math.floor(MAX_IDS_PER_MESSAGE / 2);
    if (event.sessionIds.length <= size) return [event];
    const chunks: LiveEvent[] = [];
    for (let i = 0; i < event.sessionIds.length; i += size) {
      chunks.push({
        type: "session-ended",
        sessionIds: event.sessionIds.slice(i, i + size),
        userIds: event.userIds.slice(i, i + size),
      });
    }
    return chunks;
  }
  if (event.userIds === null || event.userIds.length <= MAX_IDS_PER_MESSAGE) return [event];
  const chunks: LiveEvent[] = [];
  for (let i = 0; i < event.userIds.length; i += MAX_IDS_PER_MESSAGE) {
    chunks.push({ type: "notification", userIds: event.userIds.slice(i, i + MAX_IDS_PER_MESSAGE) });
  }
  return chunks;
}

/** Live events reach the streams in slices (fan-out.ts); a listener that throws is logged. */
const liveListeners = (log: Logger) =>
  new FanOut<LiveEvent>((error) => log.warn({ err: error }, "live events: a listener failed"));

function memoryBus(log: Logger): EventBus {
  const listeners = liveListeners(log);
  const sessions = new Listeners<SessionsEvent>();
  return {
    start: async () => {},
    publish: async (event) => listeners.emit(event),
    subscribe: (listener) => listeners.add(listener),
    publishSessions: async (event) => sessions.emit(event),
    subscribeSessions: (listener) => sessions.add(listener),
    close: async () => {},
  };
}

function postgresBus(pool: pg.Pool, log: Logger): EventBus {
  // Loaded here, so a SQLite server never loads the PostgreSQL driver (see db/client.ts).
  const { Client } = createRequire(import.meta.url)("pg") as typeof pg;
  const listeners = liveListeners(log);
  const sessions = new Listeners<SessionsEvent>();
  let everConnected = false;
  let client: pg.Client | null = null;
  let closing = false;
  let retryDelay = 500;
  let retryTimer: NodeJS.Timeout | undefined;

  async function connect(): Promise<void> {
    // LISTEN holds its connection for good, so it gets its own client rather than one from the pool.
    const next = new Client(pool.options);
    next.on("notification", (message) => {
      if (message.channel === PG_CHANNEL) {
        const event = parseEvent(message.payload);
        if (event) listeners.emit(event);
      } else if (message.channel === PG_SESSIONS_CHANNEL) {
        const event = parseSessionsEvent(message.payload);
        if (event) sessions.emit(event);
      }
    });
    next.on("error", (error) => {
      log.warn({ err: error }, "live events: LISTEN connection failed; reconnecting");
      lost(next);
    });
    next.on("end", () => lost(next));
    try {
      await next.connect();
      await next.query(`LISTEN ${PG_CHANNEL}`);
      await next.query(`LISTEN ${PG_SESSIONS_CHANNEL}`);
    } catch (error) {
      await next.end().catch(() => {});
      throw error;
    }
    client = next;
    retryDelay = 500;
    if (everConnected) sessions.emit({ userIds: null, nonce: "" });
    everConnected = true;
  }

  function lost(failed: pg.Client): void {
    if (client !== failed) return;
    client = null;
    failed.end().catch(() => {});
    scheduleReconnect();
  }

  function scheduleReconnect(): void {
    if (closing || retryTimer) return;
    retryTimer = setTimeout(() => {
      retryTimer = undefined;
      connect().catch((error: unknown) => {
        log.warn({ err: error }, "live events: reconnect failed");
        retryDelay = Math.min(retryDelay * 2, 10_000);
        scheduleReconnect();
      });
    }, retryDelay);
    retryTimer.unref();
  }

  return {
    start: connect,
    async publish(event) {
      for (const chunk of chunkEvent(event)) {
        await pool.query("select pg_notify($1, $2)", [PG_CHANNEL, JSON.stringify(chunk)]);
      }
    },
    subscribe: (listener) => listeners.add(listener),
    async publishSessions(event) {
      await pool.query("select pg_notify($1, $2)", [PG_SESSIONS_CHANNEL, JSON.stringify(event)]);
    },
    subscribeSessions: (listener) => sessions.add(listener),
    async close() {
      closing = true;
      clearTimeout(retryTimer);
      const current = client;
      client = null;
      await current?.end().catch(() => {});
    },
  };
}

export function createEventBus(db: Db, log: Logger): EventBus {
  return db.kind === "postgres" && db.pgPool ? postgresBus(db.pgPool, log) : memoryBus(log);
}

/** Sends an event and never fails the request that caused it: a missed live update is refetched later. */
export async function publishQuietly(bus: EventBus, events: LiveEvent[], log: Logger): Promise<void> {
  for (const event of events) {
    try {
      await bus.publish(event);
    } catch (error) {
      log.warn({ err: error }, "live events: publish failed");
    }
  }
}

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
 * cursor gets a `notification` at once: what was sent while it was away is caught up (ADR 021).
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
 * `missedEvent` at once. The stream holds one of the person's slots in `limit` until it closes for any
 * reason (the client went, the session ended, the app closed); with none free it is refused with 429.
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
  },
): Promise<void> {
  const { session, streams, cursor } = opts;
  // Before the cursor lookup, so a stream over the limit costs no cursor query.
  const release = await opts.limit.acquire(session.userId);
  if (!release) throw streamLimitReached(opts.limit);
  let now: string | null;
  try {
    now = cursor ? await cursor() : null;
  } catch (error) {
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
  const lastSeen = request.headers["last-event-id"];
  res.write(`retry: 3000\n\n${id(now)}event: ready\ndata: {}\n\n`);
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
  const unsubscribe = opts.bus.subscribe((event) => {
    if (event.type === "session-ended" && event.sessionIds.includes(session.sessionId)) endWithSession();
    else opts.onEvent(event, write);
  });
  const heartbeat = setInterval(async () => {
    if (res.writableEnded) return;
    res.write(": heartbeat\n\n");
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
