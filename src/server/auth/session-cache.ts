import { randomUUID } from "node:crypto";
import type { Me } from "#domain/contracts/auth.ts";
import type { EventBus } from "#server/platform/events.ts";

/**
 * In-process cache of validated sessions, so a signed-in request does not pay for better-auth's
 * session lookup (cookie signature, database read, its endpoint machinery) every time.
 *
 * Keyed by the signed session cookie exactly as the browser sent it: a hit needs the same string
 * better-auth already accepted. An entry lives at most `ttlMs` (and never past the session's own
 * expiry), and is dropped at once, on every app server, when the user's sessions or account change:
 *
 * - better-auth's own session and user deletions/updates (sign-out, revocations, password reset)
 *   call `forgetUsers` through its database hooks (src/server/auth/auth.ts);
 * - anything that changes a user outside better-auth (deleting a user, changing roles, editing the
 *   profile) must call `forgetUsers([userId])` AFTER its transaction has committed.
 *
 * Across app servers the message goes over the event bus (PostgreSQL NOTIFY); `forgetUsers`
 * resolves once this server has seen its own message come back, i.e. once PostgreSQL has delivered
 * it to every listening server, plus a few milliseconds for them to apply it. A fill that raced with an invalidation is discarded, and a lost
 * LISTEN connection empties the cache when it comes back.
 */
export interface SessionCache {
  /** The cached viewer for this session cookie value, if fresh. */
  get(cookieValue: string, now?: number): Me | undefined;
  /** Call before validating a session; pass the result to `put`. */
  ticket(): number;
  /** Caches a session better-auth has just validated, unless an invalidation happened since `ticket`. */
  put(cookieValue: string, viewer: Me, sessionExpiresAt: Date, ticket: number, now?: number): void;
  /** Drops the cached sessions of these users here and on every other app server. */
  forgetUsers(userIds: readonly string[]): Promise<void>;
  /** Drops every cached session here and on every other app server. */
  forgetAll(): Promise<void>;
  readonly size: number;
  close(): void;
}

export const SESSION_CACHE_TTL_MS = 30_000;
const MAX_ENTRIES = 50_000;
/** How long `forgetUsers` waits for its message to come back before giving up (the bus is down). */
const ECHO_TIMEOUT_MS = 2_000;
/**
 * After its own message comes back, how long the sender still waits: PostgreSQL hands the message to
 * every listening server at the same moment, and this lets their event loops apply it before the
 * request that caused it answers. (Acknowledgements from each server would make it strict.)
 */
const SETTLE_MS = 25;
/** pg_notify payloads stay under 8000 bytes with this many 36-character ids. */
const IDS_PER_MESSAGE = 150;

interface Entry {
  viewer: Me;
  expiresAt: number;
}

interface Logger {
  warn(obj: unknown, msg?: string): void;
}

export function createSessionCache(opts: {
  bus: EventBus;
  log: Logger;
  ttlMs?: number;
  maxEntries?: number;
  /** Defaults to SETTLE_MS on PostgreSQL; 0 where the bus is in-process. */
  settleMs?: number;
}): SessionCache {
  const ttlMs = opts.ttlMs ?? SESSION_CACHE_TTL_MS;
  const maxEntries = opts.maxEntries ?? MAX_ENTRIES;
  const entries = new Map<string, Entry>();
  const keysByUser = new Map<string, Set<string>>();
  const echoes = new Map<string, () => void>();
  let generation = 0;

  function remove(key: string): void {
    const entry = entries.get(key);
    if (!entry) return;
    entries.delete(key);
    const keys = keysByUser.get(entry.viewer.id);
    keys?.delete(key);
    if (keys?.size === 0) keysByUser.delete(entry.viewer.id);
  }

  function apply(userIds: readonly string[] | null): void {
    generation += 1;
    if (userIds === null) {
      entries.clear();
      keysByUser.clear();
      return;
    }
    for (const id of userIds) {
      for (const key of keysByUser.get(id) ?? []) entries.delete(key);
      keysByUser.delete(id);
    }
  }

  const unsubscribe = opts.bus.subscribeSessions((event) => {
    apply(event.userIds);
    echoes.get(event.nonce)?.();
  });

  async function broadcast(userIds: string[] | null): Promise<void> {
    const nonce = randomUUID();
    let timer: NodeJS.Timeout | undefined;
    const echoed = new Promise<void>((resolve) => {
      echoes.set(nonce, resolve);
      timer = setTimeout(() => {
        opts.log.warn({ nonce }, "session cache: invalidation did not come back over the bus in time");
        resolve();
      }, ECHO_TIMEOUT_MS);
      timer.unref();
    });
    try {
      await opts.bus.publishSessions({ userIds, nonce });
      await echoed;
      if (opts.settleMs ?? SETTLE_MS) await new Promise((r) => setTimeout(r, opts.settleMs ?? SETTLE_MS));
    } catch (error) {
      opts.log.warn({ err: error }, "session cache: could not publish an invalidation");
    } finally {
      clearTimeout(timer);
      echoes.delete(nonce);
    }
  }

  return {
    get(cookieValue, now = Date.now()) {
      const entry = entries.get(cookieValue);
      if (!entry) return undefined;
      if (entry.expiresAt <= now) {
        remove(cookieValue);
        return undefined;
      }
      return entry.viewer;
    },
    ticket: () => generation,
    put(cookieValue, viewer, sessionExpiresAt, ticket, now = Date.now()) {
      if (ticket !== generation) return;
      remove(cookieValue);
      if (entries.size >= maxEntries) {
        const oldest = entries.keys().next().value;
        if (oldest !== undefined) remove(oldest);
      }
      Object.freeze(viewer.roles);
      entries.set(cookieValue, {
        viewer: Object.freeze(viewer),
        expiresAt: Math.min(now + ttlMs, sessionExpiresAt.getTime()),
      });
      const keys = keysByUser.get(viewer.id) ?? new Set<string>();
      keys.add(cookieValue);
      keysByUser.set(viewer.id, keys);
    },
    async forgetUsers(userIds) {
      const ids = [...new Set(userIds)];
      if (ids.length === 0) return;
      apply(ids);
      for (let i = 0; i < ids.length; i += IDS_PER_MESSAGE)
        await broadcast(ids.slice(i, i + IDS_PER_MESSAGE));
    },
    async forgetAll() {
      apply(null);
      await broadcast(null);
    },
    get size() {
      return entries.size;
    },
    close() {
      unsubscribe();
      for (const resolve of echoes.values()) resolve();
    },
  };
}
