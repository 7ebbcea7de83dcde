import { addDays, format, parseISO } from "date-fns";
import type { Transaction } from "kysely";
import { DEMO_RING } from "#domain/show-day/live-demo.ts";
import { showToday } from "#domain/show-day/show-time.ts";
import { assignClassDates } from "#domain/shows/class-dates.ts";
import { defaultTimeZone } from "#domain/shows/show-time-zone.ts";
import type { Database } from "#server/db/schema.ts";
import { placeRunningSession, RUNNING_SHOW, rememberLiveShow } from "#server/db/seed/demo-live.ts";
import { insertClasses } from "#server/db/show-classes.ts";
import { refreshPlannedStarts } from "#server/features/show-day/show-day.schedule.ts";
import { newId } from "#server/platform/ids.ts";

/**
 * Show day in the demo (issue 21). The Celebration's days get sessions named as its printed lists name
 * them ("Thursday AM", "Thursday PM": classes-celebration.csv), and one more show is on today, its
 * evening session already running when the demo starts, so Ring control and the live roster show
 * something at once, whatever the day.
 */

/** Eagleville Lions Club Horse Show's class list as printed (classes-other-shows.csv, 2010). */
export const EAGLEVILLE_CLASSES: readonly [string, string][] = [
  ["A", "Stick Horse Showcase"],
  ["1", "Lead Line - Riders 6 & Under"],
  ["2", "Trail Pleasure"],
  ["3", "Riders' Cup Two Year Old Mares & Geldings"],
  ["4", "Weanlings & Yearlings"],
  ["5", "Youth 11 & Under"],
  ["6", "Two & Three Year Old Lite Shod"],
  ["7", "Riders' Cup Two Year Old Stallions"],
  ["8", "Country Pleasure"],
  ["9", "Amateur Walking Ponies"],
  ["10", "Show Pleasure"],
  ["11", "Ladies Mares & Geldings"],
  ["12", "Riders' Cup Three Year Old Stallion"],
  ["13", "Two & Three Year Old Classic Park Pleasure"],
  ["14", "Youth Country Pleasure"],
  ["15", "Novice Riders on Novice Horses"],
  ["16", "Riders' Cup Four Year Old Open Canter"],
  ["17", "Park Performance"],
  ["18", "Youth 12-17 Specialty"],
  ["19", "Two Year Old Amateur"],
  ["20", "Open Specialty"],
  ["21", "Three Year Old Amateur"],
  ["22", "Amateur Park Pleasure"],
  ["23", "Riders' Cup Three Year Old Mares & Geldings"],
  ["24", "Amateur Specialty"],
  ["25", "Lite Shod Open"],
  ["26", "Amateur Canter"],
  ["27", "Four Year Old Amateur"],
  ["28", "Riders' Cup Walking Horse (Canter) Championship"],
];

const weekday = (ymd: string) => format(parseISO(ymd), "EEEE");

async function addSession(
  trx: Transaction<Database>,
  showId: string,
  session: { position: number; name: string; date: string; startTime: string | null; classIds: string[] },
): Promise<string> {
  const id = newId();
  await trx
    .insertInto("show_session")
    .values({
      id,
      show_id: showId,
      position: session.position,
      name: session.name,
      date: session.date,
      start_time: session.startTime,
      ring: "Main Ring",
    })
    .execute();
  if (session.classIds.length) {
    await trx
      .updateTable("show_class")
      .set({ session_id: id, date: session.date })
      .where("show_id", "=", showId)
      .where("id", "in", session.classIds)
      .execute();
  }
  return id;
}

/**
 * The Celebration's days, each an AM session (9:00) and a PM session (19:00): each day keeps the classes
 * the spec's class-date rule gave it (the show's undated classes split evenly over its days), the first
 * half in the morning.
 */
export async function seedCelebrationSessions(
  trx: Transaction<Database>,
  showId: string,
  dates: { startDate: string; endDate: string },
): Promise<void> {
  const classes = await trx
    .selectFrom("show_class")
    .select(["id", "date"])
    .where("show_id", "=", showId)
    .orderBy("position")
    .execute();
  const days = new Map<string, string[]>();
  assignClassDates(dates, classes).forEach((date, i) => {
    days.set(date, [...(days.get(date) ?? []), classes[i]!.id]);
  });
  let position = 0;
  for (const [date, ids] of [...days].sort(([a], [b]) => a.localeCompare(b))) {
    const half = Math.ceil(ids.length / 2);
    for (const [part, time, slice] of [
      ["AM", "09:00", ids.slice(0, half)],
      ["PM", "19:00", ids.slice(half)],
    ] as const) {
      await addSession(trx, showId, {
        position,
        name: `${weekday(date)} ${part}`,
        date,
        startTime: time,
        classIds: [...slice],
      });
      position += 1;
    }
  }
  await refreshPlannedStarts(trx, showId);
}

/**
 * A show on today and tomorrow (on its own clock) whose session started a little over half an hour before
 * `now` (placeRunningSession): five classes run, the sixth in the ring, the admin the steward who ran them.
 * Demo people's horses show a few classes later, so their rosters count down as the ring is driven.
 */
export async function seedRunningShow(
  trx: Transaction<Database>,
  opts: {
    now: Date;
    iso: string;
    adminId: string;
    entries: { userId: string; horseId: string; riderId: string | null; status: string; after: number }[];
  },
): Promise<string> {
  const today = showToday(opts.now.getTime(), defaultTimeZone(RUNNING_SHOW.location));
  const id = newId();
  await trx
    .insertInto("show")
    .values({
      id,
      name: RUNNING_SHOW.name,
      start_date: today,
      // Two days, so a server or a browser already past midnight (UTC, or further east) still lists it.
      end_date: format(addDays(parseISO(today), 1), "yyyy-MM-dd"),
      location: RUNNING_SHOW.location,
      sanctioning_org: RUNNING_SHOW.org,
      is_ai_prediction: 0,
      created_at: opts.iso,
    })
    .execute();
  await trx
    .insertInto("show_judge")
    .values(RUNNING_SHOW.judges.map((name, position) => ({ show_id: id, position, name })))
    .execute();
  await insertClasses(
    trx,
    id,
    EAGLEVILLE_CLASSES.map(([number, name]) => ({ id: `class-${number}`, name })),
  );
  await rememberLiveShow(trx, { showId: id, actorId: opts.adminId });
  await placeRunningSession(trx, { showId: id, actorId: opts.adminId }, opts.now.getTime());

  const classIds = EAGLEVILLE_CLASSES.map(([number]) => `class-${number}`);
  if (opts.entries.length === 0) return id;
  await trx
    .insertInto("class_entry")
    .values(
      opts.entries.map((e) => ({
        id: newId(),
        user_id: e.userId,
        show_id: id,
        class_id: classIds[DEMO_RING.classesBefore + e.after]!,
        status: e.status,
        horse_id: e.horseId,
        rider_id: e.riderId,
        placing: null,
        created_by: e.userId,
        created_at: opts.iso,
      })),
    )
    .execute();
  return id;
}
