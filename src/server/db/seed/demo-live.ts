import { addDays, format, parseISO } from "date-fns";
import type { Kysely, Transaction } from "kysely";
import { DEMO_RING, demoRingIsStale, planDemoRing } from "#domain/show-day/live-demo.ts";
import { showTimeZone } from "#domain/shows/show-time-zone.ts";
import type { Db } from "#server/db/client.ts";
import type { Database } from "#server/db/schema.ts";
import { refreshOwnersAtShow } from "#server/features/results/standings.service.ts";
import { refreshPlannedStarts } from "#server/features/show-day/show-day.schedule.ts";
import { newId } from "#server/platform/ids.ts";

/**
 * Keeps the demo's running show live (issue 33, ADR 032): its session is placed at the show's hour
 * when the demo is seeded, and placed again when the server starts (or a benchmark begins) on a demo
 * whose ring has gone stale, so whoever opens it sees a show running now.
 */

type Queryable = Kysely<Database> | Transaction<Database>;

export const RUNNING_SHOW = {
  name: "Eagleville Lions Club Horse Show",
  location: "Eagleville, TN",
  org: "WHOA",
  judges: ["Larry Wheelon"],
};

/** app_meta key naming the running show and the steward its seeded actions are by: `{ showId, actorId }`. */
export const LIVE_SHOW_KEY = "demo_live_show";

export interface LiveShow {
  showId: string;
  actorId: string;
}

const weekday = (ymd: string) => format(parseISO(ymd), "EEEE");

/** The running show; a demo seeded before the key existed is found by name, its steward by its first action. */
export async function liveShowOf(db: Queryable): Promise<LiveShow | null> {
  const row = await db
    .selectFrom("app_meta")
    .select("value")
    .where("key", "=", LIVE_SHOW_KEY)
    .executeTakeFirst();
  if (row) return JSON.parse(row.value) as LiveShow;
  const first = await db
    .selectFrom("show as s")
    .innerJoin("ring_action as a", "a.show_id", "s.id")
    .select(["s.id", "a.actor_id"])
    .where("s.name", "=", RUNNING_SHOW.name)
    .where("a.actor_id", "is not", null)
    .orderBy("a.seq")
    .executeTakeFirst();
  return first ? { showId: first.id, actorId: first.actor_id! } : null;
}

export async function rememberLiveShow(trx: Transaction<Database>, live: LiveShow): Promise<void> {
  const value = JSON.stringify(live);
  await trx
    .insertInto("app_meta")
    .values({ key: LIVE_SHOW_KEY, value })
    .onConflict((oc) => oc.column("key").doUpdateSet({ value }))
    .execute();
}

/**
 * Places the show's one session at `now` on its clock (planDemoRing): the show runs today and tomorrow,
 * all its classes in one session in the Main Ring, started and run as far as the plan says by `actorId`.
 * Whatever the ring did before is cleared (with its sent alerts, so they are sent again); the action
 * numbers carry on from the last, so a screen still holding the old ring refetches instead of patching it.
 */
export async function placeRunningSession(
  trx: Transaction<Database>,
  live: LiveShow,
  now: number,
): Promise<void> {
  const { showId, actorId } = live;
  const show = await trx
    .selectFrom("show")
    .select(["location", "time_zone"])
    .where("id", "=", showId)
    .executeTakeFirstOrThrow();
  const plan = planDemoRing(now, showTimeZone({ timeZone: show.time_zone, location: show.location }));
  const counter = await trx
    .selectFrom("ring_counter")
    .select("seq")
    .where("show_id", "=", showId)
    .executeTakeFirst();
  const last = Number(counter?.seq ?? 0);
  await trx.deleteFrom("class_alert").where("show_id", "=", showId).execute();
  await trx.deleteFrom("ring_action").where("show_id", "=", showId).execute();
  await trx.deleteFrom("show_session").where("show_id", "=", showId).execute();
  await trx
    .updateTable("show")
    .set({
      start_date: plan.date,
      end_date: format(addDays(parseISO(plan.date), 1), "yyyy-MM-dd"),
      minutes_per_class: DEMO_RING.minutesPerClass,
    })
    .where("id", "=", showId)
    .execute();
  // Results posted at the live show (by a visitor or a test) make it a horse's newest show or not by its date.
  await refreshOwnersAtShow(trx, showId);
  const sessionId = newId();
  await trx
    .insertInto("show_session")
    .values({
      id: sessionId,
      show_id: showId,
      position: 0,
      name: `${weekday(plan.date)} ${plan.part}`,
      date: plan.date,
      start_time: plan.startTime,
      ring: "Main Ring",
    })
    .execute();
  await trx
    .updateTable("show_class")
    .set({ session_id: sessionId, date: plan.date })
    .where("show_id", "=", showId)
    .execute();
  await refreshPlannedStarts(trx, showId);

  const classIds = (
    await trx
      .selectFrom("show_class")
      .select("id")
      .where("show_id", "=", showId)
      .orderBy("position")
      .execute()
  ).map((c) => c.id);
  const actions = [
    {
      kind: "start-session",
      class_id: null as string | null,
      expected_in_ring: null as string | null,
      at: plan.startedAt,
    },
    ...plan.inRingAt.map((at, i) => ({
      kind: "in-ring",
      class_id: classIds[i]!,
      expected_in_ring: i === 0 ? null : classIds[i - 1]!,
      at,
    })),
  ];
  await trx
    .insertInto("ring_action")
    .values(
      actions.map((a, i) => ({
        show_id: showId,
        seq: last + i + 1,
        kind: a.kind,
        session_id: sessionId,
        class_id: a.class_id,
        unrun: null,
        moved_class_ids: null,
        early: 0,
        expected_in_ring: a.expected_in_ring,
        reason: null,
        minutes: null,
        undo_seq: null,
        actor_id: actorId,
        at: a.at,
        undone: 0,
      })),
    )
    .execute();
  const seq = last + actions.length;
  await trx
    .insertInto("ring_counter")
    .values({ show_id: showId, seq })
    .onConflict((oc) => oc.column("show_id").doUpdateSet({ seq }))
    .execute();
}

/** The date of the show's running session (effective start, no effective finish) and its latest action. */
async function ringNow(db: Queryable, showId: string) {
  const actions = await db
    .selectFrom("ring_action")
    .select(["kind", "session_id", "at", "undone"])
    .where("show_id", "=", showId)
    .orderBy("seq")
    .execute();
  const running = new Set<string>();
  for (const a of actions) {
    if (Number(a.undone) === 1 || !a.session_id) continue;
    if (a.kind === "start-session") running.add(a.session_id);
    if (a.kind === "finish-session") running.delete(a.session_id);
  }
  const [sessionId] = running;
  const session = sessionId
    ? await db.selectFrom("show_session").select("date").where("id", "=", sessionId).executeTakeFirst()
    : undefined;
  return {
    runningSessionDate: session?.date ?? null,
    lastActionAt: actions.length ? Math.max(...actions.map((a) => Number(a.at))) : null,
  };
}

/**
 * Places the demo's running session again when its ring is stale at `now`; true when it did. Two servers
 * starting at once take turns on the ring's counter row (PostgreSQL) or the single writer (SQLite), and
 * the second finds the ring fresh.
 */
export async function keepDemoLive(db: Db, now = Date.now()): Promise<boolean> {
  const live = await liveShowOf(db.db);
  if (!live) return false;
  return db.db.transaction().execute(async (trx) => {
    const lock = trx.selectFrom("ring_counter").select("seq").where("show_id", "=", live.showId);
    await (db.kind === "postgres" ? lock.forUpdate() : lock).execute();
    const show = await trx
      .selectFrom("show")
      .select(["location", "time_zone"])
      .where("id", "=", live.showId)
      .executeTakeFirst();
    if (!show) return false;
    const zone = showTimeZone({ timeZone: show.time_zone, location: show.location });
    if (!demoRingIsStale(await ringNow(trx, live.showId), now, zone)) return false;
    await placeRunningSession(trx, live, now);
    return true;
  });
}
