import type { Kysely, Transaction } from "kysely";
import type { Database } from "#server/db/schema.ts";

type Queryable = Kysely<Database> | Transaction<Database>;

/** Every person's choice of which new shows they hear of (no settings row: the default). */
export async function readNewShowReaches(db: Queryable): Promise<{ id: string; new_shows: string | null }[]> {
  return db
    .selectFrom("user as u")
    .leftJoin("push_settings as s", "s.user_id", "u.id")
    .select(["u.id", "s.new_shows"])
    .execute();
}

/** The class names of each of `showIds` (their divisions are read from the names, as the planner does). */
export async function classNamesOfShows(
  db: Queryable,
  showIds: readonly string[],
): Promise<{ show_id: string; name: string }[]> {
  const rows: { show_id: string; name: string }[] = [];
  for (let i = 0; i < showIds.length; i += 500) {
    rows.push(
      ...(await db
        .selectFrom("show_class")
        .select(["show_id", "name"])
        .where("show_id", "in", showIds.slice(i, i + 500))
        .execute()),
    );
  }
  return rows;
}

/** The shows (name, location) each person has entries at: as the roster's person or as the rider. */
export async function enteredShows(
  db: Queryable,
): Promise<{ user_id: string; name: string; location: string }[]> {
  const shows = (person: "user_id" | "rider_id") =>
    db
      .selectFrom("class_entry as e")
      .innerJoin("show as s", "s.id", "e.show_id")
      .select([`e.${person} as user_id`, "s.name", "s.location"])
      .where(`e.${person}`, "is not", null)
      .where("s.is_ai_prediction", "=", 0);
  const rows = await shows("user_id").union(shows("rider_id")).execute();
  return rows.map((r) => ({ user_id: r.user_id as string, name: r.name, location: r.location }));
}

/** The show names of each person's show records (as owner or rider). */
export async function recordShowNames(db: Queryable): Promise<{ user_id: string; show_name: string }[]> {
  return db
    .selectFrom("show_record")
    .select(["owner_id as user_id", "show_name"])
    .union(db.selectFrom("show_record").select(["rider_id as user_id", "show_name"]))
    .execute();
}

/** The divisions of the horses each person owns or trains. */
export async function horseDivisionsOfPeople(
  db: Queryable,
): Promise<{ user_id: string; division_id: string }[]> {
  return db
    .selectFrom("horse_owner as o")
    .innerJoin("horse_division as d", "d.horse_id", "o.horse_id")
    .select(["o.user_id", "d.division_id"])
    .union(
      db
        .selectFrom("horse_trainer as t")
        .innerJoin("horse_division as d", "d.horse_id", "t.horse_id")
        .select(["t.user_id", "d.division_id"]),
    )
    .execute();
}

const DIGEST_DAYS = 1;

/** What one import told each of `userIds` so far (its earlier batches). Drops digests over a day old first. */
export async function readDigests(
  db: Queryable,
  importId: string,
  now: Date,
): Promise<Map<string, { notification_id: string; locations: string[] }>> {
  const stale = new Date(now.getTime() - DIGEST_DAYS * 86_400_000).toISOString();
  await db.deleteFrom("new_show_digest").where("created_at", "<", stale).execute();
  const rows = await db
    .selectFrom("new_show_digest")
    .select(["user_id", "notification_id", "locations"])
    .where("import_id", "=", importId)
    .execute();
  return new Map(
    rows.map((r) => [
      r.user_id,
      { notification_id: r.notification_id, locations: JSON.parse(r.locations) as string[] },
    ]),
  );
}

/** Replaces the notices an import's earlier batch sent, which the new summaries take the place of. */
export async function deleteNotifications(db: Queryable, ids: readonly string[]): Promise<void> {
  for (let i = 0; i < ids.length; i += 500) {
    await db
      .deleteFrom("notification")
      .where("id", "in", ids.slice(i, i + 500))
      .execute();
  }
}

export async function writeDigests(
  db: Queryable,
  importId: string,
  rows: readonly { userId: string; notificationId: string; locations: readonly string[] }[],
  now: Date,
): Promise<void> {
  for (let i = 0; i < rows.length; i += 200) {
    await db
      .insertInto("new_show_digest")
      .values(
        rows.slice(i, i + 200).map((r) => ({
          import_id: importId,
          user_id: r.userId,
          notification_id: r.notificationId,
          locations: JSON.stringify(r.locations),
          created_at: now.toISOString(),
        })),
      )
      .onConflict((oc) =>
        oc.columns(["import_id", "user_id"]).doUpdateSet((eb) => ({
          notification_id: eb.ref("excluded.notification_id"),
          locations: eb.ref("excluded.locations"),
        })),
      )
      .execute();
  }
}
