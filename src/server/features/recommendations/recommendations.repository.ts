import { type Kysely, sql } from "kysely";
import type { Database } from "#server/db/schema.ts";

type Queryable = Kysely<Database>;

/** Horses the user owns, plus (when `trains`) those they train; by name, no duplicates. */
export async function plannerHorses(db: Queryable, userId: string, trains: boolean) {
  let query = db
    .selectFrom("horse as h")
    .select(["h.id", "h.name"])
    .where((eb) => {
      const owns = eb.exists(
        eb
          .selectFrom("horse_owner as o")
          .select("o.horse_id")
          .whereRef("o.horse_id", "=", "h.id")
          .where("o.user_id", "=", userId),
      );
      if (!trains) return owns;
      return eb.or([
        owns,
        eb.exists(
          eb
            .selectFrom("horse_trainer as t")
            .select("t.horse_id")
            .whereRef("t.horse_id", "=", "h.id")
            .where("t.user_id", "=", userId),
        ),
      ]);
    });
  query = query.orderBy("h.name").orderBy("h.id");
  return query.execute();
}

export async function countUpcomingShows(db: Queryable, today: string): Promise<number> {
  const row = await db
    .selectFrom("show")
    .select((eb) => eb.fn.countAll<number | string>().as("n"))
    .where("end_date", ">=", today)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The distinct class names of the given shows: what the rules engine needs to judge, once per name. */
export async function distinctClassNames(db: Queryable, showIds: readonly string[]): Promise<string[]> {
  if (showIds.length === 0) return [];
  const rows = await db
    .selectFrom("show_class")
    .select("name")
    .distinct()
    .where("show_id", "in", [...showIds])
    .execute();
  return rows.map((r) => r.name);
}

export interface PlacedClass {
  show_id: string;
  id: string;
  number: string;
  name: string;
  date: string | null;
  /** 0-based place in the show's running order. */
  idx: number | string;
  /** How many classes the show has. */
  n: number | string;
  /** 1 when any class of the show carries a date. */
  any_dated: number | string;
}

/** Names per statement: well inside both engines' bound-parameter limits. */
const NAME_CHUNK = 5000;

/**
 * Only the classes of the given shows whose names are in `names`, each with its place in the show and the
 * show's class count (window functions over the whole show), so the class-dates rule can date it without
 * fetching the show's other classes.
 */
export async function classesNamed(
  db: Queryable,
  showIds: readonly string[],
  names: readonly string[],
): Promise<PlacedClass[]> {
  if (showIds.length === 0 || names.length === 0) return [];
  const rows: PlacedClass[] = [];
  for (let i = 0; i < names.length; i += NAME_CHUNK) {
    const chunk = names.slice(i, i + NAME_CHUNK);
    const placed = db
      .selectFrom("show_class")
      .select([
        "show_id",
        "id",
        "number",
        "name",
        "date",
        "position",
        sql<number>`row_number() over (partition by show_id order by position) - 1`.as("idx"),
        sql<number>`count(*) over (partition by show_id)`.as("n"),
        sql<number>`max(case when date is null then 0 else 1 end) over (partition by show_id)`.as(
          "any_dated",
        ),
      ])
      .where("show_id", "in", [...showIds])
      .as("placed");
    rows.push(
      ...(await db
        .selectFrom(placed)
        .select(["show_id", "id", "number", "name", "date", "idx", "n", "any_dated"])
        .where("name", "in", chunk)
        .orderBy("show_id")
        .orderBy("position")
        .execute()),
    );
  }
  return rows;
}
