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
 * Dates are plain `yyyy-mm-dd` calendar days, counted as day numbers (no time zone, no DST), without
 * date-fns: show detail's first load carries this rule (docs/decisions/015-first-load.md).
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

const DAY_MS = 86_400_000;

/** Days since 1970-01-01 of a real `yyyy-mm-dd` day, or null. */
function dayNumber(ymd: string): number | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(ymd);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCMonth() === month - 1 && date.getUTCDate() === day ? date.getTime() / DAY_MS : null;
}

const dayString = (days: number): string => new Date(days * DAY_MS).toISOString().slice(0, 10);

/** Number of calendar days the show runs, inclusive; at least 1. */
export function showDayCount(show: ShowDates): number {
  const start = dayNumber(show.startDate);
  const end = dayNumber(show.endDate);
  if (start === null || end === null) return 1;
  return Math.max(1, end - start + 1);
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
  const start = dayNumber(show.startDate) ?? 0;
  // Only the days classes fall on are written out, at most one per class: the work follows what is
  // shown, never the show's span (a show from year 1 to 9999 once wrote 3.6 million days per plan).
  const dayDates = new Map<number, string>();
  return (index, date) => {
    if (date) return date;
    if (index < 0 || index >= at.count) return show.startDate;
    const day = Math.floor((index * days) / at.count);
    let text = dayDates.get(day);
    if (text === undefined) {
      text = dayString(start + day);
      dayDates.set(day, text);
    }
    return text;
  };
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
