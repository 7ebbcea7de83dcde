import { type Kysely, sql } from "kysely";
import type { DbKind } from "#server/db/client.ts";

/**
 * Show day (issue 21, ADR 020).
 *
 * - `show.time_zone`: the IANA zone an admin chose; null means the zone of the show's state
 *   (src/domain/shows/show-time-zone.ts). `show.minutes_per_class` (default 7) paces the estimates.
 * - `show_session`: a show's sessions (name, date, printed start time or none, ring). A class's
 *   `session_id` says which it runs in (null: its date's implicit untimed session); its place is its
 *   `position`, as before. `planned_start` is the printed-schedule estimate (ISO instant), kept by the
 *   server whenever the schedule changes, so lists that show it (roster, calendar feed) read a column.
 *   Sessions count towards `show.revision` like classes and judges (the same triggers as migration 007).
 * - `ring_action`: every steward action the server accepted, numbered per show by `seq` (the order the
 *   server gave them; the primary key refuses a second action with the same number). The ring's state
 *   is the fold of the actions still in effect; `undone` marks those an Undo took back.
 * - `ring_counter`: one row per show holding its last `seq`; a ring action locks it, so two stewards'
 *   taps are ordered, on SQLite by its single writer and on PostgreSQL by the row lock.
 * - `ring_steward`: the people an admin named to run a show's ring.
 * - `class_alert`: which show-day alerts went to whom; the primary key is what makes an alert go once
 *   per class, kind and person, whatever Undo and redo do.
 * - `alert_setting`: a person's "tell me when my class is N classes away" (no row: the default, 3).
 */
export function showDayMigration(kind: DbKind) {
  return {
    // biome-ignore lint/suspicious/noExplicitAny: migrations run before the typed schema exists
    async up(db: Kysely<any>): Promise<void> {
      await db.schema.alterTable("show").addColumn("time_zone", "text").execute();
      await db.schema
        .alterTable("show")
        .addColumn("minutes_per_class", "integer", (c) => c.notNull().defaultTo(7))
        .execute();

      await db.schema
        .createTable("show_session")
        .addColumn("id", "text", (c) => c.primaryKey())
        .addColumn("show_id", "text", (c) => c.notNull().references("show.id").onDelete("cascade"))
        .addColumn("position", "integer", (c) => c.notNull())
        .addColumn("name", "text", (c) => c.notNull())
        .addColumn("date", "text", (c) => c.notNull())
        .addColumn("start_time", "text")
        .addColumn("ring", "text", (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex("show_session_show")
        .on("show_session")
        .columns(["show_id", "position"])
        .execute();

      await db.schema.alterTable("show_class").addColumn("session_id", "text").execute();
      await db.schema.alterTable("show_class").addColumn("planned_start", "text").execute();

      await db.schema
        .createTable("ring_action")
        .addColumn("show_id", "text", (c) => c.notNull().references("show.id").onDelete("cascade"))
        .addColumn("seq", "integer", (c) => c.notNull())
        .addColumn("kind", "text", (c) => c.notNull())
        .addColumn("session_id", "text")
        .addColumn("class_id", "text")
        .addColumn("expected_in_ring", "text")
        .addColumn("reason", "text")
        .addColumn("minutes", "integer")
        .addColumn("undo_seq", "integer")
        .addColumn("actor_id", "text", (c) => c.references("user.id").onDelete("set null"))
        .addColumn("at", "bigint", (c) => c.notNull())
        .addColumn("undone", "integer", (c) => c.notNull().defaultTo(0))
        .addPrimaryKeyConstraint("ring_action_pk", ["show_id", "seq"])
        .execute();

      await db.schema
        .createTable("ring_counter")
        .addColumn("show_id", "text", (c) => c.primaryKey().references("show.id").onDelete("cascade"))
        .addColumn("seq", "integer", (c) => c.notNull())
        .execute();

      await db.schema
        .createTable("ring_steward")
        .addColumn("show_id", "text", (c) => c.notNull().references("show.id").onDelete("cascade"))
        .addColumn("user_id", "text", (c) => c.notNull().references("user.id").onDelete("cascade"))
        .addPrimaryKeyConstraint("ring_steward_pk", ["show_id", "user_id"])
        .execute();
      await db.schema.createIndex("ring_steward_user").on("ring_steward").column("user_id").execute();

      await db.schema
        .createTable("class_alert")
        .addColumn("user_id", "text", (c) => c.notNull().references("user.id").onDelete("cascade"))
        .addColumn("show_id", "text", (c) => c.notNull().references("show.id").onDelete("cascade"))
        .addColumn("class_id", "text", (c) => c.notNull())
        .addColumn("kind", "text", (c) => c.notNull())
        .addColumn("created_at", "text", (c) => c.notNull())
        .addPrimaryKeyConstraint("class_alert_pk", ["show_id", "class_id", "user_id", "kind"])
        .execute();
      await db.schema.createIndex("class_alert_user").on("class_alert").column("user_id").execute();

      await db.schema
        .createTable("alert_setting")
        .addColumn("user_id", "text", (c) => c.primaryKey().references("user.id").onDelete("cascade"))
        .addColumn("classes_away", "integer", (c) => c.notNull())
        .execute();

      if (kind === "postgres") {
        // The statement-level functions of migration 007 read `show_id` from the transition tables.
        for (const [event, transition] of [
          ["insert", "new table as added"],
          ["update", "old table as previous new table as added"],
          ["delete", "old table as previous"],
        ] as const) {
          await sql
            .raw(`create trigger show_session_revision_${event} after ${event} on show_session
              referencing ${transition} for each statement execute function show_revision_child_${event}()`)
            .execute(db);
        }
      } else {
        const bump = (showId: string) => `update show set revision = revision + 1 where id = ${showId};`;
        for (const [event, body] of [
          ["insert", bump("new.show_id")],
          ["update", `${bump("old.show_id")} ${bump("new.show_id")}`],
          ["delete", bump("old.show_id")],
        ] as const) {
          await sql
            .raw(
              `create trigger show_session_revision_${event} after ${event} on show_session begin ${body} end`,
            )
            .execute(db);
        }
      }
    },
  };
}
