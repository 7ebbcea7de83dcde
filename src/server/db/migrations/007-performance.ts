import { type Kysely, sql } from "kysely";
import type { DbKind } from "#server/db/client.ts";

/**
 * Performance (issue 13, ADR 011).
 *
 * `show.revision` goes up whenever anything the show-detail response is made of changes: the show
 * row, its judges, its classes. The server keeps the serialized, compressed show detail per
 * revision and answers `If-None-Match` with 304; reading one integer by primary key tells it
 * whether its copy is current. Database triggers keep the counter, so no writer (admin edits,
 * imports, future code) can forget it, on any app server. SQLite has only row triggers;
 * PostgreSQL bumps once per statement from its transition tables, so inserting 600 classes costs
 * one update, not 600. The effect is the same on both engines.
 *
 * `show_end_start` lets the planner find the shows already running (ending today or later, started
 * before) from the index alone, so its first page no longer reads every past show on the way.
 */
export function performanceMigration(kind: DbKind) {
  return {
    // biome-ignore lint/suspicious/noExplicitAny: migrations run before the typed schema exists
    async up(db: Kysely<any>): Promise<void> {
      await db.schema
        .alterTable("show")
        .addColumn("revision", "integer", (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema.createIndex("show_end_start").on("show").columns(["end_date", "start_date"]).execute();
      if (kind === "postgres") await postgresTriggers(db);
      else await sqliteTriggers(db);
    },
  };
}

// biome-ignore lint/suspicious/noExplicitAny: migrations run before the typed schema exists
async function sqliteTriggers(db: Kysely<any>): Promise<void> {
  const bump = (showId: string) => `update show set revision = revision + 1 where id = ${showId};`;
  for (const table of ["show_class", "show_judge"]) {
    await sql
      .raw(
        `create trigger ${table}_revision_insert after insert on ${table} begin ${bump("new.show_id")} end`,
      )
      .execute(db);
    await sql
      .raw(
        `create trigger ${table}_revision_update after update on ${table} begin ${bump("old.show_id")} ${bump("new.show_id")} end`,
      )
      .execute(db);
    await sql
      .raw(
        `create trigger ${table}_revision_delete after delete on ${table} begin ${bump("old.show_id")} end`,
      )
      .execute(db);
  }
  await sql
    .raw(
      `create trigger show_revision_update after update on show when new.revision = old.revision begin ${bump("new.id")} end`,
    )
    .execute(db);
}

// biome-ignore lint/suspicious/noExplicitAny: migrations run before the typed schema exists
async function postgresTriggers(db: Kysely<any>): Promise<void> {
  await sql`create function show_revision_own() returns trigger language plpgsql as $$
    begin
      if new.revision = old.revision then new.revision := old.revision + 1; end if;
      return new;
    end $$`.execute(db);
  await sql`create trigger show_revision_update before update on show
    for each row execute function show_revision_own()`.execute(db);

  for (const [event, transition, shows] of [
    ["insert", "new table as added", "select show_id from added"],
    [
      "update",
      "old table as previous new table as added",
      "select show_id from previous union select show_id from added",
    ],
    ["delete", "old table as previous", "select show_id from previous"],
  ] as const) {
    const fn = `show_revision_child_${event}`;
    await sql
      .raw(`create function ${fn}() returns trigger language plpgsql as $$
        begin
          update show set revision = revision + 1 where id in (${shows});
          return null;
        end $$`)
      .execute(db);
    for (const table of ["show_class", "show_judge"]) {
      await sql
        .raw(`create trigger ${table}_revision_${event} after ${event} on ${table}
          referencing ${transition} for each statement execute function ${fn}()`)
        .execute(db);
    }
  }
}
