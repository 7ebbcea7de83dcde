import type { Kysely } from "kysely";
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

export interface ShowClassStats {
  count: number;
  /** Position of the show's first class; positions run on from it unless classes were removed. */
  first: number;
  /** True when the positions have no gaps, so a class's place in the show is `position - first`. */
  contiguous: boolean;
  anyDated: boolean;
}

/** Per show: how many classes, where their positions start, whether they have gaps, whether any is dated. */
export async function showClassStats(
  db: Queryable,
  showIds: readonly string[],
): Promise<Map<string, ShowClassStats>> {
  const stats = new Map<string, ShowClassStats>();
  if (showIds.length === 0) return stats;
  const ids = [...showIds];
  const [counts, dated] = await Promise.all([
    db
      .selectFrom("show_class")
      .select((eb) => [
        "show_id",
        eb.fn.countAll<number | string>().as("n"),
        eb.fn.min<number | string>("position").as("first"),
        eb.fn.max<number | string>("position").as("last"),
      ])
      .where("show_id", "in", ids)
      .groupBy("show_id")
      .execute(),
    db
      .selectFrom("show_class")
      .select("show_id")
      .distinct()
      .where("show_id", "in", ids)
      .where("date", "is not", null)
      .execute(),
  ]);
  const datedShows = new Set(dated.map((r) => r.show_id));
  for (const row of counts) {
    const count = Number(row.n);
    const first = Number(row.first);
    stats.set(row.show_id, {
      count,
      first,
      contiguous: Number(row.last) - first + 1 === count,
      anyDated: datedShows.has(row.show_id),
    });
  }
  return stats;
}

/** Every class's 0-based place in its show's running order, for the (rare) shows whose positions have gaps. */
export async function classPlaces(db: Queryable, showIds: readonly string[]): Promise<Map<string, number>> {
  const places = new Map<string, number>();
  if (showIds.length === 0) return places;
  const rows = await db
    .selectFrom("show_class")
    .select(["show_id", "id", "position"])
    .where("show_id", "in", [...showIds])
    .orderBy("show_id")
    .orderBy("position")
    .execute();
  let show = "";
  let index = 0;
  for (const row of rows) {
    index = row.show_id === show ? index + 1 : 0;
    show = row.show_id;
    places.set(`${row.show_id}\u0000${row.id}`, index);
  }
  return places;
}

/** Names per statement: well inside both engines' bound-parameter limits. */
const NAME_CHUNK = 5000;

/** Only the classes of the given shows whose names are in `names` (through the (show_id, name) index). */
export async function classesNamed(db: Queryable, showIds: readonly string[], names: readonly string[]) {
  if (showIds.length === 0 || names.length === 0) return [];
  const rows = [];
  for (let i = 0; i < names.length; i += NAME_CHUNK) {
    rows.push(
      ...(await db
        .selectFrom("show_class")
        .select(["show_id", "id", "number", "name", "date", "position"])
        .where("show_id", "in", [...showIds])
        .where("name", "in", names.slice(i, i + NAME_CHUNK))
        .execute()),
    );
  }
  return rows.sort((a, b) =>
    a.show_id < b.show_id ? -1 : a.show_id > b.show_id ? 1 : a.position - b.position,
  );
}
