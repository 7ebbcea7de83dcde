import { addDays, format, max, parseISO } from "date-fns";
import { createEvents, type DateArray, type EventAttributes } from "ics";
import { showCalendarTexts } from "#domain/texts/calendar-feed.ts";

export interface CalendarShow {
  id: string;
  name: string;
  startDate: string;
  endDate: string;
  location: string;
  judges: readonly string[];
}

const dateArray = (ymd: string): DateArray => {
  const [y, m, d] = ymd.split("-").map(Number);
  return [y!, m!, d!];
};

/** A session with an announced time (issue 21): when it starts and how long its classes take. */
export interface CalendarSession {
  id: string;
  name: string;
  /** Epoch ms. */
  start: number;
  minutes: number;
}

const utc = (ms: number): DateArray => {
  const d = new Date(ms);
  return [d.getUTCFullYear(), d.getUTCMonth() + 1, d.getUTCDate(), d.getUTCHours(), d.getUTCMinutes()];
};

/**
 * The show as one all-day iCalendar event (RFC 5545, via `ics`): DTSTART is the start date and DTEND
 * the day after the end date, because an all-day DTEND is exclusive; that is what Google, Apple and
 * Outlook calendars expect. The description holds the location and the judges (the spec's words); LOCATION
 * carries the location as well, for calendars that show only one of them. Each session with an announced
 * time is a timed event besides (in UTC, so every calendar puts it at the right local time).
 */
export function showCalendar(show: CalendarShow, sessions: readonly CalendarSession[] = []): string {
  const lastDay = max([parseISO(show.startDate), parseISO(show.endDate)]);
  const description = showCalendarTexts.calendarDescription(show.location, show.judges);
  const events: EventAttributes[] = [
    {
      uid: `${show.id}@ringside`,
      title: show.name,
      start: dateArray(show.startDate),
      end: dateArray(format(addDays(lastDay, 1), "yyyy-MM-dd")),
      location: show.location,
      description,
    },
    ...sessions.map(
      (s): EventAttributes => ({
        uid: `${show.id}.${s.id}@ringside`,
        title: `${show.name}: ${s.name}`,
        start: utc(s.start),
        end: utc(s.start + Math.max(1, s.minutes) * 60_000),
        startInputType: "utc",
        startOutputType: "utc",
        endInputType: "utc",
        endOutputType: "utc",
        location: show.location,
        description,
      }),
    ),
  ];
  const { error, value } = createEvents(events, { productId: "ringside/shows" });
  if (error || !value) throw error ?? new Error("Could not build the calendar file.");
  return value;
}

/** A file name from the show name: safe on every desktop and phone, never empty. */
export function calendarFileName(showName: string): string {
  const cleaned = showName
    .replace(/[\\/:*?"<>|\p{Cc}]+/gu, " ")
    .replace(/\s+/g, " ")
    .trim()
    .slice(0, 120);
  return `${cleaned || "show"}.ics`;
}

/** Content-Disposition with an ASCII fallback and the exact UTF-8 name (RFC 6266 / 5987). */
export function attachmentHeader(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, "_").replace(/["\\]/g, "_");
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}
