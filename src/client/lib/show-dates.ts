/**
 * Show dates as the app prints them, with the browser's Intl (en-US) instead of date-fns: these
 * helpers are on every budgeted screen's first paint (issue 13), and date-fns' `format` alone is
 * 6 KiB gzipped there. show-dates.test.ts holds them to date-fns' output.
 */

/** A calendar day "YYYY-MM-DD" as a local date, or null when it is not a real day. */
function day(ymd: string): Date | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(ymd);
  if (!match) return null;
  const [year, month, date] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const d = new Date(year, month - 1, date);
  d.setFullYear(year);
  return d.getMonth() === month - 1 && d.getDate() === date ? d : null;
}

/**
 * Made when first used, then kept: making an Intl.DateTimeFormat costs milliseconds on a phone, and a
 * screen uses one or two of these, so none is made while its chunk loads.
 */
const formatter = (options: Intl.DateTimeFormatOptions) => {
  let made: Intl.DateTimeFormat | undefined;
  return {
    format: (date: Date) => {
      made ??= new Intl.DateTimeFormat("en-US", options);
      return made.format(date);
    },
  };
};
const weekdayDayYear = formatter({ weekday: "short", month: "short", day: "numeric", year: "numeric" });
const dayYear = formatter({ month: "short", day: "numeric", year: "numeric" });
const monthDay = formatter({ month: "short", day: "numeric" });
const longDay = formatter({ weekday: "long", month: "long", day: "numeric" });

/** "Sat, Nov 28, 2026" for a one-day show; "Nov 28 – Dec 1, 2026" (or across years, both years) otherwise. */
export function formatShowDates(startDate: string, endDate: string): string {
  const start = day(startDate);
  const end = day(endDate);
  if (!start) return startDate;
  if (!end || startDate >= endDate) return weekdayDayYear.format(start);
  if (start.getFullYear() !== end.getFullYear()) return `${dayYear.format(start)} – ${dayYear.format(end)}`;
  return `${monthDay.format(start)} – ${dayYear.format(end)}`;
}

/** A class-day heading: "Saturday, November 28". */
export function formatDayHeading(ymd: string): string {
  const d = day(ymd);
  return d ? longDay.format(d) : ymd;
}
