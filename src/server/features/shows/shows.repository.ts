import { type Kysely, type SqlBool, sql, type Transaction } from "kysely";
import type { ShowPeriod } from "#domain/contracts/shows.ts";
import { divisionName } from "#domain/shows/divisions.ts";
import { CATALOGUE_VERSION } from "#server/db/migrations/011-api-performance.ts";
import type { Database, ShowClassTable } from "#server/db/schema.ts";
import { allWordsLike } from "#server/db/word-search.ts";

type Queryable = Kysely<Database> | Transaction<Database>;

export interface ShowRow {
  id: string;
  name: string;
  start_date: string;
  end_date: string;
  location: string;
  sanctioning_org: string | null;
  is_ai_prediction: number;
}

export interface ShowFilter {
  name?: string | undefined;
  location?: string | undefined;
  judges: readonly string[];
  divisions: readonly string[];
  orgs: readonly string[];
  period: ShowPeriod;
  /** yyyy-mm-dd: shows ending before it are past. */
  today: string;
}

export interface ShowKey {
  startDate: string;
  id: string;
}

/** Later than any real date (dates are yyyy-mm-dd text). */
const LAST_DAY = "9999-12-31";

const SHOW_COLUMNS = [
  "s.id",
  "s.name",
  "s.start_date",
  "s.end_date",
  "s.location",
  "s.sanctioning_org",
  "s.is_ai_prediction",
] as const;

/**
 * One page of shows matching the filter, after `after` when given: upcoming shows by start date then
 * id ascending, past shows the other way round (most recent first).
 *
 * Upcoming pages are the union of two cheap reads, so years of past seasons are never walked: shows
 * starting today or later (a range of `show_start`, stopping at the page size), and shows already
 * running (end today or later but started before: a range of `show_end_start`, which holds both dates,
 * over upcoming shows only).
 */
export async function listShows(
  db: Queryable,
  filter: ShowFilter,
  page: { after: ShowKey | null; limit: number },
): Promise<ShowRow[]> {
  if (filter.period === "past") {
    return filtered(db, filter, page.after, "desc")
      .where("s.end_date", "<", filter.today)
      .orderBy("s.start_date", "desc")
      .orderBy("s.id", "desc")
      .limit(page.limit)
      .execute();
  }
  const starting = filtered(db, filter, page.after, "asc")
    .where("s.start_date", ">=", filter.today)
    .orderBy("s.start_date")
    .orderBy("s.id")
    .limit(page.limit);
  // The always-true upper bound makes end_date a two-sided range, which SQLite's planner prefers, so it
  // reads `show_end_start` (upcoming shows only) rather than walking past ones through `show_start`.
  const running = filtered(db, filter, page.after, "asc")
    .where("s.end_date", ">=", filter.today)
    .where("s.end_date", "<=", LAST_DAY)
    .where("s.start_date", "<", filter.today);
  return db
    .selectFrom((eb) =>
      eb
        .selectFrom(starting.as("starting"))
        .selectAll()
        .unionAll(eb.selectFrom(running.as("running")).selectAll())
        .as("s"),
    )
    .selectAll()
    .orderBy("s.start_date")
    .orderBy("s.id")
    .limit(page.limit)
    .execute();
}

/**
 * Shows matching the filters (not the period) whose days meet `from`..`to` (yyyy-mm-dd, inclusive),
 * by start date, at most `limit` (the season calendar, issue 25).
 */
export function listShowsBetween(
  db: Queryable,
  filter: Omit<ShowFilter, "period" | "today">,
  range: { from: string; to: string; limit: number },
): Promise<ShowRow[]> {
  return filtered(db, { ...filter, period: "upcoming", today: range.from }, null, "asc")
    .where("s.start_date", "<=", range.to)
    .where("s.end_date", ">=", range.from)
    .orderBy("s.start_date")
    .orderBy("s.id")
    .limit(range.limit)
    .execute();
}

/** Shows matching every filter except the date scope, after `after`. */
function filtered(db: Queryable, filter: ShowFilter, after: ShowKey | null, direction: "asc" | "desc") {
  let q = db.selectFrom("show as s").select(SHOW_COLUMNS);
  const conditions = [
    ...allWordsLike("s.name", filter.name ?? ""),
    ...allWordsLike("s.location", filter.location ?? ""),
  ];
  for (const condition of conditions) q = q.where(condition);
  if (filter.orgs.length > 0) q = q.where("s.sanctioning_org", "in", [...filter.orgs]);
  if (filter.judges.length > 0) {
    // A judge sits on few shows: collecting their ids through the name index once beats probing every show.
    const judges = [...filter.judges];
    q = q.where("s.id", "in", (eb) =>
      eb.selectFrom("show_judge as j").select("j.show_id").where("j.name", "in", judges),
    );
  }
  if (filter.divisions.length > 0) {
    const divisions = [...filter.divisions];
    q = q.where(({ exists, selectFrom }) =>
      exists(
        selectFrom("show_class as c")
          .select("c.show_id")
          .whereRef("c.show_id", "=", "s.id")
          .where("c.division_id", "in", divisions),
      ),
    );
  }
  const beyond = direction === "desc" ? "<" : ">";
  if (after) {
    q = q.where((eb) =>
      eb.or([
        eb("s.start_date", beyond, after.startDate),
        eb.and([eb("s.start_date", "=", after.startDate), eb("s.id", beyond, after.id)]),
      ]),
    );
  }
  return q;
}

/** Judge names of the given shows, in each show's order. One query for the whole page. */
export async function judgesOf(db: Queryable, showIds: readonly string[]): Promise<Map<string, string[]>> {
  const byShow = new Map<string, string[]>(showIds.map((id) => [id, []]));
  if (showIds.length === 0) return byShow;
  const rows = await db
    .selectFrom("show_judge")
    .select(["show_id", "name"])
    .where("show_id", "in", [...showIds])
    .orderBy("show_id")
    .orderBy("position")
    .execute();
  for (const row of rows) byShow.get(row.show_id)?.push(row.name);
  return byShow;
}

/** The show's revision (migration 007: bumped by triggers on any change to it, its judges or classes). */
export async function findShowRevision(db: Queryable, id: string): Promise<number | undefined> {
  const row = await db.selectFrom("show").select("revision").where("id", "=", id).executeTakeFirst();
  return row === undefined ? undefined : Number(row.revision);
}

export async function findShow(db: Queryable, id: string): Promise<ShowRow | undefined> {
  return db.selectFrom("show as s").select(SHOW_COLUMNS).where("s.id", "=", id).executeTakeFirst();
}

export async function classesOf(
  db: Queryable,
  showId: string,
): Promise<
  (Pick<ShowClassTable, "id" | "number" | "name" | "date" | "division_id"> & {
    session_id: string | null;
    planned_start: string | null;
  })[]
> {
  return db
    .selectFrom("show_class")
    .select(["id", "number", "name", "date", "division_id", "session_id", "planned_start"])
    .where("show_id", "=", showId)
    .orderBy("position")
    .execute();
}

export interface FacetCount {
  value: string;
  count: number;
}

/** The judges, divisions and orgs occurring among the upcoming (or the past) shows, each with its number of shows. */
export async function showFacets(
  db: Queryable,
  opts: { period: ShowPeriod; today: string },
): Promise<{ judges: FacetCount[]; divisions: (FacetCount & { name: string })[]; orgs: FacetCount[] }> {
  const past = opts.period === "past";
  const inScope = (column: "j.show_id" | "c.show_id") =>
    past
      ? sql<SqlBool>`${sql.ref(column)} in (select id from show where end_date < ${opts.today})`
      : sql<SqlBool>`${sql.ref(column)} in (select id from show where end_date >= ${opts.today})`;

  const judgeQuery = db
    .selectFrom("show_judge as j")
    .select((eb) => ["j.name as value", eb.fn.count<number | string>("j.show_id").distinct().as("count")])
    .groupBy("j.name")
    .where(inScope("j.show_id"));

  const divisionQuery = db
    .selectFrom("show_division as c")
    .select((eb) => ["c.division_id as value", eb.fn.count<number | string>("c.show_id").as("count")])
    .groupBy("c.division_id")
    .where(inScope("c.show_id"));

  const orgQuery = db
    .selectFrom("show as s")
    .select((eb) => ["s.sanctioning_org as value", eb.fn.countAll<number | string>().as("count")])
    .where("s.sanctioning_org", "is not", null)
    .groupBy("s.sanctioning_org")
    .where("s.end_date", past ? "<" : ">=", opts.today);

  const [judges, divisions, orgs] = await Promise.all([
    judgeQuery.execute(),
    divisionQuery.execute(),
    orgQuery.execute(),
  ]);
  const counted = (rows: { value: string | null; count: number | string }[]) =>
    rows
      .filter((r): r is { value: string; count: number | string } => !!r.value)
      .map((r) => ({ value: r.value, count: Number(r.count) }))
      .sort((a, b) => a.value.localeCompare(b.value));
  return {
    judges: counted(judges),
    divisions: counted(divisions)
      .map((d) => ({ ...d, name: divisionName(d.value) }))
      .sort((a, b) => a.name.localeCompare(b.name)),
    orgs: counted(orgs),
  };
}

/** The catalogue counter (migration 011): any show added, changed or removed, any user or horse renamed. */
export async function catalogueVersion(db: Kysely<Database>): Promise<number> {
  const row = await db
    .selectFrom("cache_version")
    .select("version")
    .where("subject", "=", CATALOGUE_VERSION)
    .executeTakeFirst();
  return Number(row?.version ?? 0);
}
