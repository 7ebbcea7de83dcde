import type { Kysely, Transaction } from "kysely";
import type { BarnWatchLinkTable, Database } from "#server/db/schema.ts";

type Executor = Kysely<Database> | Transaction<Database>;

/** A barn link with its show's name and last day and its maker's name, as the barn screen lists it. */
export interface BarnWatchLinkRow extends BarnWatchLinkTable {
  show_name: string;
  show_end_date: string;
  creator_name: string | null;
}

const linkQuery = (db: Executor) =>
  db
    .selectFrom("barn_watch_link as w")
    .innerJoin("show as s", "s.id", "w.show_id")
    .leftJoin("user as u", "u.id", "w.created_by")
    .selectAll("w")
    .select(["s.name as show_name", "s.end_date as show_end_date", "u.name as creator_name"]);

export const insertBarnWatchLink = (db: Executor, row: BarnWatchLinkTable) =>
  db.insertInto("barn_watch_link").values(row).execute();

export const findBarnWatchLinkById = (db: Executor, id: string) =>
  linkQuery(db).where("w.id", "=", id).executeTakeFirst();

/** The barn link whose token hashes to `hash`, revoked or not: the caller decides. */
export const findBarnWatchLinkByHash = (db: Executor, hash: string) =>
  db.selectFrom("barn_watch_link").selectAll().where("token_hash", "=", hash).executeTakeFirst();

/** A trainer's barn links still working at `nowIso`, newest first. */
export const liveLinksOfBarn = (db: Executor, trainerId: string, nowIso: string) =>
  linkQuery(db)
    .where("w.trainer_id", "=", trainerId)
    .where("w.revoked_at", "is", null)
    .where("w.expires_at", ">", nowIso)
    .orderBy("w.created_at", "desc")
    .execute();

/** Revokes the link once; true when this call did. */
export async function revokeBarnWatchLink(db: Executor, id: string, at: string): Promise<boolean> {
  const result = await db
    .updateTable("barn_watch_link")
    .set({ revoked_at: at })
    .where("id", "=", id)
    .where("revoked_at", "is", null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** The shows at which a horse `trainerId` trains has classes, earliest first. */
export const showsOfBarn = (db: Executor, trainerId: string) =>
  db
    .selectFrom("class_entry as e")
    .innerJoin("horse_trainer as tr", "tr.horse_id", "e.horse_id")
    .innerJoin("show as s", "s.id", "e.show_id")
    .select(["s.id", "s.name", "s.start_date", "s.end_date", "s.time_zone", "s.location"])
    .distinct()
    .where("tr.user_id", "=", trainerId)
    .orderBy("s.start_date")
    .orderBy("s.id")
    .execute();

/**
 * The barn's classes at the show: one row per entry of a horse `trainerId` trains, with the horse's name
 * and the entry's rider's name. Read at each request, so a horse that leaves the barn leaves the page.
 */
export const barnEntries = (db: Executor, trainerId: string, showId: string) =>
  db
    .selectFrom("class_entry as e")
    .innerJoin("horse_trainer as tr", "tr.horse_id", "e.horse_id")
    .innerJoin("horse as h", "h.id", "e.horse_id")
    .leftJoin("user as u", "u.id", "e.rider_id")
    .select(["e.horse_id", "h.name as horse_name", "e.class_id", "u.name as rider_name"])
    .where("tr.user_id", "=", trainerId)
    .where("e.show_id", "=", showId)
    .orderBy("h.name")
    .orderBy("e.horse_id")
    .orderBy("e.created_at")
    .execute();

/** The posted placings at the show of these horses, by horse and class (null placing: shown without one). */
export const barnPlacings = (db: Executor, horseIds: readonly string[], showId: string) =>
  horseIds.length === 0
    ? Promise.resolve([])
    : db
        .selectFrom("result")
        .select(["horse_id", "class_id", "placing"])
        .where("horse_id", "in", horseIds)
        .where("show_id", "=", showId)
        .execute();

export const trainerName = (db: Executor, userId: string) =>
  db.selectFrom("user").select("name").where("id", "=", userId).executeTakeFirst();
