import { addDays, differenceInCalendarDays, format, isValid, parseISO } from "date-fns";

/**
 * The spec's "Class dates on show detail" rule.
 *
 * - A class with a date keeps it.
 * - If at least one class has a date, every undated class falls on the show's start date.
 * - If no class has a date, there are MORE than 50 classes and the show spans more than one day,
 *   the classes are split evenly, in order, across the show's days: with `days` days
 *   (end − start + 1, inclusive) and `n` classes, class `i` goes to day `floor(i * days / n)`, so the
 *   day sizes differ by at most one and the earlier days take the extra classes.
 * - Otherwise every class falls on the start date.
 *
 * An end date before the start date (or an unreadable date) counts as a one-day show.
 * Dates are plain `yyyy-mm-dd` calendar days, read with `parseISO` (local time, no UTC shift).
 */

/** Above this many undated classes a multi-day show spreads them over its days. */
export const SPLIT_THRESHOLD = 50;

export interface ShowDates {
  startDate: string;
  endDate: string;
}

export interface ClassWithDate {
  date?: string | null;
}

/** Number of calendar days the show runs, inclusive; at least 1. */
export function showDayCount(show: ShowDates): number {
  const start = parseISO(show.startDate);
  const end = parseISO(show.endDate);
  if (!isValid(start) || !isValid(end)) return 1;
  return Math.max(1, differenceInCalendarDays(end, start) + 1);
}

/** The effective `yyyy-mm-dd` date of each class, in the order given. */
export function assignClassDates(show: ShowDates, classes: readonly ClassWithDate[]): string[] {
  const dateAt = classDater(show, { count: classes.length, anyDated: classes.some((c) => !!c.date) });
  return classes.map((c, index) => dateAt(index, c.date));
}

/**
 * The same rule for classes known only by their place: `count` classes in the show, `anyDated` when any of
 * them has a date; the returned function dates the class at `index` (show order). Lets a query return a
 * few classes of a show rather than all of them.
 */
export function classDater(
  show: ShowDates,
  at: { count: number; anyDated: boolean },
): (index: number, date?: string | null) => string {
  const days = showDayCount(show);
  if (at.anyDated || at.count <= SPLIT_THRESHOLD || days <= 1) return (_, date) => date || show.startDate;
  const start = parseISO(show.startDate);
  const dayDates = Array.from({ length: days }, (_, day) => format(addDays(start, day), "yyyy-MM-dd"));
  return (index, date) => date || (dayDates[Math.floor((index * days) / at.count)] ?? show.startDate);
}

export interface ClassDay<T> {
  date: string;
  classes: T[];
}

/** Classes grouped under their effective date, days ascending, class order kept within a day. */
export function groupClassesByDate<T extends ClassWithDate>(
  show: ShowDates,
  classes: readonly T[],
): ClassDay<T>[] {
  const dates = assignClassDates(show, classes);
  const byDate = new Map<string, T[]>();
  classes.forEach((c, i) => {
    const date = dates[i] ?? show.startDate;
    const group = byDate.get(date);
    if (group) group.push(c);
    else byDate.set(date, [c]);
  });
  return [...byDate.entries()]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([date, group]) => ({ date, classes: group }));
}
