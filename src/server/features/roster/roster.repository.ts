import { type Kysely, sql } from "kysely";
import type { RosterEntry } from "#domain/roster.ts";
import type { RosterClassInfo, RosterShowInfo } from "#domain/roster-view.ts";
import type { Database } from "#server/db/schema.ts";

/** An entry with its show and class, as the roster needs them (one row per entry). */
export interface RosterRow {
  entry: RosterEntry;
  show: RosterShowInfo;
  cls: RosterClassInfo;
}

type Source = "own" | "rider" | "friends";

/**
 * One query per source of roster entries, each joined to its show and class and limited to
 * entries dated today or later (class date, else the show's start date), so a long history of
 * past seasons never grows the work.
 */
export async function rosterRows(
  db: Kysely<Database>,
  viewerId: string,
  source: Source,
  today: string,
): Promise<RosterRow[]> {
  let query = db
    .selectFrom("class_entry as e")
    .innerJoin("show_class as c", (join) =>
      join.onRef("c.show_id", "=", "e.show_id").onRef("c.id", "=", "e.class_id"),
    )
    .innerJoin("show as s", "s.id", "e.show_id")
    .where(sql<string>`coalesce(c.date, s.start_date)`, ">=", today);
  if (source === "own") query = query.where("e.user_id", "=", viewerId);
  if (source === "rider") {
    query = query
      .where("e.rider_id", "=", viewerId)
      .where("e.user_id", "<>", viewerId)
      .where((eb) =>
        eb.not(
          eb.exists(
            eb
              .selectFrom("user_block as b")
              .select("b.blocker_id")
              .where((b) =>
                b.or([
                  b.and([b("b.blocker_id", "=", viewerId), b("b.blocked_id", "=", b.ref("e.user_id"))]),
                  b.and([b("b.blocked_id", "=", viewerId), b("b.blocker_id", "=", b.ref("e.user_id"))]),
                ]),
              ),
          ),
        ),
      );
  }
  // `friendship` holds accepted friendships only; a pending request shares nothing (ADR 008).
  if (source === "friends") {
    query = query
      .innerJoin("friendship as f", "f.friend_id", "e.user_id")
      .where("f.user_id", "=", viewerId)
      .where("e.status", "in", ["ImShowing", "HorseIsShowing"]);
  }
  const rows = await query
    .select([
      "e.id",
      "e.user_id",
      "e.show_id",
      "e.class_id",
      "e.status",
      "e.horse_id",
      "e.rider_id",
      "e.created_by",
      "s.name as show_name",
      "s.location",
      "s.start_date",
      "s.end_date",
      "c.number",
      "c.name as class_name",
      "c.date",
      "c.position",
    ])
    .orderBy("e.created_at")
    .orderBy("e.id")
    .execute();
  return rows.map((r) => ({
    entry: {
      id: r.id,
      userId: r.user_id,
      showId: r.show_id,
      classId: r.class_id,
      status: r.status,
      horseId: r.horse_id,
      riderId: r.rider_id,
      createdBy: r.created_by,
    },
    show: {
      id: r.show_id,
      name: r.show_name,
      location: r.location,
      startDate: r.start_date,
      endDate: r.end_date,
    },
    cls: {
      showId: r.show_id,
      id: r.class_id,
      number: r.number,
      name: r.class_name,
      date: r.date,
      position: Number(r.position),
    },
  }));
}

export async function namesOf(
  db: Kysely<Database>,
  table: "user" | "horse",
  ids: readonly string[],
): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom(table)
    .select(["id", "name"])
    .where("id", "in", [...ids])
    .execute();
  return new Map(rows.map((r) => [r.id, r.name]));
}
