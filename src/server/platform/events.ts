import { createRequire } from "node:module";
import type pg from "pg";
import type { Db } from "#server/db/client.ts";
import { PG_VERSIONS_CHANNEL, type VersionNotice, type VersionNotices } from "#server/db/version-mirror.ts";
import { FanOut } from "#server/platform/fan-out.ts";

/**
 * Live updates. A `notification` event says "these users (or everyone) have something new"; browsers
 * hold a Server-Sent Events stream at GET /api/events (live-streams.ts) and refetch what the event names. A
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
    }
  | {
      /** A class's results were published, corrected or withdrawn (issue 35): watch pages read their day again. */
      type: "results";
      showId: string;
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
  /**
   * The cached responses' version notices (db/version-mirror.ts), on PostgreSQL only: sent by the database's
   * triggers (migration 040) and by `mark`, heard on the same LISTEN connection as the live events, so a
   * server applies a change's notice before it passes on a live event sent after that change committed.
   * Null on SQLite, whose one server reads its versions in process.
   */
  readonly versions: VersionNotices | null;
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
    if (value.type === "results" && typeof value.showId === "string") {
      return { type: "results", showId: value.showId };
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
  if (event.type === "ring" || event.type === "results") return [event];
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
    versions: null,
    close: async () => {},
  };
}

function postgresBus(pool: pg.Pool, log: Logger): EventBus {
  // Loaded here, so a SQLite server never loads the PostgreSQL driver (see db/client.ts).
  const { Client } = createRequire(import.meta.url)("pg") as typeof pg;
  const listeners = liveListeners(log);
  const sessions = new Listeners<SessionsEvent>();
  const versions = new Listeners<VersionNotice>();
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
      } else if (message.channel === PG_VERSIONS_CHANNEL) {
        versions.emit({ kind: "changed", nonce: message.payload ?? "" });
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
      await next.query(`LISTEN ${PG_VERSIONS_CHANNEL}`);
    } catch (error) {
      await next.end().catch(() => {});
      throw error;
    }
    client = next;
    retryDelay = 500;
    if (everConnected) {
      sessions.emit({ userIds: null, nonce: "" });
      versions.emit({ kind: "back" });
    }
    everConnected = true;
  }

  function lost(failed: pg.Client): void {
    if (client !== failed) return;
    client = null;
    versions.emit({ kind: "lost" });
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
    versions: {
      subscribe: (listener) => versions.add(listener),
      async mark(nonce) {
        await pool.query("select pg_notify($1, $2)", [PG_VERSIONS_CHANNEL, nonce]);
      },
    },
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
