import { sql } from "kysely";
import type { Db } from "#server/db/client.ts";
import { nowIso } from "#server/platform/ids.ts";
import type { ServerInstance } from "#server/platform/instance.ts";
import { createStreamLimit, type StreamLimit } from "#server/platform/stream-limit.ts";

/** How often streams of servers that are no longer alive are deleted (they stop counting at once). */
const SWEEP_EVERY_MS = 60_000;

/**
 * The per-person live-stream limit counted across every app server on one PostgreSQL database (issue 31,
 * item 6; ADR 029). `live_stream` holds, per person and server process, how many streams that process
 * holds open; only processes whose lease has not lapsed count, so a dead server's streams stop counting
 * within its lease (15 s) and a restarted one's at once. A take adds up the person's rows (one per server)
 * and counts itself in, in one short transaction under a lock on the person's id, so takes racing for the
 * last slot get exactly the slots there are (one person's takes wait on each other; other people's do
 * not). This process's own count is checked first, so a client hammering one server is refused without
 * asking the database.
 */
export function createSharedStreamLimit(opts: {
  db: Db;
  instance: ServerInstance;
  perUser: number;
  onError: (message: string) => void;
}): StreamLimit {
  const { db } = opts.db;
  const bootId = opts.instance.bootId;
  const local = createStreamLimit(opts.perUser);
  const pending = new Set<Promise<void>>();
  let closed = false;

  const liveCount = async (trx: typeof db, userId: string) => {
    const row = await trx
      .selectFrom("live_stream as s")
      .innerJoin("server_instance as i", "i.boot_id", "s.boot_id")
      .select((eb) => eb.fn.coalesce(eb.fn.sum<string | number>("s.streams"), eb.lit(0)).as("n"))
      .where("s.user_id", "=", userId)
      .where("i.lease_until", ">", nowIso())
      .executeTakeFirstOrThrow();
    return Number(row.n);
  };

  /** Adds `delta` to this process's count for the person. */
  const add = (trx: typeof db, userId: string, delta: number) =>
    trx
      .insertInto("live_stream")
      .values({ user_id: userId, boot_id: bootId, streams: delta })
      .onConflict((oc) =>
        oc.columns(["user_id", "boot_id"]).doUpdateSet({ streams: sql`live_stream.streams + ${delta}` }),
      )
      .execute();

  /** Deletes the counts of processes that are not alive (this server's earlier ones, dead servers') and empty ones. */
  const sweep = () =>
    db
      .deleteFrom("live_stream")
      .where((eb) =>
        eb.or([
          eb("streams", "<=", 0),
          eb(
            "boot_id",
            "not in",
            eb.selectFrom("server_instance").select("boot_id").where("lease_until", ">", nowIso()),
          ),
        ]),
      )
      .execute()
      .then(
        () => undefined,
        (error: Error) => opts.onError(`live streams not swept: ${error.message}`),
      );
  void sweep();
  const sweeper = setInterval(() => void sweep(), SWEEP_EVERY_MS);
  sweeper.unref();

  /** Runs a write nobody waits for, so close() can wait for it before the database goes. */
  function track(write: Promise<unknown>): void {
    const done = write.then(
      () => undefined,
      (error: Error) => opts.onError(`live stream not given back: ${error.message}`),
    );
    pending.add(done);
    void done.finally(() => pending.delete(done));
  }

  return {
    perUser: opts.perUser,
    async acquire(userId) {
      if (closed) return null;
      const releaseLocal = local.take(userId);
      if (!releaseLocal) return null;
      let taken: boolean;
      try {
        taken = await db.transaction().execute(async (trx) => {
          await sql`select pg_advisory_xact_lock(hashtext(${`live-stream:${userId}`}))`.execute(trx);
          if ((await liveCount(trx, userId)) >= opts.perUser) return false;
          await add(trx, userId, 1);
          return true;
        });
      } catch (error) {
        releaseLocal();
        throw error;
      }
      if (!taken) {
        releaseLocal();
        return null;
      }
      let released = false;
      return () => {
        if (released) return;
        released = true;
        releaseLocal();
        if (!closed) track(add(db, userId, -1));
      };
    },
    // Once closed, this server holds nothing in the database; what its process still counts is all it has.
    held: async (userId) => (closed ? local.count(userId) : liveCount(db, userId)),
    async close() {
      closed = true;
      clearInterval(sweeper);
      await Promise.all(pending);
      await db.deleteFrom("live_stream").where("boot_id", "=", bootId).execute();
    },
  };
}
