import { type ExpressionBuilder, type Kysely, sql, type Transaction } from "kysely";
import type { DbKind } from "#server/db/client.ts";
import { reusableQuery, reusableStatement } from "#server/db/reusable-query.ts";
import type { Database, ResultTable, StandingShowTable, StandingTable } from "#server/db/schema.ts";

type Queryable = Kysely<Database> | Transaction<Database>;

export interface ResultShowRow {
  id: string;
  name: string;
  start_date: string;
  sanctioning_org: string | null;
}

export async function findResultShow(db: Queryable, showId: string): Promise<ResultShowRow | undefined> {
  return db
    .selectFrom("show")
    .select(["id", "name", "start_date", "sanctioning_org"])
    .where("id", "=", showId)
    .executeTakeFirst();
}

export async function findShowClass(db: Queryable, showId: string, classId: string) {
  return db
    .selectFrom("show_class")
    .select(["id", "number", "name", "division_id"])
    .where("show_id", "=", showId)
    .where("id", "=", classId)
    .executeTakeFirst();
}

export async function stewardIdsOf(db: Queryable, showId: string): Promise<string[]> {
  const rows = await db.selectFrom("ring_steward").select("user_id").where("show_id", "=", showId).execute();
  return rows.map((r) => r.user_id);
}

export async function allHorseNames(db: Queryable): Promise<{ id: string; name: string }[]> {
  return db.selectFrom("horse").select(["id", "name"]).execute();
}

/**
 * The names every horse was printed under and confirmed, by horse, for the preview's matching (which
 * normalises the printed spelling). Publishing looks names up by key instead (`horsesNamedExactly`).
 */
export async function aliasNames(db: Queryable): Promise<Map<string, string[]>> {
  const names = new Map<string, string[]>();
  const rows = await db.selectFrom("horse_alias").select(["horse_id", "printed"]).execute();
  for (const r of rows) names.set(r.horse_id, [...(names.get(r.horse_id) ?? []), r.printed]);
  return names;
}

/** Remembers printed names for horses; a name the horse already has stays as first confirmed. */
export async function insertAliases(
  trx: Transaction<Database>,
  rows: readonly Database["horse_alias"][],
): Promise<void> {
  if (rows.length === 0) return;
  await trx
    .insertInto("horse_alias")
    .values([...rows])
    .onConflict((oc) => oc.columns(["horse_id", "name_key"]).doNothing())
    .execute();
}

export async function horseAliasRows(db: Queryable, horseId: string) {
  return db
    .selectFrom("horse_alias")
    .select(["id", "printed", "confirmed_at"])
    .where("horse_id", "=", horseId)
    .orderBy("confirmed_at")
    .orderBy("id")
    .execute();
}

/** Forgets one name of a horse; false when the horse has no such name. */
export async function deleteAlias(db: Queryable, horseId: string, aliasId: string): Promise<boolean> {
  const result = await db
    .deleteFrom("horse_alias")
    .where("id", "=", aliasId)
    .where("horse_id", "=", horseId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}

export async function horseNamesById(db: Queryable, ids: readonly string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom("horse")
    .select(["id", "name"])
    .where("id", "in", [...ids])
    .execute();
  return new Map(rows.map((r) => [r.id, r.name]));
}

/** The points scale of an organisation, or undefined for the default. */
export async function scaleRow(db: Queryable, org: string) {
  return db.selectFrom("points_scale").selectAll().where("org", "=", org).executeTakeFirst();
}

export async function saveScale(db: Queryable, row: Database["points_scale"]): Promise<void> {
  await db
    .insertInto("points_scale")
    .values(row)
    .onConflict((oc) =>
      oc.column("org").doUpdateSet({
        placings: row.placings,
        shown: row.shown,
        scale_by_size: row.scale_by_size,
        updated_at: row.updated_at,
      }),
    )
    .execute();
}

export async function resultClassRow(db: Queryable, showId: string, classId: string) {
  return db
    .selectFrom("result_class")
    .selectAll()
    .where("show_id", "=", showId)
    .where("class_id", "=", classId)
    .executeTakeFirst();
}

/** The show's published classes (all of them, or those of `classIds`), with their versions. */
/** The published classes of a show (of `classIds` only, unless null), each with its class row and version. */
export async function publishedClasses(db: Queryable, showId: string, classIds: readonly string[] | null) {
  let query = db
    .selectFrom("result_class as rc")
    .innerJoin("show_class as c", (j) =>
      j.onRef("c.show_id", "=", "rc.show_id").onRef("c.id", "=", "rc.class_id"),
    )
    .select(["c.id", "c.number", "c.name", "c.division_id", "rc.version"])
    .where("rc.show_id", "=", showId);
  if (classIds) query = query.where("rc.class_id", "in", [...classIds]);
  return query.execute();
}

/** Forgets a withdrawn class's publication; its history stays (result_history has no tie to it). */
export async function deleteResultClass(trx: Queryable, showId: string, classId: string): Promise<void> {
  await trx
    .deleteFrom("result_class")
    .where("show_id", "=", showId)
    .where("class_id", "=", classId)
    .execute();
}

/** Claims the class for its first publication; false when it was published already (or just now). */
export async function claimPublication(
  trx: Transaction<Database>,
  row: { show_id: string; class_id: string; published_by: string | null; published_at: string },
): Promise<boolean> {
  const result = await trx
    .insertInto("result_class")
    .values({ ...row, version: 1, corrected_at: null })
    .onConflict((oc) => oc.columns(["show_id", "class_id"]).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
}

/** Moves a published class to its next version; false when `version` is no longer the current one. */
export async function claimCorrection(
  trx: Transaction<Database>,
  key: { showId: string; classId: string; version: number; at: string },
): Promise<boolean> {
  const result = await trx
    .updateTable("result_class")
    .set({ version: key.version + 1, corrected_at: key.at })
    .where("show_id", "=", key.showId)
    .where("class_id", "=", key.classId)
    .where("version", "=", key.version)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function classLines(db: Queryable, showId: string, classId: string): Promise<ResultTable[]> {
  return db
    .selectFrom("result")
    .selectAll()
    .where("show_id", "=", showId)
    .where("class_id", "=", classId)
    .orderBy("line_no")
    .execute();
}

export async function insertLines(trx: Transaction<Database>, rows: readonly ResultTable[]): Promise<void> {
  if (rows.length > 0)
    await trx
      .insertInto("result")
      .values([...rows])
      .execute();
}

export async function updateLine(trx: Transaction<Database>, row: ResultTable): Promise<void> {
  const { id, ...rest } = row;
  await trx.updateTable("result").set(rest).where("id", "=", id).execute();
}

export async function deleteLines(trx: Transaction<Database>, ids: readonly string[]): Promise<void> {
  if (ids.length > 0)
    await trx
      .deleteFrom("result")
      .where("id", "in", [...ids])
      .execute();
}

export async function insertHistory(
  trx: Transaction<Database>,
  row: Database["result_history"],
): Promise<void> {
  await trx.insertInto("result_history").values(row).execute();
}

export async function historyOf(db: Queryable, showId: string, classId: string) {
  return db
    .selectFrom("result_history as h")
    .leftJoin("user as u", "u.id", "h.actor_id")
    .select(["h.version", "h.kind", "h.at", "h.lines", "u.name as by"])
    .where("h.show_id", "=", showId)
    .where("h.class_id", "=", classId)
    .orderBy("h.version", "desc")
    .execute();
}

/** Every published class of a show and its lines. */
export async function showLines(db: Queryable, showId: string) {
  const [classes, lines] = await Promise.all([
    db.selectFrom("result_class").selectAll().where("show_id", "=", showId).execute(),
    db.selectFrom("result").selectAll().where("show_id", "=", showId).orderBy("line_no").execute(),
  ]);
  return { classes, lines };
}

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

/** Sets the placing on the class entries of these horses (null for a horse no longer placed). */
export async function setEntryPlacings(
  trx: Transaction<Database>,
  showId: string,
  classId: string,
  placings: ReadonlyMap<string, string | null>,
): Promise<void> {
  for (const [horseId, placing] of placings) {
    await trx
      .updateTable("class_entry")
      .set({ placing })
      .where("show_id", "=", showId)
      .where("class_id", "=", classId)
      .where("horse_id", "=", horseId)
      .execute();
  }
}

/** An entry's rider, with the entry's author (whose blocks keep the rider from hearing of it). */
export interface EntryRider {
  riderId: string;
  authorId: string;
}

/** The riders entered on these horses in the class (they hear of the horse's placing too). */
export async function entryRiders(
  db: Queryable,
  showId: string,
  classId: string,
  horseIds: readonly string[],
): Promise<Map<string, EntryRider[]>> {
  const riders = new Map<string, EntryRider[]>();
  if (horseIds.length === 0) return riders;
  const rows = await db
    .selectFrom("class_entry")
    .select(["horse_id", "rider_id", "user_id"])
    .where("show_id", "=", showId)
    .where("class_id", "=", classId)
    .where("horse_id", "in", [...horseIds])
    .execute();
  for (const r of rows) {
    if (!r.horse_id || !r.rider_id) continue;
    const rider = { riderId: r.rider_id, authorId: r.user_id };
    riders.set(r.horse_id, [...(riders.get(r.horse_id) ?? []), rider]);
  }
  return riders;
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

/** Whether the horse `horseRef` names (a column such as `s.horse_id`) is one the user owns or trains. */
const ownedOrTrained = <DB, TB extends keyof DB>(
  eb: ExpressionBuilder<DB, TB>,
  horseRef: "s.horse_id" | "r.horse_id",
  userId: string,
) => {
  const e = eb as unknown as ExpressionBuilder<Database, never>;
  const horse = sql.ref<string>(horseRef);
  return e.or([
    e.exists(
      e
        .selectFrom("horse_owner as o")
        .select("o.horse_id")
        .where("o.horse_id", "=", horse)
        .where("o.user_id", "=", userId),
    ),
    e.exists(
      e
        .selectFrom("horse_trainer as tr")
        .select("tr.horse_id")
        .where("tr.horse_id", "=", horse)
        .where("tr.user_id", "=", userId),
    ),
  ]);
};

const mineOf = <DB, TB extends keyof DB>(eb: ExpressionBuilder<DB, TB>, viewerId: string) =>
  ownedOrTrained(eb, "s.horse_id", viewerId);

export type StandingsPageRow = StandingTable & { mine: number | string; above: number | string | null };

/**
 * A page of a division's standings in one statement. The page's keys come first from the ranking index
 * alone (`standing_rank` holds every column they need, so a deep page walks index entries, not table
 * rows); then its 50 rows are read, each saying whether it is one of the viewer's horses and carrying
 * `above`, the horses on higher totals (`standing_points`): for the page's first row only (the ranks
 * after it follow the order), or for each row when only the viewer's horses are listed (each keeps its
 * rank among all horses).
 */
function standingsPageQuery(
  db: Kysely<Database>,
  group: StandingGroupKey,
  options: { offset: number; limit: number; viewerId: string; onlyMine: boolean },
) {
  let keys = db
    .selectFrom("standing as s")
    .select(["s.horse_key", "s.points"])
    .where("s.year", "=", group.year)
    .where("s.org", "=", group.org)
    .where("s.division_id", "=", group.division);
  if (options.onlyMine) keys = keys.where((eb) => mineOf(eb, options.viewerId));
  keys = keys
    .orderBy("s.points", "desc")
    .orderBy("s.horse_name")
    .orderBy("s.horse_key")
    .limit(options.limit)
    .offset(options.offset);
  return (
    db
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
          options.onlyMine
            ? higher.whereRef("p.points", ">", "s.points")
            : // The first row's count, once: the page's highest total is a scalar.
              higher.where(
                "p.points",
                ">",
                eb.selectFrom("page as top").select((e) => e.fn.max("top.points").as("m")),
              )
        ).as("above");
      })
      .orderBy("s.points", "desc")
      .orderBy("s.horse_name")
      .orderBy("s.horse_key")
  );
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
  return standingsPageQuery(
    db,
    { year, org, division },
    { limit, offset, viewerId, onlyMine: shape === "mine" },
  );
});

export async function standingsPage(
  db: Queryable,
  group: StandingGroupKey,
  options: { offset: number; limit: number; viewerId: string; onlyMine: boolean },
): Promise<StandingsPageRow[]> {
  const values = [group.year, group.org, group.division, options.limit, options.offset, options.viewerId];
  return (await standingsPageStatement(db, options.onlyMine ? "mine" : "all", values)).rows;
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

/** Results joined to their show and class (the joins every list of results starts from). */
const resultsInClasses = (db: Queryable) =>
  db
    .selectFrom("result as r")
    .innerJoin("show as s", "s.id", "r.show_id")
    .innerJoin("show_class as c", (j) =>
      j.onRef("c.show_id", "=", "r.show_id").onRef("c.id", "=", "r.class_id"),
    );

/** Matched horses' results as horse detail and the roster list them, newest show first. */
const horseResults = (db: Queryable) =>
  resultsInClasses(db)
    .innerJoin("horse as h", "h.id", "r.horse_id")
    .innerJoin("result_class as rc", (j) =>
      j.onRef("rc.show_id", "=", "r.show_id").onRef("rc.class_id", "=", "r.class_id"),
    )
    .select([
      "r.id",
      "r.show_id",
      "s.name as show_name",
      "s.start_date",
      "c.number",
      "c.name as class_name",
      "r.placing",
      "r.points",
      "rc.corrected_at",
      "h.name as horse_name",
    ])
    .orderBy("s.start_date", "desc")
    .orderBy("c.position");

const horseResultQuery = reusableQuery(1, (db, horseId) =>
  horseResults(db).where("r.horse_id", "=", horseId),
);

export const horseResultRows = (db: Queryable, horseId: string) => horseResultQuery(db, horseId);

export async function resultOwnerIds(db: Queryable, resultId: string): Promise<string[] | null> {
  const row = await db.selectFrom("result").select("horse_id").where("id", "=", resultId).executeTakeFirst();
  if (!row) return null;
  if (!row.horse_id) return [];
  const owners = await db
    .selectFrom("horse_owner")
    .select("user_id")
    .where("horse_id", "=", row.horse_id)
    .execute();
  return owners.map((o) => o.user_id);
}

/**
 * Hides a result for one person, if the result is still there: a correction may take its line away
 * between the owner check and this write. One statement reads and writes, and on PostgreSQL it holds
 * the result (FOR KEY SHARE) so a correction deleting it waits for it, or it waits for the correction
 * and finds nothing; a result gone is left unhidden instead of breaking the foreign key.
 */
export async function hideResultRow(
  db: Queryable,
  kind: DbKind,
  userId: string,
  resultId: string,
): Promise<void> {
  const result = db
    .selectFrom("result")
    .select((eb) => [eb.val(userId).as("user_id"), "id as result_id"])
    .where("id", "=", resultId);
  await db
    .insertInto("result_hidden")
    .columns(["user_id", "result_id"])
    .expression(kind === "postgres" ? result.forKeyShare() : result)
    .onConflict((oc) => oc.columns(["user_id", "result_id"]).doNothing())
    .execute();
}

/**
 * Placed results as Show Records rows: of the viewer's own horses (`horseId` null) or of one horse,
 * leaving out the ones the viewer hid.
 */
export async function resultRecords(db: Queryable, viewerId: string, horseId: string | null) {
  let q = resultsInClasses(db)
    .innerJoin("horse as h", "h.id", "r.horse_id")
    .leftJoin("result_hidden as x", (j) => j.onRef("x.result_id", "=", "r.id").on("x.user_id", "=", viewerId))
    .select([
      "r.id",
      "s.name as show_name",
      "c.name as class_name",
      "s.start_date",
      "r.placing",
      "r.horse_id",
      "h.name as horse_name",
      "r.rider_name",
    ])
    .where("x.result_id", "is", null)
    .where("r.placing", "is not", null);
  q = horseId
    ? q.where("r.horse_id", "=", horseId)
    : q.where((eb) =>
        eb.exists(
          eb
            .selectFrom("horse_owner as o")
            .select("o.horse_id")
            .whereRef("o.horse_id", "=", "r.horse_id")
            .where("o.user_id", "=", viewerId),
        ),
      );
  return q.orderBy("s.start_date", "desc").execute();
}

/** A horse's placed results as champion-badge records (show name, class name, placing). */
export async function horseResultBadgeRecords(db: Queryable, horseId: string) {
  const rows = await resultsInClasses(db)
    .select(["s.name as showName", "c.name as className", "r.placing"])
    .where("r.horse_id", "=", horseId)
    .where("r.placing", "is not", null)
    .execute();
  return rows.map((r) => ({ showName: r.showName, className: r.className, placing: String(r.placing) }));
}

/** The newest placings of the horses the person owns or trains (the roster's "Your results"). */
export async function myResultRows(db: Queryable, userId: string, limit: number) {
  return horseResults(db)
    .where((eb) => ownedOrTrained(eb, "r.horse_id", userId))
    .limit(limit)
    .execute();
}

type LoadedTable =
  | "result_class"
  | "result"
  | "result_history"
  | "standing"
  | "standing_show"
  | "standing_group"
  | "standing_points";

/**
 * Plain inserts of many rows (the season loader): chunks stay under both engines' limit on bound
 * parameters (SQLite 32,766; PostgreSQL 65,535). A row that exists already fails the insert.
 */
export async function insertMany<T extends LoadedTable>(
  db: Queryable,
  table: T,
  rows: readonly Database[T][],
): Promise<void> {
  const first = rows[0];
  if (!first) return;
  const size = Math.max(1, Math.floor(30_000 / Object.keys(first).length));
  for (let i = 0; i < rows.length; i += size) {
    // biome-ignore lint/suspicious/noExplicitAny: one insert for several tables; rows are typed by the signature
    await (db as Kysely<any>)
      .insertInto(table)
      .values(rows.slice(i, i + size))
      .execute();
  }
}

/** Whether any class of the show has entries (the season loader sets no entries' placings). */
export async function showHasEntries(db: Queryable, showId: string): Promise<boolean> {
  const row = await db
    .selectFrom("class_entry")
    .select("id")
    .where("show_id", "=", showId)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}
