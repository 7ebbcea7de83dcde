import type { ServerResponse } from "node:http";
import type { FastifyInstance } from "fastify";
import pg from "pg";
import type { Db } from "#server/db/client.ts";

/**
 * Live updates. A `LiveEvent` says "these users (or everyone) have something new"; browsers hold a
 * Server-Sent Events stream at GET /api/events and refetch what the event names.
 *
 * On SQLite there is one app server, so the bus is in-process. On PostgreSQL several app servers
 * may share the database: publishing goes through `pg_notify` and every server (this one included)
 * LISTENs on a dedicated connection and hands the event to its own streams.
 */
export interface LiveEvent {
  type: "notification";
  /** Who it concerns; null means everyone. */
  userIds: string[] | null;
}

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

function parseEvent(payload: string | undefined): LiveEvent | null {
  if (!payload) return null;
  try {
    const value = JSON.parse(payload) as Partial<LiveEvent>;
    if (value.type !== "notification") return null;
    const ids = value.userIds;
    if (ids !== null && !(Array.isArray(ids) && ids.every((id) => typeof id === "string"))) return null;
    return { type: "notification", userIds: ids ?? null };
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
  if (event.userIds === null || event.userIds.length <= MAX_IDS_PER_MESSAGE) return [event];
  const chunks: LiveEvent[] = [];
  for (let i = 0; i < event.userIds.length; i += MAX_IDS_PER_MESSAGE) {
    chunks.push({ type: event.type, userIds: event.userIds.slice(i, i + MAX_IDS_PER_MESSAGE) });
  }
  return chunks;
}

function memoryBus(): EventBus {
  const listeners = new Listeners<LiveEvent>();
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
  const listeners = new Listeners<LiveEvent>();
  const sessions = new Listeners<SessionsEvent>();
  let everConnected = false;
  let client: pg.Client | null = null;
  let closing = false;
  let retryDelay = 500;
  let retryTimer: NodeJS.Timeout | undefined;

  async function connect(): Promise<void> {
    // LISTEN holds its connection for good, so it gets its own client rather than one from the pool.
    const next = new pg.Client(pool.options);
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
  return db.kind === "postgres" && db.pgPool ? postgresBus(db.pgPool, log) : memoryBus();
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

export const concerns = (event: LiveEvent, userId: string): boolean =>
  event.userIds === null || event.userIds.includes(userId);

/** How often an idle stream sends a comment line, so proxies and browsers keep it open. */
export const HEARTBEAT_MS = 25_000;

/**
 * GET /api/events: the signed-in user's live stream. Each event is `event: notification`; the
 * browser then refetches its list and badge. `retry` tells EventSource how soon to reconnect.
 * Open streams end when the app closes, so shutdown never waits on them.
 */
export async function eventRoutes(
  app: FastifyInstance,
  opts: { bus: EventBus; heartbeatMs?: number },
): Promise<void> {
  const streams = new Set<ServerResponse>();
  const heartbeatMs = opts.heartbeatMs ?? HEARTBEAT_MS;

  app.addHook("preClose", async () => {
    for (const res of streams) res.end();
    streams.clear();
  });

  app.get(
    "/api/events",
    { schema: { tags: ["notifications"], summary: "Live notification events (Server-Sent Events)" } },
    async (request, reply) => {
      const viewer = await app.requireViewer(request);
      reply.hijack();
      const res = reply.raw;
      res.writeHead(200, {
        "content-type": "text/event-stream; charset=utf-8",
        "cache-control": "no-cache, no-transform",
        connection: "keep-alive",
        "x-accel-buffering": "no",
        "x-content-type-options": "nosniff",
      });
      res.write("retry: 3000\n\nevent: ready\ndata: {}\n\n");
      streams.add(res);

      const unsubscribe = opts.bus.subscribe((event) => {
        if (concerns(event, viewer.id)) res.write(`event: ${event.type}\ndata: {}\n\n`);
      });
      const heartbeat = setInterval(() => res.write(": heartbeat\n\n"), heartbeatMs);
      heartbeat.unref();
      request.raw.once("close", () => {
        clearInterval(heartbeat);
        unsubscribe();
        streams.delete(res);
      });
    },
  );
}
