import { format } from "date-fns";
import type {
  ShowDetail,
  ShowFacets,
  ShowFacetsQuery,
  ShowListQuery,
  ShowPage,
  ShowSummary,
} from "#domain/contracts/shows.ts";
import { DEFAULT_MINUTES_PER_CLASS } from "#domain/show-day/show-sessions.ts";
import { formatShowClock, zoneAbbreviation, zonedInstant } from "#domain/show-day/show-time.ts";
import { showTimeZone } from "#domain/shows/show-time-zone.ts";
import { errorsTexts } from "#domain/texts/errors.ts";
import type { Db } from "#server/db/client.ts";
import { badRequest, notFound } from "#server/platform/errors.ts";
import { calendarFileName, showCalendar } from "./shows.calendar.ts";
import {
  catalogueVersion,
  classesOf,
  findShow,
  findShowRevision,
  judgesOf,
  listShows,
  type ShowKey,
  type ShowRow,
  showFacets,
} from "./shows.repository.ts";

/** Today as a calendar day on the server; shows ending before it are past. */
export const todayYmd = (now: Date = new Date()): string => format(now, "yyyy-MM-dd");

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** The page cursor: the last show's sort key, opaque to clients. */
export function encodeCursor(key: ShowKey): string {
  return Buffer.from(`${key.startDate}|${key.id}`, "utf8").toString("base64url");
}

export function decodeCursor(cursor: string): ShowKey {
  const [startDate, id, ...rest] = Buffer.from(cursor, "base64url").toString("utf8").split("|");
  if (!startDate || !DATE.test(startDate) || !id || rest.length > 0) throw badRequest("Invalid page cursor.");
  return { startDate, id };
}

function present(row: ShowRow, judges: string[]): ShowSummary {
  return {
    id: row.id,
    name: row.name,
    startDate: row.start_date,
    endDate: row.end_date,
    location: row.location,
    sanctioningOrg: row.sanctioning_org,
    isAiPrediction: Number(row.is_ai_prediction) === 1,
    judges,
  };
}

/** One page of the planner: shows matching every filter; upcoming by start date ascending, past most recent first. */
export async function getShowPage(db: Db, query: ShowListQuery, today: string): Promise<ShowPage> {
  const rows = await listShows(
    db.db,
    {
      name: query.name,
      location: query.location,
      judges: query.judge,
      divisions: query.division,
      orgs: query.org,
      period: query.period,
      today,
    },
    { after: query.cursor ? decodeCursor(query.cursor) : null, limit: query.limit + 1 },
  );
  const page = rows.slice(0, query.limit);
  const judges = await judgesOf(
    db.db,
    page.map((r) => r.id),
  );
  const last = page.at(-1);
  return {
    shows: page.map((row) => present(row, judges.get(row.id) ?? [])),
    nextCursor:
      rows.length > query.limit && last ? encodeCursor({ startDate: last.start_date, id: last.id }) : null,
  };
}

/**
 * Where an unfiltered planner page (any period, page size and cursor, no search or filter) may be
 * served from: its cache key and the catalogue counter it is valid for (migration 011). Filtered
 * pages are too many to cache: undefined.
 */
export async function getShowPageVersion(
  db: Db,
  query: ShowListQuery,
  today: string,
): Promise<{ key: string; version: number } | undefined> {
  const filtered =
    query.name !== undefined ||
    query.location !== undefined ||
    query.judge.length > 0 ||
    query.division.length > 0 ||
    query.org.length > 0;
  if (filtered) return undefined;
  return {
    key: `${today}|${query.period}|${query.limit}|${query.cursor ?? ""}`,
    version: await db.versions.read("catalogue", () => catalogueVersion(db.db)),
  };
}

export async function getShowFacets(db: Db, query: ShowFacetsQuery, today: string): Promise<ShowFacets> {
  return showFacets(db.db, { period: query.period, today });
}

async function loadShow(db: Db, showId: string): Promise<ShowSummary> {
  const row = await findShow(db.db, showId);
  if (!row) throw notFound(errorsTexts.showNotFound);
  const judges = await judgesOf(db.db, [row.id]);
  return present(row, judges.get(row.id) ?? []);
}

/**
 * The version of everything `getShowDetail` returns for the show: responses are cached and
 * revalidated by it. Not found when the show does not exist.
 */
export async function getShowRevision(db: Db, showId: string): Promise<number> {
  const revision = await db.versions.read(`show:${showId}`, () => findShowRevision(db.db, showId));
  if (revision === undefined) throw notFound(errorsTexts.showNotFound);
  return revision;
}

/** One show with its judges, its sessions and its classes in show order. */
export async function getShowDetail(db: Db, showId: string): Promise<ShowDetail> {
  const [show, classes, day, sessions] = await Promise.all([
    loadShow(db, showId),
    classesOf(db.db, showId),
    findDayShow(db.db, showId),
    sessionsOf(db.db, showId),
  ]);
  const zone = showTimeZone({ timeZone: day?.time_zone ?? null, location: show.location });
  return {
    ...show,
    timeZone: zone,
    minutesPerClass: Number(day?.minutes_per_class ?? DEFAULT_MINUTES_PER_CLASS),
    sessions: sessions.map((s) => ({
      id: s.id,
      name: s.name,
      date: s.date,
      startTime: s.start_time,
      ring: s.ring,
      zoneAbbr: zoneAbbreviation(zone, s.date),
    })),
    classes: classes.map((c) => ({
      id: c.id,
      number: c.number,
      name: c.name,
      date: c.date,
      divisionId: c.division_id,
      sessionId: c.session_id,
      plannedTime: c.planned_start ? formatShowClock(Date.parse(c.planned_start), zone) : null,
    })),
  };
}

/** The show's calendar file (all-day, with its timed sessions) and the name to save it under. */
export async function getShowCalendar(db: Db, showId: string): Promise<{ fileName: string; body: string }> {
  const [show, schedule] = await Promise.all([loadShow(db, showId), loadSchedule(db.db, showId)]);
  const minutesPerClass = Number(schedule?.show.minutes_per_class ?? DEFAULT_MINUTES_PER_CLASS);
  const sessions = (schedule?.sessions ?? []).flatMap((s) => {
    const start = s.startTime && schedule ? zonedInstant(s.date, s.startTime, schedule.zone) : null;
    return start === null
      ? []
      : [{ id: s.id, name: s.name, start, minutes: s.classes.length * minutesPerClass }];
  });
  return { fileName: calendarFileName(show.name), body: showCalendar(show, sessions) };
}

/**
 * Shows as other features read them: the season calendar, recommendations and the season plan, the AI
 * class lists and show prediction, the calendar import.
 */
export {
  classesOf,
  findShow,
  judgesOf,
  listShows,
  listShowsBetween,
  type ShowRow,
} from "./shows.repository.ts";

import { findDayShow, loadSchedule, sessionsOf } from "#server/features/show-day/show-day.service.ts";
