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
