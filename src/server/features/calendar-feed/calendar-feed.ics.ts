import { createHash } from "node:crypto";
import { addDays, format, max, parseISO } from "date-fns";
import { createEvents, type DateArray, type EventAttributes } from "ics";
import type { PlannedTime, Roster, RosterShow } from "#domain/contracts/roster.ts";
import { statusLabel } from "#domain/roster/entry-status.ts";
import { calendarFeedTexts } from "#domain/texts/calendar-feed.ts";

const t = calendarFeedTexts;

const dateArray = (ymd: string): DateArray => {
  const [y, m, d] = ymd.split("-").map(Number);
  return [y!, m!, d!];
};
const nextDay = (ymd: string) => format(addDays(parseISO(ymd), 1), "yyyy-MM-dd");

type FeedEvent = Omit<EventAttributes, "timestamp"> & { start: DateArray; end: DateArray };

/** UTC date-time parts of an instant, as `ics` takes them. */
const utcArray = (at: Date): DateArray => [
  at.getUTCFullYear(),
  at.getUTCMonth() + 1,
  at.getUTCDate(),
  at.getUTCHours(),
  at.getUTCMinutes(),
];

/**
 * A class whose session has an announced time is a timed event (issue 21): from its printed-schedule
 * start for the show's minutes per class, in UTC, so every calendar shows it at the right local time.
 */
function timed(
  planned: PlannedTime,
): Pick<
  FeedEvent,
  "start" | "end" | "startInputType" | "startOutputType" | "endInputType" | "endOutputType"
> {
  const start = new Date(planned.start);
  return {
    start: utcArray(start),
    end: utcArray(new Date(start.getTime() + planned.minutes * 60_000)),
    startInputType: "utc",
    startOutputType: "utc",
    endInputType: "utc",
    endOutputType: "utc",
  };
}

/**
 * The roster as events: one all-day event per show (DATE values, so no time zone applies and every
 * calendar shows it on the show's own days), spanning its dates (DTEND is the exclusive day after the
 * end date), and one per class, listing every entry with status, horse, rider and who entered it: timed
 * where its session has an announced time, all-day on the day it runs otherwise. UIDs are stable, so a calendar updates an event in place rather than duplicating it.
 */
export function rosterEvents(roster: Roster): FeedEvent[] {
  const shows = new Map<string, RosterShow[]>();
  for (const show of [...roster.sections.today, ...roster.sections.thisWeek, ...roster.sections.showSeason]) {
    shows.set(show.id, [...(shows.get(show.id) ?? []), show]);
  }
  const events: FeedEvent[] = [];
  for (const parts of shows.values()) {
    const show = parts[0]!;
    const lastDay = format(max([parseISO(show.startDate), parseISO(show.endDate)]), "yyyy-MM-dd");
    const seen = new Set<string>();
    const classEvents: FeedEvent[] = [];
    for (const day of parts.flatMap((p) => p.days)) {
      for (const cls of day.classes) {
        const uid = `${show.id}.${cls.id}.${day.date}@ringside-feed`;
        if (seen.has(uid)) continue;
        seen.add(uid);
        classEvents.push({
          uid,
          title: t.classTitle(cls.number, cls.name, show.name),
          ...(cls.planned
            ? timed(cls.planned)
            : { start: dateArray(day.date), end: dateArray(nextDay(day.date)) }),
          location: show.location,
          description: cls.entries
            .map((e) => t.entryLine(statusLabel(e.status), e.horseName, e.riderName, e.fromName))
            .join("\n"),
        });
      }
    }
    events.push({
      uid: `${show.id}@ringside-feed`,
      title: show.name,
      start: dateArray(show.startDate),
      end: dateArray(nextDay(lastDay)),
      location: show.location,
      description: t.showDescription(seen.size),
    });
    events.push(...classEvents);
  }
  return events;
}

/** What the feed's ETag is made of: the events, without the stamp that only follows their changes. */
export const eventsHash = (events: readonly FeedEvent[]): string =>
  createHash("sha256").update(JSON.stringify(events)).digest("base64url");

/** The VCALENDAR text (RFC 5545, via `ics`); DTSTAMP is when the content last changed. */
export function feedCalendar(events: readonly FeedEvent[], changedAt: Date): string {
  const stamp = changedAt.getTime();
  const { error, value } = createEvents(
    events.map((e) => ({ ...e, timestamp: stamp })),
    { productId: "ringside/roster-feed", calName: t.calName, method: "PUBLISH" },
  );
  if (error || !value) throw error ?? new Error("Could not build the calendar feed.");
  return value;
}
