import { sql } from "kysely";
import type { Queryable } from "#server/db/client.ts";

/** Per-actor counts kept per fixed window (migrations 004 and 012); both tables have one shape. */
type WindowCountTable = "barn_notice_quota" | "roster_write_quota";

/**
 * Adds `count` to the actor's count in `table` for `window` (starting a new count when the stored one
 * is for an earlier window) and returns the count after adding. One atomic upsert, so app servers
 * sharing a PostgreSQL database share the count, and inside a transaction a rollback takes it back.
 */
async function addToWindowCount(
  db: Queryable,
  table: WindowCountTable,
  actorId: string,
  window: string,
  count: number,
): Promise<number> {
  const column = (name: string) => sql.ref(`${table}.${name}`);
  const row = await db
    .insertInto(table)
    .values({ actor_id: actorId, window_start: window, used: count })
    .onConflict((oc) =>
      oc.column("actor_id").doUpdateSet({
        used: sql<number>`case when ${column("window_start")} = excluded.window_start
          then ${column("used")} + excluded.used else excluded.used end`,
        window_start: sql<string>`excluded.window_start`,
      }),
    )
    .returning("used")
    .executeTakeFirstOrThrow();
  return Number(row.used);
}

/** Barn notices the actor sent in `window`, with `count` more (ADR 008). */
export const countBarnNotices = (db: Queryable, actorId: string, window: string, count: number) =>
  addToWindowCount(db, "barn_notice_quota", actorId, window, count);

/** Entries the actor's saves put on other people's rosters in `window`, with `count` more (ADR 016). */
export const countRosterWrites = (db: Queryable, actorId: string, window: string, count: number) =>
  addToWindowCount(db, "roster_write_quota", actorId, window, count);
