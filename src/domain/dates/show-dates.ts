/**
 * Show dates as the app prints them (en-US, as date-fns printed them: show-dates.test.ts holds them to
 * its output), from name tables rather than date-fns or Intl: these helpers are on every budgeted
 * screen's first paint (issue 13), date-fns' `format` alone is 6 KiB gzipped there, and making an
 * Intl.DateTimeFormat loads locale data, tens of milliseconds on a phone in the first screen's render.
 */

const MONTHS = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
] as const;
const WEEKDAYS = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"] as const;

interface Day {
  year: number;
  /** 0 = January. */
  month: number;
  date: number;
  /** 0 = Sunday. */
  weekday: number;
}

/** A calendar day "YYYY-MM-DD", or null when it is not a real day. */
function day(ymd: string): Day | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(ymd);
  if (!match) return null;
  const [year, month, date] = [Number(match[1]), Number(match[2]) - 1, Number(match[3])];
  const d = new Date(Date.UTC(2000, month, date));
  d.setUTCFullYear(year);
  if (d.getUTCMonth() !== month || d.getUTCDate() !== date) return null;
  return { year, month, date, weekday: d.getUTCDay() };
}

const shortName = (name: string) => name.slice(0, 3);
const year = (d: Day) => String(d.year).padStart(4, "0");
/** "Nov 28" */
const monthDay = (d: Day) => `${shortName(MONTHS[d.month]!)} ${d.date}`;
/** "Nov 28, 2026" */
const dayYear = (d: Day) => `${monthDay(d)}, ${year(d)}`;

/** "Sat, Nov 28, 2026"; a value that is not a real day is printed as it is. */
export function formatLongDate(ymd: string): string {
  const d = day(ymd);
  return d ? `${shortName(WEEKDAYS[d.weekday]!)}, ${dayYear(d)}` : ymd;
}

/** "Sat, Nov 28, 2026" for a one-day show; "Nov 28 – Dec 1, 2026" (or across years, both years) otherwise. */
export function formatShowDates(startDate: string, endDate: string): string {
  const start = day(startDate);
  const end = day(endDate);
  if (!start) return startDate;
  if (!end || startDate >= endDate) return formatLongDate(startDate);
  if (start.year !== end.year) return `${dayYear(start)} – ${dayYear(end)}`;
  return `${monthDay(start)} – ${dayYear(end)}`;
}

/** A class-day heading: "Saturday, November 28". */
export function formatDayHeading(ymd: string): string {
  const d = day(ymd);
  return d ? `${WEEKDAYS[d.weekday]}, ${MONTHS[d.month]} ${d.date}` : ymd;
}
