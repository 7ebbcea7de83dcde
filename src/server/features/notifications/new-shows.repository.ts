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

/** Every show but AI predictions: id, name and location (the ties to new shows are read from these in code). */
export async function allShowPlaces(
  db: Queryable,
): Promise<{ id: string; name: string; location: string }[]> {
  return db.selectFrom("show").select(["id", "name", "location"]).where("is_ai_prediction", "=", 0).execute();
}

/** Who has entries at `showIds`, as the roster's person or as the rider, and at which of them. */
export async function entrantsOf(
  db: Queryable,
  showIds: readonly string[],
): Promise<{ user_id: string; show_id: string }[]> {
  const rows: { user_id: string; show_id: string }[] = [];
  const of = (person: "user_id" | "rider_id", ids: string[]) =>
    db
      .selectFrom("class_entry")
      .select([`${person} as user_id`, "show_id"])
      .where(person, "is not", null)
      .where("show_id", "in", ids);
  for (let i = 0; i < showIds.length; i += 500) {
    const ids = showIds.slice(i, i + 500);
    for (const r of await of("user_id", ids).union(of("rider_id", ids)).execute()) {
      rows.push({ user_id: r.user_id as string, show_id: r.show_id });
    }
  }
  return rows;
}

/** The show names people's show records carry, each once. */
export async function recordedShowNames(db: Queryable): Promise<string[]> {
  const rows = await db.selectFrom("show_record").select("show_name").distinct().execute();
  return rows.map((r) => r.show_name);
}

/** Who has a show record (as owner or rider) from a show of one of `names`, and its name. */
export async function recordHolders(
  db: Queryable,
  names: readonly string[],
): Promise<{ user_id: string; show_name: string }[]> {
  if (names.length === 0) return [];
  const rows: { user_id: string; show_name: string }[] = [];
  for (let i = 0; i < names.length; i += 500) {
    const some = names.slice(i, i + 500);
    rows.push(
      ...(await db
        .selectFrom("show_record")
        .select(["owner_id as user_id", "show_name"])
        .where("show_name", "in", some)
        .union(
          db
            .selectFrom("show_record")
            .select(["rider_id as user_id", "show_name"])
            .where("show_name", "in", some),
        )
        .execute()),
    );
  }
  return rows;
}

/** The divisions of the horses `userIds` own or train. */
export async function horseDivisionsOfPeople(
  db: Queryable,
  userIds: readonly string[],
): Promise<{ user_id: string; division_id: string }[]> {
  const rows: { user_id: string; division_id: string }[] = [];
  for (let i = 0; i < userIds.length; i += 500) {
    const ids = userIds.slice(i, i + 500);
    rows.push(
      ...(await db
        .selectFrom("horse_owner as o")
        .innerJoin("horse_division as d", "d.horse_id", "o.horse_id")
        .select(["o.user_id", "d.division_id"])
        .where("o.user_id", "in", ids)
        .union(
          db
            .selectFrom("horse_trainer as t")
            .innerJoin("horse_division as d", "d.horse_id", "t.horse_id")
            .select(["t.user_id", "d.division_id"])
            .where("t.user_id", "in", ids),
        )
        .execute()),
    );
  }
  return rows;
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
