import { randomUUID } from "node:crypto";

/**
 * The cached responses' versions, mirrored in process on PostgreSQL (issue 33, ADR 057).
 *
 * Every cached read (the day view, a roster, standings, the month calendar, the planner's pages, show detail, a
 * past show's class list, a notification list) first asks the database for its version: on PostgreSQL a round trip to another process, which was most of what such
 * a read cost. The mirror keeps each answer until the database says something it depends on changed: the
 * tables those versions are read from have triggers (migration 040) that `pg_notify` the versions channel,
 * which PostgreSQL delivers to every server's LISTEN connection once the writing transaction commits, in
 * commit order, on the same connection as the live events. Any notice drops every kept answer (writes are
 * rare beside reads; a steward's tap is one notice).
 *
 * - A read racing a notice is not kept (the generation ticket, as in the session cache).
 * - While the LISTEN connection is down, notices may be missed: nothing is kept until it is back; nor after a
 *   marker failed to come back, until a notice arrives again.
 * - Read your own writes: `caughtUp()` sends a marker after the writer's commit and resolves when it comes
 *   back, so every notice of that write has been applied here first (app.ts awaits it before answering a
 *   write). The other servers were sent the write's notice at its commit, before the marker was even asked
 *   for, and a server applies a notice as its socket is read, while a request that comes in after it goes
 *   through several turns of the event loop (its session, its route) before it reads a version: so the
 *   writer's next request, wherever it lands, finds its write's notice applied.
 * - An answer is also kept at most MAX_AGE_MS, a bound should a writer ever change a version's source
 *   without a notice.
 *
 * On SQLite the database is in the process and a version read costs microseconds: the mirror reads through.
 */
export interface VersionMirror {
  /** `load()`'s answer for `key`, kept while no version notice arrived since (undefined is never kept). */
  read<T>(key: string, load: () => Promise<T>): Promise<T>;
  /** Mirror from now on, hearing notices from `notices` (its LISTEN is in place); returns the stop. */
  follow(notices: VersionNotices, log: Logger): () => void;
  /** Resolves once every change committed before the call has reached this server's mirror. */
  caughtUp(): Promise<void>;
  /** How many answers are kept (tests and metrics). */
  readonly size: number;
  /** Whether answers are kept now: following notices that are known to arrive (metrics). */
  readonly trusted: boolean;
}

/** What the mirror hears: a change (`nonce` set when it is a `caughtUp` marker), or the connection's state. */
export type VersionNotice = { kind: "changed"; nonce: string } | { kind: "lost" } | { kind: "back" };

export interface VersionNotices {
  subscribe(listener: (notice: VersionNotice) => void): () => void;
  /** Sends a marker through the database; it comes back as `{ kind: "changed", nonce }`. */
  mark(nonce: string): Promise<void>;
}

export interface Logger {
  warn(obj: unknown, msg?: string): void;
}

/** The channel migration 040's triggers notify and the event bus LISTENs on. */
export const PG_VERSIONS_CHANNEL = "ringside_versions";

export const VERSION_MIRROR_MAX_AGE_MS = 5_000;
const MAX_ENTRIES = 20_000;
/** How long `caughtUp` waits for its marker before it stops trusting the mirror. */
const MARK_TIMEOUT_MS = 2_000;

interface Entry {
  value: unknown;
  at: number;
}

export function createVersionMirror(now: () => number = Date.now): VersionMirror {
  let log: Logger | null = null;
  const entries = new Map<string, Entry>();
  const marks = new Map<string, () => void>();
  let notices: VersionNotices | null = null;
  let connected = false;
  /** Kept answers are served only while the notices are known to arrive. */
  let trusted = false;
  let generation = 0;

  function forget(): void {
    generation += 1;
    entries.clear();
  }

  function hear(notice: VersionNotice): void {
    if (notice.kind === "changed" && notice.nonce) {
      // A marker changes nothing; its arrival shows notices arrive.
      trusted = connected;
      marks.get(notice.nonce)?.();
      return;
    }
    forget();
    if (notice.kind !== "changed") connected = notice.kind === "back";
    trusted = connected;
  }

  return {
    async read<T>(key: string, load: () => Promise<T>): Promise<T> {
      if (!trusted) return load();
      const entry = entries.get(key);
      if (entry && now() - entry.at < VERSION_MIRROR_MAX_AGE_MS) return entry.value as T;
      const ticket = generation;
      const value = await load();
      if (value !== undefined && trusted && ticket === generation) {
        entries.delete(key);
        if (entries.size >= MAX_ENTRIES) entries.delete(entries.keys().next().value as string);
        entries.set(key, { value, at: now() });
      }
      return value;
    },
    follow(source, logger) {
      notices = source;
      log = logger;
      const unsubscribe = source.subscribe(hear);
      forget();
      connected = true;
      trusted = true;
      return () => {
        unsubscribe();
        notices = null;
        connected = false;
        trusted = false;
        forget();
      };
    },
    async caughtUp() {
      // Nothing is served from the mirror while it is not trusted, so there is nothing to wait for.
      if (!notices || !trusted) return;
      const nonce = randomUUID();
      let timer: NodeJS.Timeout | undefined;
      const back = new Promise<boolean>((resolve) => {
        marks.set(nonce, () => resolve(true));
        timer = setTimeout(() => resolve(false), MARK_TIMEOUT_MS);
        timer.unref();
      });
      try {
        await notices.mark(nonce);
        if (!(await back)) {
          // Notices are not arriving: read through until one does.
          trusted = false;
          forget();
          log?.warn({ nonce }, "version mirror: a marker did not come back in time; reading through");
        }
      } catch (error) {
        trusted = false;
        forget();
        log?.warn({ err: error }, "version mirror: could not send a marker; reading through");
      } finally {
        clearTimeout(timer);
        marks.delete(nonce);
      }
    },
    get size() {
      return entries.size;
    },
    get trusted() {
      return trusted;
    },
  };
}
