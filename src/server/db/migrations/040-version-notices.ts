import { type Kysely, sql } from "kysely";
import type { DbKind } from "#server/db/client.ts";
import { PG_VERSIONS_CHANNEL } from "#server/db/version-mirror.ts";

/**
 * Notices for the version mirror (issue 33, ADR 057): on PostgreSQL, every statement that writes a table the
 * cached reads' versions are read from notifies the versions channel. PostgreSQL sends the notice when the
 * transaction commits (one per transaction, however many statements) to every server's LISTEN connection.
 * - `cache_version`: the roster's, catalogue's, standings' and notification lists' counters (migrations 011, 039);
 * - `show`: a show's revision (its sessions, classes and judges), place and time zone (the day view);
 * - `ring_counter`: a ring's last action (every steward's tap);
 * - `ring_steward`: who may run the ring (the day view's body differs for them).
 * TRUNCATE is included: it fires no row or statement delete triggers.
 * SQLite reads its versions in process and needs none.
 */
const VERSIONED_TABLES = ["cache_version", "show", "ring_counter", "ring_steward"] as const;

export function versionNoticesMigration(kind: DbKind) {
  return {
    // biome-ignore lint/suspicious/noExplicitAny: migrations run before the typed schema exists
    async up(db: Kysely<any>): Promise<void> {
      if (kind !== "postgres") return;
      await sql
        .raw(`create function versions_changed() returns trigger language plpgsql as $$
          begin
            perform pg_notify('${PG_VERSIONS_CHANNEL}', '');
            return null;
          end $$`)
        .execute(db);
      for (const table of VERSIONED_TABLES) {
        await sql
          .raw(`create trigger ${table}_versions_changed after insert or update or delete or truncate on ${table}
            for each statement execute function versions_changed()`)
          .execute(db);
      }
    },
  };
}
