import { MONTHS } from "#domain/imports/class-list-lines.ts";
import { resolveDateWithoutYear } from "#domain/imports/dates-without-year.ts";

/**
 * The days a prize list's header prints for its show ("June 18 & 19, 2010", "April 26–27, 2024",
 * "May 30 – June 1, 2024", "April 8, 9 & 10", "Saturday, June 20, 2009"), and the date of a session
 * heading that prints only its weekday ("FRIDAY NIGHT — 7:00 P.M."): the show day with that weekday, or
 * the next such day after the session above it. Pure.
 */

export interface ShowDays {
  /** The year printed in the header, if any. */
  year: number | null;
  /** The days printed, in order. */
  days: { month: number; day: number }[];
}

const MONTH = "(jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\\.?";
const ANY_MONTH = "(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\\.?";
/** "June 18 & 19", "April 26–27", "May 30 – June 1", "April 8, 9 & 10", "June 20": month, days, more. */
const DAY_RUN = new RegExp(
  `\\b${MONTH}\\s+(\\d{1,2})((?:\\s*(?:,|&|and|[-–—]|to)\\s*(?:${ANY_MONTH}\\s+)?\\d{1,2}\\b(?!:))*)(?:,?\\s*(\\d{4}))?`,
  "i",
);

const monthNumber = (name: string) => MONTHS.indexOf(name.toLowerCase().slice(0, 3)) + 1;

/** The show's days from the header lines (those before the first class), or null when none prints any. */
export function showDaysFrom(header: readonly string[]): ShowDays | null {
  for (const line of header) {
    const m = DAY_RUN.exec(line);
    if (!m) continue;
    let month = monthNumber(m[1]!);
    const days = [{ month, day: Number(m[2]) }];
    const range = /[-–—]|\bto\b/.test(m[3] ?? "");
    for (const part of (m[3] ?? "").matchAll(new RegExp(`(?:${MONTH}\\s+)?(\\d{1,2})`, "gi"))) {
      if (part[1]) month = monthNumber(part[1]);
      days.push({ month, day: Number(part[2]) });
    }
    const year = m[4] ? Number(m[4]) : yearIn(header);
    // A range ("April 26–27", "May 30 – June 1") holds every day from its first to its last.
    return { year, days: range ? everyDay(days[0]!, days.at(-1)!) : days };
  }
  return null;
}

function yearIn(lines: readonly string[]): number | null {
  for (const line of lines) {
    const m = /\b(19[5-9]\d|20\d\d)\b/.exec(line);
    if (m) return Number(m[1]);
  }
  return null;
}

function everyDay(first: { month: number; day: number }, last: { month: number; day: number }) {
  const out = [first];
  // A leap year holds every month-day; at most a fortnight is a show.
  let d = new Date(Date.UTC(2024, first.month - 1, first.day));
  while (out.length < 14) {
    d = new Date(d.getTime() + 86_400_000);
    out.push({ month: d.getUTCMonth() + 1, day: d.getUTCDate() });
    if (d.getUTCMonth() + 1 === last.month && d.getUTCDate() === last.day) return out;
  }
  return [first, last];
}

const pad = (n: number) => String(n).padStart(2, "0");
const iso = (year: number, month: number, day: number) => `${year}-${pad(month)}-${pad(day)}`;
const weekdayOf = (date: string) => new Date(`${date}T00:00:00Z`).getUTCDay();

/**
 * The date of a session heading that prints its weekday but no date: the first day from the session above
 * (when it has a date) that falls on that weekday; else the show day that does, in the header's year, or
 * in the year that weekday fits (from `today`).
 */
export function weekdaySessionDate(
  weekday: number,
  show: ShowDays | null,
  previous: string | null,
  today: string | undefined,
): string | null {
  if (previous) {
    let d = new Date(`${previous}T00:00:00Z`);
    for (let i = 0; i < 7; i++) {
      if (d.getUTCDay() === weekday) return d.toISOString().slice(0, 10);
      d = new Date(d.getTime() + 86_400_000);
    }
  }
  if (!show) return null;
  for (const { month, day } of show.days) {
    if (show.year !== null) {
      const date = iso(show.year, month, day);
      if (weekdayOf(date) === weekday) return date;
    } else if (today) {
      const resolved = resolveDateWithoutYear({ month, day, weekday }, today);
      if (resolved.date && !resolved.weekdayMismatch) return resolved.date;
    }
  }
  return null;
}
