import { type ExpressionBuilder, sql } from "kysely";
import type { Queryable } from "#server/db/client.ts";
import { reusableQuery } from "#server/db/reusable-query.ts";
import type { Database } from "#server/db/schema.ts";

/** Whether the horse `horseRef` names (a column such as `s.horse_id`) is one the user owns or trains. */
export const ownedOrTrained = <DB, TB extends keyof DB>(
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
