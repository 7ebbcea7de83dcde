import type { Kysely, Transaction } from "kysely";
import type { Database, WatchLinkTable } from "#server/db/schema.ts";

type Executor = Kysely<Database> | Transaction<Database>;

/** A watch link with its horse's and show's names and its maker's name, as the lists show it. */
export interface WatchLinkRow extends WatchLinkTable {
  horse_name: string;
  show_name: string;
  show_end_date: string;
  creator_name: string | null;
}

const linkQuery = (db: Executor) =>
  db
    .selectFrom("watch_link as w")
    .innerJoin("horse as h", "h.id", "w.horse_id")
    .innerJoin("show as s", "s.id", "w.show_id")
    .leftJoin("user as u", "u.id", "w.created_by")
    .selectAll("w")
    .select([
      "h.name as horse_name",
      "s.name as show_name",
      "s.end_date as show_end_date",
      "u.name as creator_name",
    ]);

export const insertWatchLink = (db: Executor, row: WatchLinkTable) =>
  db.insertInto("watch_link").values(row).execute();

export const findWatchLinkById = (db: Executor, id: string) =>
  linkQuery(db).where("w.id", "=", id).executeTakeFirst();

/** The link whose token hashes to `hash`, revoked or not: the caller decides. */
export const findWatchLinkByHash = (db: Executor, hash: string) =>
  db.selectFrom("watch_link").selectAll().where("token_hash", "=", hash).executeTakeFirst();

/** A horse's links still working at `nowIso` (not revoked, not expired), newest first. */
export const liveLinksOfHorse = (db: Executor, horseId: string, nowIso: string) =>
  linkQuery(db)
    .where("w.horse_id", "=", horseId)
    .where("w.revoked_at", "is", null)
    .where("w.expires_at", ">", nowIso)
    .orderBy("w.created_at", "desc")
    .execute();

/** Revokes the link once; true when this call did. */
export async function revokeWatchLink(db: Executor, id: string, at: string): Promise<boolean> {
  const result = await db
    .updateTable("watch_link")
    .set({ revoked_at: at })
    .where("id", "=", id)
    .where("revoked_at", "is", null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export const findWatchShow = (db: Executor, showId: string) =>
  db
    .selectFrom("show")
    .select(["id", "name", "start_date", "end_date", "time_zone", "location"])
    .where("id", "=", showId)
    .executeTakeFirst();

/** The shows the horse has classes at (entries naming it), with whether `userId` rides it there. */
export const showsOfHorse = (db: Executor, horseId: string, userId: string) =>
  db
    .selectFrom("class_entry as e")
    .innerJoin("show as s", "s.id", "e.show_id")
    .select(["s.id", "s.name", "s.start_date", "s.end_date", "s.time_zone", "s.location"])
    .select((eb) => eb.fn.max(eb.case().when("e.rider_id", "=", userId).then(1).else(0).end()).as("rides"))
    .where("e.horse_id", "=", horseId)
    .groupBy(["s.id", "s.name", "s.start_date", "s.end_date", "s.time_zone", "s.location"])
    .orderBy("s.start_date")
    .execute();

/**
 * The horses entered at a show that `userId` owns, trains or rides there: the ones they may share.
 */
export const shareableHorsesAtShow = (db: Executor, showId: string, userId: string) =>
  db
    .selectFrom("class_entry as e")
    .innerJoin("horse as h", "h.id", "e.horse_id")
    .select(["h.id", "h.name"])
    .distinct()
    .where("e.show_id", "=", showId)
    .where((eb) =>
      eb.or([
        eb("e.rider_id", "=", userId),
        eb.exists(
          eb
            .selectFrom("horse_owner as o")
            .select("o.horse_id")
            .whereRef("o.horse_id", "=", "h.id")
            .where("o.user_id", "=", userId),
        ),
        eb.exists(
          eb
            .selectFrom("horse_trainer as tr")
            .select("tr.horse_id")
            .whereRef("tr.horse_id", "=", "h.id")
            .where("tr.user_id", "=", userId),
        ),
      ]),
    )
    .orderBy("h.name")
    .execute();

/** The horse's classes at the show: one row per class, its rider's name (any entry naming one). */
export const watchedEntries = (db: Executor, horseId: string, showId: string) =>
  db
    .selectFrom("class_entry as e")
    .leftJoin("user as u", "u.id", "e.rider_id")
    .select(["e.class_id", "u.name as rider_name"])
    .where("e.horse_id", "=", horseId)
    .where("e.show_id", "=", showId)
    .orderBy("e.created_at")
    .execute();

/** The horse's posted placings at the show, by class (null placing: shown without one). */
export const watchedPlacings = (db: Executor, horseId: string, showId: string) =>
  db
    .selectFrom("result")
    .select(["class_id", "placing"])
    .where("horse_id", "=", horseId)
    .where("show_id", "=", showId)
    .execute();

export const horseName = (db: Executor, horseId: string) =>
  db.selectFrom("horse").select("name").where("id", "=", horseId).executeTakeFirst();
