import { format } from "date-fns";
import QRCode from "qrcode";
import type { BarnSchedule, ScheduleQuery } from "#domain/contracts/season.ts";
import { hasRole } from "#domain/people/roles.ts";
import { barnSchedule, lineCount, type ScheduleEntry } from "#domain/season/barn-schedule.ts";
import { classStatusText } from "#domain/show-day/class-status-text.ts";
import { formatShowTime } from "#domain/show-day/show-time.ts";
import { showTimeZone } from "#domain/shows/show-time-zone.ts";
import { errorsTexts } from "#domain/texts/errors.ts";
import { seasonTexts } from "#domain/texts/season.ts";
import type { Db } from "#server/db/client.ts";
import { blockedWith } from "#server/db/relations.ts";
import { liveClassStatuses } from "#server/features/show-day/show-day.service.ts";
import type { Viewer } from "#server/http/viewer.ts";
import { forbidden, notFound } from "#server/platform/errors.ts";
import { slicer } from "#server/platform/turns.ts";

/**
 * The printed barn schedule (issue 25): the viewer's showing entries at a show (their own and those
 * naming them as rider), or, for a trainer asking for their own barn, also every showing entry of a
 * horse they train (their customers'). Someone else's barn is refused (403), whoever asks. Entries of
 * someone in a block with the viewer are left out (ADR 008).
 */

const SHOWING = ["ImShowing", "HorseIsShowing", "CustomerIsShowing"];
const t = seasonTexts.print;

/** Whether the viewer may print `barn`'s whole barn: only their own, and only as a trainer. */
export const canPrintBarn = (viewer: Pick<Viewer, "id" | "roles">, barn: string): boolean =>
  barn === viewer.id && hasRole(viewer, "Trainer");

async function scheduleEntries(
  db: Db,
  show: { id: string; location: string; time_zone: string | null },
  viewerId: string,
  barn: boolean,
): Promise<ScheduleEntry[]> {
  const rows = await db.db
    .selectFrom("class_entry as e")
    .innerJoin("show_class as c", (j) =>
      j.onRef("c.show_id", "=", "e.show_id").onRef("c.id", "=", "e.class_id"),
    )
    .innerJoin("show as s", "s.id", "e.show_id")
    .leftJoin("show_session as ss", "ss.id", "c.session_id")
    .leftJoin("horse as h", "h.id", "e.horse_id")
    .leftJoin("user as r", "r.id", "e.rider_id")
    .innerJoin("user as u", "u.id", "e.user_id")
    .select([
      "e.class_id",
      "e.user_id",
      "e.status",
      "e.horse_id",
      "e.rider_id",
      "c.number",
      "c.name as class_name",
      "c.position",
      "c.date",
      "c.planned_start",
      "s.start_date",
      "ss.id as session_id",
      "ss.name as session_name",
      "ss.date as session_date",
      "ss.start_time",
      "ss.ring",
      "ss.position as session_position",
      "h.name as horse_name",
      "r.name as rider_name",
      "u.name as user_name",
    ])
    .where("e.show_id", "=", show.id)
    .where("e.status", "in", SHOWING)
    .where((eb) =>
      eb.or([
        eb("e.user_id", "=", viewerId),
        eb("e.rider_id", "=", viewerId),
        ...(barn
          ? [
              eb(
                "e.horse_id",
                "in",
                eb.selectFrom("horse_trainer as ht").select("ht.horse_id").where("ht.user_id", "=", viewerId),
              ),
            ]
          : []),
      ]),
    )
    .execute();
  // A block in either direction keeps each person's entries off the other's sheet, as off their roster.
  const authors = [...new Set(rows.map((r) => r.user_id).filter((id) => id !== viewerId))];
  const blocked = await blockedWith(db.db, viewerId, authors);
  const shown = rows.filter((r) => !blocked.has(r.user_id));
  const horseIds = [...new Set(shown.map((r) => r.horse_id).filter((id): id is string => id !== null))];
  const owners = new Map<string, string[]>();
  if (horseIds.length > 0) {
    const found = await db.db
      .selectFrom("horse_owner as o")
      .innerJoin("user as u", "u.id", "o.user_id")
      .select(["o.horse_id", "u.name"])
      .where("o.horse_id", "in", horseIds)
      .orderBy("u.name")
      .execute();
    for (const o of found) owners.set(o.horse_id, [...(owners.get(o.horse_id) ?? []), o.name]);
  }
  const zone = showTimeZone({ timeZone: show.time_zone, location: show.location });
  // On a show day the sheet says what every screen says: the live status and estimate (issue 34).
  const live = await liveClassStatuses(db, show.id);
  const timeOf = (classId: string, plannedStart: string | null) => {
    const status = live?.get(classId);
    if (status) return classStatusText(status, zone);
    return plannedStart ? formatShowTime(Date.parse(plannedStart), zone) : null;
  };
  // A barn may hold thousands of entries: the event loop gets a turn while they are read (ADR 030).
  const turn = slicer();
  const entries: ScheduleEntry[] = [];
  for (const r of shown) {
    entries.push({
      classId: r.class_id,
      classNumber: r.number,
      className: r.class_name,
      position: Number(r.position),
      date: r.session_date ?? r.date ?? r.start_date,
      session: r.session_id
        ? {
            id: r.session_id,
            name: r.session_name ?? "",
            startTime: r.start_time ?? null,
            ring: r.ring ?? "",
            position: Number(r.session_position ?? 0),
          }
        : null,
      horseId: r.horse_id,
      horseName: r.horse_name,
      riderId: r.rider_id,
      // An I'm Showing entry without a rider is ridden by its author.
      riderName: r.rider_name ?? (r.status === "ImShowing" ? r.user_name : null),
      owners: r.horse_id ? (owners.get(r.horse_id) ?? []) : [],
      time: timeOf(r.class_id, r.planned_start),
    });
    await turn();
  }
  return entries;
}

/** The sheet's contents; 404 for an unknown show, 403 for someone else's barn. */
export async function getBarnSchedule(
  db: Db,
  viewer: Pick<Viewer, "id" | "roles">,
  showId: string,
  query: ScheduleQuery,
  publicUrl: string,
): Promise<BarnSchedule> {
  if (query.barn !== undefined && !canPrintBarn(viewer, query.barn)) throw forbidden(t.notYourBarn);
  const show = await db.db
    .selectFrom("show")
    .select(["id", "name", "location", "start_date", "end_date", "time_zone"])
    .where("id", "=", showId)
    .executeTakeFirst();
  if (!show) throw notFound(errorsTexts.showNotFound);
  const entries = await scheduleEntries(db, show, viewer.id, query.barn !== undefined);
  const url = `${publicUrl}/shows/${encodeURIComponent(show.id)}`;
  return {
    show: {
      id: show.id,
      name: show.name,
      location: show.location,
      startDate: show.start_date,
      endDate: show.end_date,
      url,
    },
    scope: query.barn !== undefined ? "barn" : "mine",
    printedOn: query.today ?? format(new Date(), "yyyy-MM-dd"),
    days: barnSchedule(entries),
    qrSvg: await QRCode.toString(url, { type: "svg", margin: 1, errorCorrectionLevel: "M" }),
  };
}

/** The sheet, refusing one with nothing on it (404, with the words the print page shows). */
export async function getPrintableSchedule(
  ...args: Parameters<typeof getBarnSchedule>
): Promise<BarnSchedule> {
  const schedule = await getBarnSchedule(...args);
  if (lineCount(schedule.days) === 0)
    throw notFound(schedule.scope === "barn" ? t.noBarnEntries : t.noEntries);
  return schedule;
}
