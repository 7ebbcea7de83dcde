import { type Kysely, sql } from "kysely";
import type { PlannedTime } from "#domain/contracts/roster.ts";
import type { RosterEntry } from "#domain/roster/roster.ts";
import type { RosterClassInfo, RosterShowInfo } from "#domain/roster/roster-view.ts";
import { formatShowTime } from "#domain/show-day/show-time.ts";
import { showTimeZone } from "#domain/shows/show-time-zone.ts";
import { CATALOGUE_VERSION } from "#server/db/migrations/011-api-performance.ts";
import { reusableQuery } from "#server/db/reusable-query.ts";
import type { Database } from "#server/db/schema.ts";

export type RosterSource = "own" | "rider" | "friends";

/** An entry with its show, class and the names it mentions, as the roster needs them (one row per entry). */
export interface RosterRow {
  source: RosterSource;
  entry: RosterEntry;
  show: RosterShowInfo;
  cls: RosterClassInfo;
  userName: string;
  riderName: string | null;
  horseName: string | null;
  /** Who made the entry: "Entered by" on an entry someone else made for the viewer. */
  creatorName: string | null;
  /** Where the class runs, for the season's conflict warnings (issue 25). */
  slot: ClassSlot;
  /** The entry's placing set by posted results (issue 22), or null. */
  placing: string | null;
}

/** A class's session, its place in the session's running order and its ring. */
export interface ClassSlot {
  /** The session's id, or null for its date's untimed session. */
  sessionId: string | null;
  /** 0-based place among the session's classes (an untimed day: the show's classes of no session that day). */
  place: number;
  ring: string | null;
}

/** A class's printed-schedule start in words on the show's clock (issue 21), when its session has a time. */
function planned(r: {
  planned_start: string | null;
  time_zone: string | null;
  location: string;
  minutes_per_class: number;
}): PlannedTime | null {
  if (!r.planned_start) return null;
  const zone = showTimeZone({ timeZone: r.time_zone, location: r.location });
  return {
    start: r.planned_start,
    label: formatShowTime(Date.parse(r.planned_start), zone),
    minutes: Number(r.minutes_per_class),
  };
}

/**
 * Every entry the viewer's roster may show, in ONE statement: the viewer's own, those naming the
 * viewer as rider (trainers only), and the friends' showing entries, each joined to its show, class,
 * owner, rider and horse names, and limited to entries dated today or later (class date, else the
 * show's start date), so past seasons never grow the work. Each part goes through its own index
 * (`class_entry_user_class`, `class_entry_rider`, the friendship key), so the cost follows the
 * viewer's own data, not the size of the season. Rows come back by source, then creation order.
 */
export async function rosterRows(
  db: Kysely<Database>,
  viewerId: string,
  sources: { rider: boolean },
  today: string,
): Promise<RosterRow[]> {
  const part = (source: RosterSource) => {
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
        .where("e.user_id", "in", (eb) =>
          eb.selectFrom("friendship as f").select("f.friend_id").where("f.user_id", "=", viewerId),
        )
        .where("e.status", "in", ["ImShowing", "HorseIsShowing"]);
    }
    return query.select([
      sql<RosterSource>`${sql.lit(source)}`.as("source"),
      "e.id as id",
      "e.user_id",
      "e.show_id",
      "e.class_id",
      "e.status",
      "e.horse_id",
      "e.rider_id",
      "e.placing",
      "e.created_at as created_at",
      "e.created_by",
      "s.name as show_name",
      "s.location",
      "s.start_date",
      "s.end_date",
      "c.number",
      "c.name as class_name",
      "c.date",
      "c.position",
      "c.planned_start",
      "s.time_zone",
      "s.minutes_per_class",
      "c.session_id",
      (eb) =>
        eb
          .selectFrom("show_session as ss")
          .select("ss.ring")
          .whereRef("ss.id", "=", "c.session_id")
          .as("ring"),
      // The class's place in its session: the classes of the session (or of no session on its day) before it.
      (eb) =>
        eb
          .selectFrom("show_class as o")
          .select((o) => o.fn.countAll<number | string>().as("n"))
          .whereRef("o.show_id", "=", "c.show_id")
          .whereRef("o.position", "<", "c.position")
          .where((o) =>
            o.or([
              o("o.session_id", "=", o.ref("c.session_id")),
              o.and([
                o("c.session_id", "is", null),
                o("o.session_id", "is", null),
                o(sql`coalesce(o.date, s.start_date)`, "=", sql`coalesce(c.date, s.start_date)`),
              ]),
            ]),
          )
          .as("place"),
      // Names as scalar subqueries, not joins: PostgreSQL plans a three-part union of six-way joins
      // afresh on every request, and that planning cost more than running the query.
      (eb) => eb.selectFrom("user as u").select("u.name").whereRef("u.id", "=", "e.user_id").as("user_name"),
      (eb) =>
        eb.selectFrom("user as r").select("r.name").whereRef("r.id", "=", "e.rider_id").as("rider_name"),
      (eb) =>
        eb.selectFrom("horse as h").select("h.name").whereRef("h.id", "=", "e.horse_id").as("horse_name"),
      (eb) =>
        eb.selectFrom("user as m").select("m.name").whereRef("m.id", "=", "e.created_by").as("creator_name"),
    ]);
  };
  let query = part("own");
  if (sources.rider) query = query.unionAll(part("rider"));
  const rows = await query
    .unionAll(part("friends"))
    .orderBy("source")
    .orderBy("created_at")
    .orderBy("id")
    .execute();
  return rows.map((r) => ({
    source: r.source,
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
      planned: planned(r),
    },
    userName: r.user_name ?? "",
    riderName: r.rider_name,
    horseName: r.horse_name,
    creatorName: r.creator_name,
    slot: { sessionId: r.session_id, place: Number(r.place ?? 0), ring: r.ring },
    placing: r.placing,
  }));
}

const versionRow = reusableQuery(1, (db, viewerId: string) => {
  const counter = (subject: string) =>
    db.selectFrom("cache_version").select("version").where("subject", "=", subject);
  return db.selectNoFrom((eb) => [
    counter(viewerId).as("own"),
    counter(CATALOGUE_VERSION).as("catalogue"),
    eb
      .selectFrom("cache_version as v")
      .select((v) => v.fn.sum<number>("v.version").as("n"))
      .where("v.subject", "in", (f) =>
        f.selectFrom("friendship as f").select("f.friend_id").where("f.user_id", "=", viewerId),
      )
      .as("friends"),
  ]);
});

/**
 * The version of the viewer's roster (migration 011): their own counter, the catalogue's and the sum
 * of their friends' counters, in one statement of primary-key reads. Each part only ever grows while
 * the others hold (a friendship change bumps the viewer's own counter, so the friends' sum may start
 * over only under a new own counter), so equal versions mean equal rosters for a given day and role.
 */
export async function rosterVersion(db: Kysely<Database>, viewerId: string): Promise<string> {
  const [row] = await versionRow(db, viewerId);
  return `${Number(row?.own ?? 0)}.${Number(row?.catalogue ?? 0)}.${Number(row?.friends ?? 0)}`;
}
