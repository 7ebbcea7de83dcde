import { type Kysely, sql } from "kysely";
import type { DbKind } from "#server/db/client.ts";
import {
  bumpSql,
  INSERTED_AND_DELETED,
  statementTrigger,
} from "#server/db/migrations/011-api-performance.ts";

/**
 * Counters the cached standings are checked against (issue 33, ADR 032), in migration 011's `cache_version`,
 * bumped by triggers so no writer (publication, correction, withdrawal, a show's date, a deleted horse's
 * standings losing their link) can forget:
 * - `standings:` — any standing, division group or points tally written or removed;
 * - a user's own counter (the roster's, subject = the user id) — a horse owned or trained by them added
 *   or removed: their standings rows are marked as theirs, and Standings opens on one of their divisions.
 */
export const STANDINGS_VERSION = "standings:";

const STANDINGS_TABLES = ["standing", "standing_group", "standing_points"] as const;
const HORSE_PEOPLE = ["horse_owner", "horse_trainer"] as const;

export function standingsVersionsMigration(kind: DbKind) {
  return {
    // biome-ignore lint/suspicious/noExplicitAny: migrations run before the typed schema exists
    async up(db: Kysely<any>): Promise<void> {
      if (kind === "postgres") await postgresTriggers(db);
      else await sqliteTriggers(db);
    },
  };
}

// biome-ignore lint/suspicious/noExplicitAny: migrations run before the typed schema exists
async function sqliteTriggers(db: Kysely<any>): Promise<void> {
  // `where true` keeps SQLite from reading the upsert's ON as a join constraint of the SELECT.
  const standings = bumpSql(`select '${STANDINGS_VERSION}', 1 where true`);
  for (const table of STANDINGS_TABLES) {
    for (const event of ["insert", "update", "delete"]) {
      await sql
        .raw(`create trigger ${table}_version_${event} after ${event} on ${table} begin ${standings} end`)
        .execute(db);
    }
  }
  for (const table of HORSE_PEOPLE) {
    for (const [event, row] of [
      ["insert", "new"],
      ["delete", "old"],
    ] as const) {
      await sql
        .raw(`create trigger ${table}_standings_${event} after ${event} on ${table}
          begin ${bumpSql(`select ${row}.user_id, 1 where true`)} end`)
        .execute(db);
    }
  }
}

// biome-ignore lint/suspicious/noExplicitAny: migrations run before the typed schema exists
async function postgresTriggers(db: Kysely<any>): Promise<void> {
  // One bump per statement: a publication writes many rows.
  for (const table of STANDINGS_TABLES) {
    await statementTrigger(
      db,
      `${table}_version`,
      { event: "insert or update or delete", table, transition: null },
      bumpSql(`values ('${STANDINGS_VERSION}', 1)`),
    );
  }
  for (const table of HORSE_PEOPLE) {
    for (const [event, transition, rows] of INSERTED_AND_DELETED) {
      // User id order, so two transactions bumping the same users lock them in the same order.
      await statementTrigger(
        db,
        `${table}_standings_${event}`,
        { event, table, transition },
        bumpSql(`select distinct user_id, 1 from ${rows} order by user_id`),
      );
    }
  }
}
