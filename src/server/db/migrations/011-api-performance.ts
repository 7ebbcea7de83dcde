import { type Kysely, sql } from "kysely";
import type { DbKind } from "#server/db/client.ts";

/**
 * API performance (issue 13, ADR 011): the version counters cached responses are checked against.
 *
 * `cache_version` holds one counter per user (`subject` = the user id), bumped by database triggers
 * whenever something that user's roster is built from changes:
 * - their own entries, and entries naming them as rider (a `class_entry` row's old and new
 *   `user_id` and `rider_id`);
 * - their friendships and blocks (both sides).
 * A friend's entries are not fanned out to every friend's counter (a save would then write once
 * per friend): a reader adds up its friends' counters instead (see roster.repository.ts).
 *
 * The row with the empty subject is the catalogue counter, for what many responses mention and
 * rarely changes: any show added, changed (its revision: name, dates, judges or classes; migration
 * 007) or removed, and a user's or a horse's name. A roster's version is (own counter, catalogue
 * counter, sum of its friends' counters); the planner's unfiltered pages are versioned by the
 * catalogue counter alone.
 *
 * A user's notification list has its own counters, so a new notice does not rebuild their roster:
 * `notifications:<user id>` (their own notifications and read marks) and `notifications:` (the
 * notifications to everyone).
 *
 * Triggers rather than application code, as for `show.revision`, so no writer (admin screens, user
 * deletion cascades, imports, another app server) can forget to invalidate a cached response.
 */
export const CATALOGUE_VERSION = "";
const NOTIFICATIONS = "notifications:";
/** The subject of a user's notification counter; `notificationsVersion(null)` is everyone's. */
export const notificationsVersion = (userId: string | null): string => `${NOTIFICATIONS}${userId ?? ""}`;

export function apiPerformanceMigration(kind: DbKind) {
  return {
    // biome-ignore lint/suspicious/noExplicitAny: migrations run before the typed schema exists
    async up(db: Kysely<any>): Promise<void> {
      await db.schema
        .createTable("cache_version")
        .addColumn("subject", "text", (c) => c.primaryKey())
        .addColumn("version", "integer", (c) => c.notNull())
        .execute();
      if (kind === "postgres") await postgresTriggers(db);
      else await sqliteTriggers(db);
    },
  };
}

/** Bumps (or starts at 1) the counter of each subject the SELECT gives as `(subject, 1)` rows. */
export const bumpSql = (subjects: string) =>
  `insert into cache_version (subject, version) ${subjects}
   on conflict (subject) do update set version = cache_version.version + 1;`;

/** Insert and delete triggers' events, with the transition table each names and that table's name. */
export const INSERTED_AND_DELETED = [
  ["insert", "new table as added", "added"],
  ["delete", "old table as previous", "previous"],
] as const;

/**
 * A PostgreSQL trigger `name` run once per statement `after <event> on <table>`, with the statement's rows as
 * the transition tables `transition` names (none when null), whose function `name()` runs `body`.
 */
export async function statementTrigger(
  // biome-ignore lint/suspicious/noExplicitAny: migrations run before the typed schema exists
  db: Kysely<any>,
  name: string,
  on: { event: string; table: string; transition: string | null },
  body: string,
): Promise<void> {
  await sql
    .raw(`create function ${name}() returns trigger language plpgsql as $$
      begin
        ${body}
        return null;
      end $$`)
    .execute(db);
  const referencing = on.transition ? `referencing ${on.transition} ` : "";
  await sql
    .raw(`create trigger ${name} after ${on.event} on ${on.table}
      ${referencing}for each statement execute function ${name}()`)
    .execute(db);
}

// biome-ignore lint/suspicious/noExplicitAny: migrations run before the typed schema exists
async function sqliteTriggers(db: Kysely<any>): Promise<void> {
  // `where true` keeps SQLite from reading the upsert's ON as a join constraint of the SELECT.
  const bump = (...ids: string[]) =>
    bumpSql(
      `select id, 1 from (${ids.map((id) => `select ${id} as id`).join(" union ")}) where id is not null and true`,
    );
  const trigger = (name: string, event: string, body: string) =>
    sql.raw(`create trigger ${name} ${event} begin ${body} end`).execute(db);

  await trigger(
    "class_entry_roster_insert",
    "after insert on class_entry",
    bump("new.user_id", "new.rider_id"),
  );
  await trigger(
    "class_entry_roster_update",
    "after update on class_entry",
    bump("old.user_id", "old.rider_id", "new.user_id", "new.rider_id"),
  );
  await trigger(
    "class_entry_roster_delete",
    "after delete on class_entry",
    bump("old.user_id", "old.rider_id"),
  );
  for (const [table, a, b] of [
    ["friendship", "user_id", "friend_id"],
    ["user_block", "blocker_id", "blocked_id"],
  ] as const) {
    await trigger(`${table}_roster_insert`, `after insert on ${table}`, bump(`new.${a}`, `new.${b}`));
    await trigger(`${table}_roster_delete`, `after delete on ${table}`, bump(`old.${a}`, `old.${b}`));
  }
  const notifications = (row: "new" | "old") => `'${NOTIFICATIONS}' || coalesce(${row}.user_id, '')`;
  await trigger("notification_list_insert", "after insert on notification", bump(notifications("new")));
  await trigger(
    "notification_list_update",
    "after update on notification",
    bump(notifications("old"), notifications("new")),
  );
  await trigger("notification_list_delete", "after delete on notification", bump(notifications("old")));
  await trigger(
    "notification_read_list_insert",
    "after insert on notification_read",
    bump(notifications("new")),
  );
  await trigger(
    "notification_read_list_delete",
    "after delete on notification_read",
    bump(notifications("old")),
  );

  const catalogue = bump(`'${CATALOGUE_VERSION}'`);
  await trigger("show_catalogue_insert", "after insert on show", catalogue);
  await trigger("show_catalogue_delete", "after delete on show", catalogue);
  await trigger(
    "show_catalogue_update",
    "after update of revision on show when new.revision <> old.revision",
    catalogue,
  );
  await trigger(
    "user_name_catalogue",
    'after update of name on "user" when new.name is not old.name',
    catalogue,
  );
  await trigger(
    "horse_name_catalogue",
    "after update of name on horse when new.name is not old.name",
    catalogue,
  );
}

// biome-ignore lint/suspicious/noExplicitAny: migrations run before the typed schema exists
async function postgresTriggers(db: Kysely<any>): Promise<void> {
  // One upsert per statement from the transition tables, as the show revision triggers do; rows in
  // id order, so two transactions bumping the same users lock them in the same order (no deadlock).
  const users = (rows: string) =>
    `select user_id from ${rows} union select rider_id from ${rows} where rider_id is not null`;
  for (const [event, transition, ids] of [
    ["insert", "new table as added", users("added")],
    ["update", "old table as previous new table as added", `${users("previous")} union ${users("added")}`],
    ["delete", "old table as previous", users("previous")],
  ] as const) {
    await statementTrigger(
      db,
      `class_entry_roster_${event}`,
      { event, table: "class_entry", transition },
      bumpSql(`select id, 1 from (${ids}) as changed (id) order by id`),
    );
  }
  for (const [table, a, b] of [
    ["friendship", "user_id", "friend_id"],
    ["user_block", "blocker_id", "blocked_id"],
  ] as const) {
    for (const [event, transition, rows] of INSERTED_AND_DELETED) {
      await statementTrigger(
        db,
        `${table}_roster_${event}`,
        { event, table, transition },
        bumpSql(
          `select id, 1 from (select ${a} from ${rows} union select ${b} from ${rows}) as changed (id) order by id`,
        ),
      );
    }
  }
  for (const table of ["notification", "notification_read"]) {
    const subjects = (rows: string) => `select '${NOTIFICATIONS}' || coalesce(user_id, '') from ${rows}`;
    for (const [event, transition, ids] of [
      ["insert", "new table as added", subjects("added")],
      [
        "update",
        "old table as previous new table as added",
        `${subjects("previous")} union ${subjects("added")}`,
      ],
      ["delete", "old table as previous", subjects("previous")],
    ] as const) {
      await statementTrigger(
        db,
        `${table}_list_${event}`,
        { event, table, transition },
        bumpSql(`select distinct id, 1 from (${ids}) as changed (id) order by id`),
      );
    }
  }
  await sql
    .raw(`create function catalogue_changed() returns trigger language plpgsql as $$
      begin
        ${bumpSql(`values ('${CATALOGUE_VERSION}', 1)`)}
        return null;
      end $$`)
    .execute(db);
  await sql`create trigger show_catalogue_insert_delete after insert or delete on show
    for each statement execute function catalogue_changed()`.execute(db);
  // Row triggers with a WHEN clause: a statement that changes nothing a roster shows bumps nothing.
  for (const [name, table, when] of [
    ["show_catalogue_update", "show", "new.revision <> old.revision"],
    ["user_name_catalogue", '"user"', "new.name is distinct from old.name"],
    ["horse_name_catalogue", "horse", "new.name is distinct from old.name"],
  ] as const) {
    await sql
      .raw(`create trigger ${name} after update on ${table}
        for each row when (${when}) execute function catalogue_changed()`)
      .execute(db);
  }
}
