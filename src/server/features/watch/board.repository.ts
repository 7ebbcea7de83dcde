import type { Kysely, Transaction } from "kysely";
import type { Database } from "#server/db/schema.ts";

type Executor = Kysely<Database> | Transaction<Database>;

/**
 * The show by id with whether its board is public: one indexed lookup, the same for a show that does
 * not exist, a private board and a public one.
 */
export const findBoard = (db: Executor, showId: string) =>
  db
    .selectFrom("show as s")
    .leftJoin("public_board as b", "b.show_id", "s.id")
    .select(["s.id", "b.show_id as public_show"])
    .where("s.id", "=", showId)
    .executeTakeFirst();

export const makeBoardPublic = (db: Executor, showId: string, userId: string, at: string) =>
  db
    .insertInto("public_board")
    .values({ show_id: showId, made_public_by: userId, made_public_at: at })
    .onConflict((oc) => oc.column("show_id").doNothing())
    .execute();

export const makeBoardPrivate = (db: Executor, showId: string) =>
  db.deleteFrom("public_board").where("show_id", "=", showId).execute();

/** The show's most recently posted (or corrected) classes, newest first. */
export const latestResultClasses = (db: Executor, showId: string, limit: number) =>
  db
    .selectFrom("result_class")
    .select(["class_id", "published_at", "corrected_at"])
    .where("show_id", "=", showId)
    .orderBy((eb) => eb.fn.coalesce("corrected_at", "published_at"), "desc")
    .orderBy("class_id")
    .limit(limit)
    .execute();

/** The placed lines of those classes: placing and printed horse only (not the sheet's rider or owner). */
export const placingsOf = (db: Executor, showId: string, classIds: readonly string[]) =>
  classIds.length === 0
    ? Promise.resolve([])
    : db
        .selectFrom("result")
        .select(["class_id", "placing", "horse_name"])
        .where("show_id", "=", showId)
        .where("class_id", "in", classIds)
        .where("placing", "is not", null)
        .orderBy("class_id")
        .orderBy("placing")
        .orderBy("line_no")
        .execute();
