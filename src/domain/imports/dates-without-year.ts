/**
 * A date printed without its year ("Friday Night, May 14"), as prize lists print session dates. It takes
 * the year in which its weekday matches, nearest first to its next occurrence on or after today; a date
 * without a weekday takes that next occurrence. A weekday that matches none of the nearby years (the year
 * of that next occurrence, the one after, the one before) is flagged, and the date is the next
 * occurrence. Pure: `today` is passed in (yyyy-mm-dd).
 */

export interface DateWithoutYear {
  /** 1–12. */
  month: number;
  /** 1–31. */
  day: number;
  /** 0 = Sunday … 6 = Saturday, when one is printed. */
  weekday?: number | null;
}

export interface ResolvedDate {
  /** yyyy-mm-dd; null when no nearby year has that day (February 30). */
  date: string | null;
  /** The printed weekday falls on none of the nearby years' dates. */
  weekdayMismatch: boolean;
}

const pad = (n: number) => String(n).padStart(2, "0");

function realDay(year: number, month: number, day: number): Date | null {
  const d = new Date(Date.UTC(year, month - 1, day));
  return d.getUTCFullYear() === year && d.getUTCMonth() === month - 1 && d.getUTCDate() === day ? d : null;
}

const ymd = (d: Date) => `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;

/** The date on or after `today` that this month and day next fall on (Feb 29 waits for a leap year). */
function nextOccurrence(month: number, day: number, today: string): Date | null {
  const year = Number(today.slice(0, 4));
  for (let y = year; y <= year + 8; y++) {
    const d = realDay(y, month, day);
    if (d && ymd(d) >= today) return d;
  }
  return null;
}

export function resolveDateWithoutYear(printed: DateWithoutYear, today: string): ResolvedDate {
  const next = nextOccurrence(printed.month, printed.day, today);
  if (!next) return { date: null, weekdayMismatch: false };
  if (printed.weekday === undefined || printed.weekday === null) {
    return { date: ymd(next), weekdayMismatch: false };
  }
  const base = next.getUTCFullYear();
  for (const year of [base, base + 1, base - 1]) {
    const d = realDay(year, printed.month, printed.day);
    if (d && d.getUTCDay() === printed.weekday) return { date: ymd(d), weekdayMismatch: false };
  }
  return { date: ymd(next), weekdayMismatch: true };
}

const WEEKDAYS = ["sun", "mon", "tue", "wed", "thu", "fri", "sat"];

/** 0–6 for a printed weekday ("Friday", "Fri.", "THURS"), else null. */
export function weekdayNumber(word: string): number | null {
  const key = word
    .toLowerCase()
    .replace(/[^a-z]/g, "")
    .slice(0, 3);
  const i = WEEKDAYS.indexOf(key);
  return i >= 0 ? i : null;
}
