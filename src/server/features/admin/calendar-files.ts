import { parse as parseCsv } from "csv-parse/sync";
import ICAL from "ical.js";
import { ERROR_CODES } from "#domain/app/errors.ts";
import { CALENDAR_LIMITS } from "#domain/contracts/admin.ts";
import { type CalendarRow, type ImportedShow, readCalendarRows } from "#domain/imports/calendar-import.ts";
import { AppError } from "#server/platform/errors.ts";

/**
 * Reads a season calendar, an iCalendar (.ics) file or a CSV file, with maintained parsers (ical.js,
 * csv-parse; ADR 010) into shows and the rows that could not be read. A file that is neither, or holds
 * more events than one import may, is refused before anything is written. It runs in a heavy-input
 * worker thread (platform/heavy), never on the event loop (ADR 017).
 */

export const CALENDAR_ERRORS = {
  notCalendar:
    "That file is not a calendar: upload an iCalendar (.ics) file or a CSV file with a header row.",
  badIcs: (reason: string) => `That iCalendar file could not be read: ${reason}`,
  badCsv: (reason: string) => `That CSV file could not be read: ${reason}`,
  noColumns: "The CSV file needs a show name column (name) and a start date column (start_date).",
  tooMany: (n: number) =>
    `This calendar has ${n.toLocaleString("en-US")} events; import at most ${CALENDAR_LIMITS.events.toLocaleString("en-US")} at a time.`,
  tooLarge: `That calendar is larger than ${CALENDAR_LIMITS.fileBytes / 1024 / 1024} MB.`,
  empty: "That calendar is empty.",
} as const;

export interface ReadCalendar {
  format: "ics" | "csv";
  shows: ImportedShow[];
  problems: { row: number; text: string; reason: string }[];
}

const unreadable = (message: string) => new AppError(422, ERROR_CODES.unprocessable, message);
export const calendarTooLarge = () =>
  new AppError(413, ERROR_CODES.payloadTooLarge, CALENDAR_ERRORS.tooLarge);

export function readCalendarFile(bytes: Buffer): ReadCalendar {
  if (bytes.length === 0) throw unreadable(CALENDAR_ERRORS.empty);
  if (bytes.length > CALENDAR_LIMITS.fileBytes) throw calendarTooLarge();
  if (bytes.includes(0)) throw unreadable(CALENDAR_ERRORS.notCalendar);
  const text = bytes.toString("utf8").replace(/^\uFEFF/, "");
  if (/^\s*BEGIN:VCALENDAR/i.test(text)) return { format: "ics", ...readCalendarRows(icsRows(text)) };
  return { format: "csv", ...readCalendarRows(csvRows(text)) };
}

/** Refuses a calendar with too many events by counting them, before any parser builds them all. */
function checkEventCount(count: number): void {
  if (count > CALENDAR_LIMITS.events) {
    throw new AppError(413, ERROR_CODES.payloadTooLarge, CALENDAR_ERRORS.tooMany(count));
  }
}

const ymd = (t: ICAL.Time) =>
  `${String(t.year).padStart(4, "0")}-${String(t.month).padStart(2, "0")}-${String(t.day).padStart(2, "0")}`;

/** How much of a logical line the event count looks at ("BEGIN;X-PARAM=…:VEVENT" fits). */
const HEAD = 256;

/**
 * The events of an iCalendar text as its parser will see them: counted on unfolded lines (a line break
 * followed by a space or tab continues the line, RFC 5545 3.1), so "BEGIN:VEV" + CRLF + " ENT" counts.
 * Only the start of each logical line is kept, so a long folded line costs no copy; the parsed events
 * are counted again afterwards.
 */
export function countIcsEvents(text: string): number {
  let count = 0;
  let head = "";
  const finish = () => {
    if (/^begin(?:;[^:]*)?:vevent\s*$/i.test(head)) count++;
  };
  for (const line of text.split(/\r?\n/)) {
    if (line.startsWith(" ") || line.startsWith("\t")) {
      if (head.length < HEAD) head += line.slice(1, HEAD + 1);
      continue;
    }
    finish();
    head = line.slice(0, HEAD);
  }
  finish();
  return count;
}

function icsRows(text: string): CalendarRow[] {
  checkEventCount(countIcsEvents(text));
  let calendar: ICAL.Component;
  try {
    calendar = new ICAL.Component(ICAL.parse(text));
  } catch (error) {
    throw unreadable(CALENDAR_ERRORS.badIcs(error instanceof Error ? error.message : String(error)));
  }
  const events = calendar.getAllSubcomponents("vevent");
  checkEventCount(events.length);
  if (events.length === 0) throw unreadable(CALENDAR_ERRORS.badIcs("it holds no events."));
  return events.map((component, i) => {
    const summary = component.getFirstPropertyValue("summary");
    const row: CalendarRow = { row: i + 1, text: typeof summary === "string" ? summary : `Event ${i + 1}` };
    try {
      const event = new ICAL.Event(component);
      const start = event.startDate;
      let end = event.endDate;
      // An all-day event ends (exclusively) on the day after its last day.
      if (end && start?.isDate && end.isDate && end.compare(start) > 0) {
        end = end.clone();
        end.adjust(-1, 0, 0, 0);
      }
      const categories = component.getFirstPropertyValue("categories");
      return {
        ...row,
        name: event.summary ?? undefined,
        start: start ? ymd(start) : undefined,
        end: end ? ymd(end) : undefined,
        location: event.location ?? undefined,
        org: typeof categories === "string" ? categories : undefined,
      };
    } catch {
      return row;
    }
  });
}

const HEADERS: Record<keyof Omit<CalendarRow, "row" | "text">, string[]> = {
  name: ["name", "show", "showname", "title", "summary", "event"],
  start: ["startdate", "start", "date", "dtstart", "begins", "from"],
  end: ["enddate", "end", "dtend", "ends", "to", "until"],
  location: ["location", "venue", "place"],
  city: ["city", "town"],
  state: ["state", "province", "region"],
  org: ["sanctioningorg", "sanctioning", "org", "organization", "organisation", "sanction"],
};
const headerKey = (h: string) => h.toLowerCase().replace(/[^a-z]/g, "");

function csvRows(text: string): CalendarRow[] {
  // Records after the header; a quoted field may hold a newline, so this is an upper bound.
  checkEventCount(Math.max(0, text.split("\n").filter((l) => l.trim()).length - 1));
  let records: string[][];
  try {
    records = parseCsv(text, { skip_empty_lines: true, trim: true, relax_column_count: true });
  } catch (error) {
    throw unreadable(CALENDAR_ERRORS.badCsv(error instanceof Error ? error.message : String(error)));
  }
  const [header, ...body] = records;
  if (!header || header.length < 2) throw unreadable(CALENDAR_ERRORS.notCalendar);
  const keys = header.map(headerKey);
  const column = (field: keyof typeof HEADERS) => {
    for (const alias of HEADERS[field]) {
      const i = keys.indexOf(alias);
      if (i >= 0) return i;
    }
    return -1;
  };
  const at = Object.fromEntries(
    Object.keys(HEADERS).map((f) => [f, column(f as keyof typeof HEADERS)]),
  ) as Record<keyof typeof HEADERS, number>;
  if (at.name < 0 || at.start < 0) throw unreadable(CALENDAR_ERRORS.noColumns);
  const cell = (record: string[], i: number) => (i >= 0 ? record[i] : undefined);
  return body.map((record, i) => ({
    row: i + 2,
    text: record.join(", ").slice(0, 200),
    name: cell(record, at.name),
    start: cell(record, at.start),
    end: cell(record, at.end),
    location: cell(record, at.location),
    city: cell(record, at.city),
    state: cell(record, at.state),
    org: cell(record, at.org),
  }));
}
