import { readFileSync } from "node:fs";
import { join } from "node:path";
import { parse } from "csv-parse/sync";
import { addDays, format, parseISO } from "date-fns";
import { createEvents, type DateArray, type EventAttributes } from "ics";

/** The real season calendar (tests/fixtures/walking-horse, copied from shared/data). */
export const CALENDAR_CSV_PATH = join(
  import.meta.dirname,
  "..",
  "fixtures",
  "walking-horse",
  "shows-calendar.csv",
);
/** The same calendar as iCalendar, written by `calendarIcs()` (kept in the repository for the e2e upload). */
export const CALENDAR_ICS_PATH = join(
  import.meta.dirname,
  "..",
  "fixtures",
  "walking-horse",
  "shows-calendar.ics",
);

export const calendarCsv = (): Buffer => readFileSync(CALENDAR_CSV_PATH);

interface CsvShow {
  name: string;
  start_date: string;
  end_date: string;
  city: string;
  state: string;
  sanctioning_org: string;
}

export const calendarCsvRows = (): CsvShow[] =>
  parse(calendarCsv(), { columns: true, skip_empty_lines: true, trim: true }) as CsvShow[];

const dateArray = (ymd: string): DateArray => {
  const [y, m, d] = ymd.split("-").map(Number);
  return [y!, m!, d!];
};

/** The CSV calendar as all-day events: DTEND the day after the last day, org as CATEGORIES. */
export function calendarIcs(rows: CsvShow[] = calendarCsvRows()): string {
  const events: EventAttributes[] = rows.map((r, i) => ({
    uid: `fixture-${i}@ringside.test`,
    title: r.name,
    start: dateArray(r.start_date),
    end: dateArray(format(addDays(parseISO(r.end_date || r.start_date), 1), "yyyy-MM-dd")),
    location: [r.city, r.state].filter(Boolean).join(", ") || undefined,
    categories: r.sanctioning_org ? [r.sanctioning_org] : undefined,
    startInputType: "utc",
    startOutputType: "utc",
  }));
  const { error, value } = createEvents(events, { productId: "ringside/tests" });
  if (error || !value) throw error ?? new Error("could not build the fixture calendar");
  return value;
}
