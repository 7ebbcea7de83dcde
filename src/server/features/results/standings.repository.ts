import { type Expression, type ExpressionBuilder, type Kysely, sql, type Transaction } from "kysely";
import { newestPrintedOwners } from "#domain/results/printed-owner.ts";
import { standingKey } from "#domain/results/standing-deltas.ts";
import {
  isRankOrder,
  type StandingsSort,
  type StandingsSortParam,
  standingsSortOf,
} from "#domain/results/standings-sort.ts";
import { sortParam } from "#domain/sorting/table-sort.ts";
import type { DbKind, Queryable } from "#server/db/client.ts";
import { STANDINGS_VERSION } from "#server/db/migrations/039-standings-versions.ts";
import { reusableQuery, reusableStatement } from "#server/db/reusable-query.ts";
import type { Database, StandingShowTable, StandingTable } from "#server/db/schema.ts";
import { ownedOrTrained } from "./horse-results.repository.ts";

/**
 * One lock per organisation and year while its standings change, so two publications never both
 * count a horse as new to a division. SQLite has one writer already.
 */
export async function lockStandings(
  trx: Transaction<Database>,
  kind: DbKind,
  year: number,
  org: string,
): Promise<void> {
  if (kind !== "postgres") return;
  await sql`select pg_advisory_xact_lock(hashtext(${`standings:${year}:${org}`}))`.execute(trx);
}

export type StandingKey = Pick<StandingTable, "year" | "org" | "division_id" | "horse_key">;

export async function standingsFor(
  trx: Queryable,
  group: { year: number; org: string },
  divisionIds: readonly string[],
  horseKeys: readonly string[],
): Promise<StandingTable[]> {
  if (divisionIds.length === 0 || horseKeys.length === 0) return [];
  return trx
    .selectFrom("standing")
    .selectAll()
    .where("year", "=", group.year)
    .where("org", "=", group.org)
    .where("division_id", "in", [...divisionIds])
    .where("horse_key", "in", [...horseKeys])
    .execute();
}

export async function standingShowsFor(
  trx: Queryable,
  group: { year: number; org: string; showId: string },
  divisionIds: readonly string[],
  horseKeys: readonly string[],
): Promise<StandingShowTable[]> {
  if (divisionIds.length === 0 || horseKeys.length === 0) return [];
  return trx
    .selectFrom("standing_show")
    .selectAll()
    .where("year", "=", group.year)
    .where("org", "=", group.org)
    .where("show_id", "=", group.showId)
    .where("division_id", "in", [...divisionIds])
    .where("horse_key", "in", [...horseKeys])
    .execute();
}

export interface GroupDelta {
  year: number;
  org: string;
  division_id: string;
  delta: number;
}

export interface PointsDelta extends GroupDelta {
  points: number;
}

/**
 * Writes standing rows as computed, removes those left with no classes, and moves the group counts and
 * the horses per points total.
 */
export async function writeStandings(
  trx: Transaction<Database>,
  rows: readonly StandingTable[],
  gone: readonly StandingKey[],
  groupDeltas: ReadonlyMap<string, GroupDelta>,
  pointsDeltas: ReadonlyMap<string, PointsDelta>,
): Promise<void> {
  for (const row of rows) {
    await trx
      .insertInto("standing")
      .values(row)
      .onConflict((oc) =>
        oc.columns(["year", "org", "division_id", "horse_key"]).doUpdateSet({
          horse_id: row.horse_id,
          horse_name: row.horse_name,
          points: row.points,
          shows: row.shows,
          classes: row.classes,
          firsts: row.firsts,
          seconds: row.seconds,
          thirds: row.thirds,
          owner_name: row.owner_name,
        }),
      )
      .execute();
  }
  for (const key of gone) {
    await trx
      .deleteFrom("standing")
      .where("year", "=", key.year)
      .where("org", "=", key.org)
      .where("division_id", "=", key.division_id)
      .where("horse_key", "=", key.horse_key)
      .execute();
  }
  for (const g of groupDeltas.values()) {
    if (g.delta === 0) continue;
    await trx
      .insertInto("standing_group")
      .values({ year: g.year, org: g.org, division_id: g.division_id, horses: g.delta })
      .onConflict((oc) =>
        oc
          .columns(["year", "org", "division_id"])
          .doUpdateSet((eb) => ({ horses: eb("standing_group.horses", "+", g.delta) })),
      )
      .execute();
  }
  await trx.deleteFrom("standing_group").where("horses", "<=", 0).execute();
  let emptied = false;
  for (const p of pointsDeltas.values()) {
    if (p.delta === 0) continue;
    emptied ||= p.delta < 0;
    await trx
      .insertInto("standing_points")
      .values({ year: p.year, org: p.org, division_id: p.division_id, points: p.points, horses: p.delta })
      .onConflict((oc) =>
        oc
          .columns(["year", "org", "division_id", "points"])
          .doUpdateSet((eb) => ({ horses: eb("standing_points.horses", "+", p.delta) })),
      )
      .execute();
  }
  if (emptied) await trx.deleteFrom("standing_points").where("horses", "<=", 0).execute();
}

export async function writeStandingShows(
  trx: Transaction<Database>,
  rows: readonly StandingShowTable[],
): Promise<void> {
  for (const row of rows) {
    if (row.classes <= 0) {
      await trx
        .deleteFrom("standing_show")
        .where("year", "=", row.year)
        .where("org", "=", row.org)
        .where("division_id", "=", row.division_id)
        .where("horse_key", "=", row.horse_key)
        .where("show_id", "=", row.show_id)
        .execute();
      continue;
    }
    await trx
      .insertInto("standing_show")
      .values(row)
      .onConflict((oc) =>
        oc
          .columns(["year", "org", "division_id", "horse_key", "show_id"])
          .doUpdateSet({ classes: row.classes }),
      )
      .execute();
  }
}

const standingsVersionRow = reusableQuery(1, (db, viewerId: string) => {
  const counter = (subject: string) =>
    db.selectFrom("cache_version").select("version").where("subject", "=", subject);
  return db.selectNoFrom([counter(STANDINGS_VERSION).as("standings"), counter(viewerId).as("own")]);
});

/**
 * The version of the standings as the viewer reads them (migration 039): every standing's counter and the
 * viewer's own, which moves when a horse becomes or stops being theirs (the rows marked as theirs). Each
 * only grows, so equal versions mean equal answers to the same query.
 */
export async function standingsVersion(db: Queryable, viewerId: string): Promise<string> {
  const [row] = await standingsVersionRow(db, viewerId);
  return `${Number(row?.standings ?? 0)}.${Number(row?.own ?? 0)}`;
}

const standingGroupsQuery = reusableQuery(0, (db) =>
  db.selectFrom("standing_group").selectAll().orderBy("year", "desc").orderBy("org").orderBy("division_id"),
);

/** Every year, organisation and division with standings, and its horses (compiled once: every standings page reads it). */
export const standingGroups = (db: Queryable) => standingGroupsQuery(db);

export interface StandingGroupKey {
  year: number;
  org: string;
  division: string;
}

const mineOf = <DB, TB extends keyof DB>(eb: ExpressionBuilder<DB, TB>, viewerId: string) =>
  ownedOrTrained(eb, "s.horse_id", viewerId);

/**
 * The years, organisations and divisions where the viewer has a horse (owned or trained), newest year
 * first, then where that horse has most points: Standings opens on one of these (issue 34).
 */
export async function viewerGroups(db: Queryable, viewerId: string): Promise<StandingGroupKey[]> {
  const rows = await db
    .selectFrom("standing as s")
    .select((eb) => ["s.year", "s.org", "s.division_id", eb.fn.max("s.points").as("best")])
    .where((eb) => mineOf(eb, viewerId))
    .groupBy(["s.year", "s.org", "s.division_id"])
    .orderBy("s.year", "desc")
    .orderBy("best", "desc")
    .orderBy("s.org")
    .orderBy("s.division_id")
    .limit(50)
    .execute();
  return rows.map((r) => ({ year: Number(r.year), org: r.org, division: r.division_id }));
}

export type StandingsPageRow = StandingTable & { mine: number | string; above: number | string | null };

/**
 * A page of a division's standings in one statement. The page's keys come first from the ranking index
 * alone (`standing_rank` holds every column they need, so a deep page walks index entries, not table
 * rows); then its 50 rows are read, each saying whether it is one of the viewer's horses and carrying
 * `above`, the horses on higher totals (`standing_points`): for the page's first row only (the ranks
 * after it follow the order), or for each row when only the viewer's horses are listed or another order
 * than the ranks' is asked for (each keeps its rank among all horses). Another order (ADR 048) sorts the
 * whole division by its column and then in rank order, so a page of it is always the same horses.
 */
function standingsPageQuery(db: Kysely<Database>, group: StandingGroupKey, options: PageOptions) {
  let keys = db
    .selectFrom("standing as s")
    .select(["s.horse_key", "s.points"])
    .where("s.year", "=", group.year)
    .where("s.org", "=", group.org)
    .where("s.division_id", "=", group.division);
  if (options.onlyMine) keys = keys.where((eb) => mineOf(eb, options.viewerId));
  const order = orderOf(options.sort);
  keys = order
    .reduce((q, [by, direction]) => q.orderBy(by, direction), keys)
    .limit(options.limit)
    .offset(options.offset);
  const page = db
    .with("page", () => keys)
    .selectFrom("page")
    // A cross join so SQLite reads the 50 keys first and then their rows (with an inner join it walked the
    // whole division by the ranking index to save the final sort); PostgreSQL plans it as the join it is.
    .crossJoin("standing as s")
    .whereRef("s.horse_key", "=", "page.horse_key")
    .where("s.year", "=", group.year)
    .where("s.org", "=", group.org)
    .where("s.division_id", "=", group.division)
    .selectAll("s")
    .select((eb) => eb.case().when(mineOf(eb, options.viewerId)).then(1).else(0).end().as("mine"))
    .select((eb) => {
      const higher = eb
        .selectFrom("standing_points as p")
        .select((e) => e.fn.sum<number | string | null>("p.horses").as("n"))
        .where("p.year", "=", group.year)
        .where("p.org", "=", group.org)
        .where("p.division_id", "=", group.division);
      return (
        options.onlyMine || !isRankOrder(options.sort)
          ? higher.whereRef("p.points", ">", "s.points")
          : // The first row's count, once: the page's highest total is a scalar.
            higher.where(
              "p.points",
              ">",
              eb.selectFrom("page as top").select((e) => e.fn.max("top.points").as("m")),
            )
      ).as("above");
    });
  return order.reduce((q, [by, direction]) => q.orderBy(by, direction), page);
}

interface PageOptions {
  offset: number;
  limit: number;
  viewerId: string;
  onlyMine: boolean;
  sort: StandingsSort;
}

type Order = [by: Expression<unknown>, direction: "asc" | "desc"][];

/**
 * The ORDER BY of a sort, the same expressions over `standing as s` in the page's keys and in its rows. The
 * rank order is the ranking index's; any other column comes first and the rank order breaks its ties.
 */
function orderOf(sort: StandingsSort): Order {
  const ranks: Order = [
    [sql.ref("s.points"), "desc"],
    [sql.ref("s.horse_name"), "asc"],
    [sql.ref("s.horse_key"), "asc"],
  ];
  const turned = ranks.map(([by, d]): Order[number] => [by, d === "asc" ? "desc" : "asc"]);
  const direction = sort.direction === "ascending" ? "asc" : "desc";
  const first = (...columns: Expression<unknown>[]): Order => [
    ...columns.map((by): Order[number] => [by, direction]),
    ...ranks,
  ];
  switch (sort.column) {
    case "rank":
    case "points":
      return isRankOrder(sort) ? ranks : turned;
    case "horse":
      return first(sql`lower(${sql.ref("s.horse_name")})`);
    case "owner":
      // No owner printed: last, either way round; then the owners as the horses' names sort.
      return [
        [sql`case when ${sql.ref("s.owner_name")} = '' then 1 else 0 end`, "asc"],
        ...first(sql`lower(${sql.ref("s.owner_name")})`),
      ];
    case "shows":
      return first(sql.ref("s.shows"));
    case "placings":
      return first(sql.ref("s.firsts"), sql.ref("s.seconds"), sql.ref("s.thirds"), sql.ref("s.classes"));
  }
}

// Built and compiled once per shape: building this statement with Kysely cost more CPU than running it.
const standingsPageStatement = reusableStatement<StandingsPageRow>((db, shape, values) => {
  const [year, org, division, limit, offset, viewerId] = values as [
    number,
    string,
    string,
    number,
    number,
    string,
  ];
  const [mine, sort] = shape.split(" ") as ["mine" | "all", StandingsSortParam];
  return standingsPageQuery(
    db,
    { year, org, division },
    { limit, offset, viewerId, onlyMine: mine === "mine", sort: standingsSortOf(sort) },
  );
});

export async function standingsPage(
  db: Queryable,
  group: StandingGroupKey,
  options: PageOptions,
): Promise<StandingsPageRow[]> {
  const values = [group.year, group.org, group.division, options.limit, options.offset, options.viewerId];
  const shape = `${options.onlyMine ? "mine" : "all"} ${sortParam(options.sort)}`;
  return (await standingsPageStatement(db, shape, values)).rows;
}

/** How many of the group's horses the viewer owns or trains. */
export async function countMine(db: Queryable, group: StandingGroupKey, viewerId: string): Promise<number> {
  const row = await db
    .selectFrom("standing as s")
    .select((eb) => eb.fn.countAll<number | string>().as("n"))
    .where("s.year", "=", group.year)
    .where("s.org", "=", group.org)
    .where("s.division_id", "=", group.division)
    .where((eb) => mineOf(eb, viewerId))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

// Horse detail reads these two on every view: compiled once (building them cost more CPU than SQLite took to run them).
const horseStandingQuery = reusableQuery(1, (db, horseId) =>
  db
    .selectFrom("standing as s")
    .innerJoin("standing_group as g", (j) =>
      j
        .onRef("g.year", "=", "s.year")
        .onRef("g.org", "=", "s.org")
        .onRef("g.division_id", "=", "s.division_id"),
    )
    .select((eb) => [
      "s.year",
      "s.org",
      "s.division_id",
      "s.points",
      "g.horses",
      // The horses on higher totals, in the same round trip (the rank is one more).
      eb
        .selectFrom("standing_points as p")
        .select((e) => e.fn.sum<number | string | null>("p.horses").as("n"))
        .whereRef("p.year", "=", "s.year")
        .whereRef("p.org", "=", "s.org")
        .whereRef("p.division_id", "=", "s.division_id")
        .whereRef("p.points", ">", "s.points")
        .as("above"),
    ])
    .where("s.horse_id", "=", horseId)
    .orderBy("s.year", "desc")
    .orderBy("s.points", "desc"),
);

export const horseStandingRows = (db: Queryable, horseId: string) => horseStandingQuery(db, horseId);

/**
 * The owner printed at each named standing's newest show (newestPrintedOwners, ADR 048), keyed by
 * `standingKey`: the horse's shows come from `standing_show` (its key), the lines from those shows' results
 * (`result_class_lines`). Of the named horses in the named divisions, or of every horse in them when
 * `horseKeys` is null (a season's load). A standing whose shows have no lines is not in the map.
 */
export async function printedOwners(
  db: Queryable,
  group: { year: number; org: string },
  divisionIds: readonly string[],
  horseKeys: readonly string[] | null,
): Promise<Map<string, string>> {
  if (divisionIds.length === 0 || horseKeys?.length === 0) return new Map();
  let lines = db
    .selectFrom("standing_show as ss")
    .innerJoin("show as sh", "sh.id", "ss.show_id")
    .innerJoin("result as r", (j) =>
      j
        .onRef("r.show_id", "=", "ss.show_id")
        .onRef("r.horse_key", "=", "ss.horse_key")
        .onRef("r.division_id", "=", "ss.division_id"),
    )
    .select(["ss.division_id", "ss.horse_key", "ss.show_id", "r.owner_name"])
    .where("ss.year", "=", group.year)
    .where("ss.org", "=", group.org)
    .where("ss.division_id", "in", [...divisionIds]);
  if (horseKeys) lines = lines.where("ss.horse_key", "in", [...horseKeys]);
  const rows = await lines
    .orderBy("sh.start_date", "desc")
    .orderBy("ss.show_id")
    .orderBy("r.class_id")
    .execute();
  return newestPrintedOwners(
    rows.map((r) => ({
      standing: standingKey({ ...group, division_id: r.division_id, horse_key: r.horse_key }),
      show_id: r.show_id,
      owner_name: r.owner_name,
    })),
  );
}

/** The standings (year, organisation, division, horse) with lines at a show: those its date orders. */
export async function standingsAtShow(db: Queryable, showId: string): Promise<StandingKey[]> {
  const rows = await db
    .selectFrom("result")
    .select(["year", "org", "division_id", "horse_key"])
    .distinct()
    .where("show_id", "=", showId)
    .where("division_id", "is not", null)
    .execute();
  return rows.map((r) => ({
    year: Number(r.year),
    org: r.org,
    division_id: r.division_id ?? "",
    horse_key: r.horse_key,
  }));
}

/** Writes standings' owners (standings that are gone are left gone). */
export async function writeOwners(
  trx: Transaction<Database>,
  owners: readonly (StandingKey & { owner_name: string })[],
): Promise<void> {
  for (const o of owners) {
    await trx
      .updateTable("standing")
      .set({ owner_name: o.owner_name })
      .where("year", "=", o.year)
      .where("org", "=", o.org)
      .where("division_id", "=", o.division_id)
      .where("horse_key", "=", o.horse_key)
      .execute();
  }
}
