/**
 * Season-calendar import rules, shared by the CSV and iCalendar readers: what a row must hold to be a
 * show, how its fields are normalised, and when a show is "already present" (same name, ignoring case
 * and spacing, and same start date), so a second import never duplicates it.
 */

import { isSensibleYear, MAX_YEAR, MIN_YEAR } from "#domain/dates/calendar-day.ts";

export interface CalendarRow {
  /** Where the row came from, for the admin: the CSV line or the event's position. */
  row: number;
  text: string;
  name?: string | undefined;
  start?: string | undefined;
  end?: string | undefined;
  location?: string | undefined;
  city?: string | undefined;
  state?: string | undefined;
  org?: string | undefined;
}

export interface ImportedShow {
  name: string;
  startDate: string;
  endDate: string;
  location: string;
  sanctioningOrg: string | null;
}

export const CALENDAR_ROW_ERRORS = {
  noName: "No show name.",
  noStart: "No start date.",
  badStart: (v: string) => `The start date '${v}' is not a date (use yyyy-mm-dd).`,
  badEnd: (v: string) => `The end date '${v}' is not a date (use yyyy-mm-dd).`,
  endBeforeStart: "The end date is before the start date.",
  outOfRange: (v: string) => `The date '${v}' is not between ${MIN_YEAR} and ${MAX_YEAR}.`,
  tooLong: (field: string, max: number) => `The ${field} is longer than ${max} characters.`,
  repeated: (row: number) => `The same show (name and start date) is already in this calendar, row ${row}.`,
} as const;

/** Where a calendar gives no place, the show says so the way predicted shows do. */
export const UNKNOWN_LOCATION = "TBD";

const LIMITS = { name: 200, location: 200, org: 100 } as const;

const pad = (n: number) => String(n).padStart(2, "0");

/** yyyy-mm-dd, or m/d/yyyy as spreadsheets write it; null when it is not a real day. */
export function readCalendarDate(value: string): string | null {
  const v = value.trim();
  let y: number;
  let m: number;
  let d: number;
  const iso = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(v);
  const us = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(v);
  if (iso) [y, m, d] = [Number(iso[1]), Number(iso[2]), Number(iso[3])];
  else if (us) [y, m, d] = [Number(us[3]), Number(us[1]), Number(us[2])];
  else return null;
  const date = new Date(Date.UTC(y, m - 1, d));
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== m - 1 || date.getUTCDate() !== d) return null;
  return `${y}-${pad(m)}-${pad(d)}`;
}

const clean = (v: string | undefined) => (v ?? "").replace(/\s+/g, " ").trim();

/** One calendar row as a show, or the reason it cannot be one. */
export function calendarRowToShow(raw: CalendarRow): { show: ImportedShow } | { problem: string } {
  const name = clean(raw.name);
  if (!name) return { problem: CALENDAR_ROW_ERRORS.noName };
  if (name.length > LIMITS.name) return { problem: CALENDAR_ROW_ERRORS.tooLong("name", LIMITS.name) };
  const startText = clean(raw.start);
  if (!startText) return { problem: CALENDAR_ROW_ERRORS.noStart };
  const startDate = readCalendarDate(startText);
  if (!startDate) return { problem: CALENDAR_ROW_ERRORS.badStart(startText) };
  const endText = clean(raw.end);
  const endDate = endText ? readCalendarDate(endText) : startDate;
  if (!endDate) return { problem: CALENDAR_ROW_ERRORS.badEnd(endText) };
  if (endDate < startDate) return { problem: CALENDAR_ROW_ERRORS.endBeforeStart };
  for (const [date, text] of [
    [startDate, startText],
    [endDate, endText],
  ] as const) {
    if (!isSensibleYear(Number(date.slice(0, 4)))) return { problem: CALENDAR_ROW_ERRORS.outOfRange(text) };
  }
  const place = clean(raw.location) || [clean(raw.city), clean(raw.state)].filter(Boolean).join(", ");
  const location = place || UNKNOWN_LOCATION;
  if (location.length > LIMITS.location) {
    return { problem: CALENDAR_ROW_ERRORS.tooLong("location", LIMITS.location) };
  }
  const org = clean(raw.org);
  if (org.length > LIMITS.org) return { problem: CALENDAR_ROW_ERRORS.tooLong("sanctioning org", LIMITS.org) };
  return { show: { name, startDate, endDate, location, sanctioningOrg: org || null } };
}

/** The identity of a show across imports: its name (case and spacing ignored) and start date. */
export const showIdentity = (show: { name: string; startDate: string }): string =>
  `${show.name.replace(/\s+/g, " ").trim().toLowerCase()}|${show.startDate}`;

/** Rows as shows, the first of any repeated show kept, with every unreadable row and why. */
export function readCalendarRows(rows: readonly CalendarRow[]): {
  shows: ImportedShow[];
  problems: { row: number; text: string; reason: string }[];
} {
  const shows: ImportedShow[] = [];
  const problems: { row: number; text: string; reason: string }[] = [];
  const seen = new Map<string, number>();
  for (const raw of rows) {
    const result = calendarRowToShow(raw);
    if ("problem" in result) {
      problems.push({ row: raw.row, text: raw.text, reason: result.problem });
      continue;
    }
    const key = showIdentity(result.show);
    const first = seen.get(key);
    if (first !== undefined) {
      problems.push({ row: raw.row, text: raw.text, reason: CALENDAR_ROW_ERRORS.repeated(first) });
      continue;
    }
    seen.set(key, raw.row);
    shows.push(result.show);
  }
  return { shows, problems };
}

export const CALENDAR_FIELDS = ["endDate", "location", "sanctioningOrg"] as const;

/** What importing over a present show would change: a field, as it is and as the calendar has it. */
export interface CalendarDifference {
  field: (typeof CALENDAR_FIELDS)[number];
  /** "" for no org. */
  from: string;
  to: string;
}

/**
 * How `incoming` differs from the show already present (same name and start date): its end date,
 * location and org, the fields an update takes ("Org: WHOA → TWHBEA").
 */
export function calendarDifferences(present: ImportedShow, incoming: ImportedShow): CalendarDifference[] {
  return CALENDAR_FIELDS.flatMap((field) => {
    const from = present[field] ?? "";
    const to = incoming[field] ?? "";
    return from === to ? [] : [{ field, from, to }];
  });
}

/** Whether importing `incoming` over the show already present would change it. */
export const wouldChange = (present: ImportedShow, incoming: ImportedShow): boolean =>
  calendarDifferences(present, incoming).length > 0;

/** The sample CSV the import screen offers: the header it reads best, and two shows. */
export const CALENDAR_SAMPLE_CSV = [
  "name,start_date,end_date,location,city,state,sanctioning_org",
  "Spring Jubilee Horse Show,2027-04-16,2027-04-17,,Columbia,TN,WHOA",
  '"Celebration Arena Classic",5/21/2027,5/22/2027,"Calsonic Arena, Shelbyville, TN",,,TWHBEA',
  "",
].join("\n");
