import type { Kysely, Transaction } from "kysely";
import type { DbKind, Queryable } from "#server/db/client.ts";
import type { Database, ResultTable } from "#server/db/schema.ts";

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

export async function resultClassRow(db: Queryable, showId: string, classId: string) {
  return db
    .selectFrom("result_class")
    .selectAll()
    .where("show_id", "=", showId)
    .where("class_id", "=", classId)
    .executeTakeFirst();
}

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
  return (
    db
      .selectFrom("result_history as h")
      .leftJoin("user as u", "u.id", "h.actor_id")
      .select(["h.version", "h.kind", "h.at", "h.lines", "u.name as by"])
      .where("h.show_id", "=", showId)
      .where("h.class_id", "=", classId)
      // Newest first; a class published again after a withdrawal starts again at version 1.
      .orderBy("h.at", "desc")
      .orderBy("h.version", "desc")
      .execute()
  );
}

/** Every published class of a show and its lines. */
export async function showLines(db: Queryable, showId: string) {
  const [classes, lines] = await Promise.all([
    db.selectFrom("result_class").selectAll().where("show_id", "=", showId).execute(),
    db.selectFrom("result").selectAll().where("show_id", "=", showId).orderBy("line_no").execute(),
  ]);
  return { classes, lines };
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
