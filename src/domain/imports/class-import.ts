import type { ImportedSession } from "#domain/imports/imported-sessions.ts";
import { PREDICTION_DEFAULTS } from "#domain/shows/show-prediction.ts";
import { prizeListTexts } from "#domain/texts/prize-lists.ts";

/**
 * Turning an imported class list into a show's classes. A new show from an import runs from its first
 * class's date to its last (today when no class has one), at location 'TBD', judge 'TBA', until the admin
 * edits it; a class dated outside its show's dates is refused; classes added to an existing show skip any
 * number the show (or the import itself, earlier) already has.
 */

export interface ImportedClass {
  number: string;
  name: string;
  date?: string | null;
  /** The session heading it was printed under, when the list has them. */
  session?: ImportedSession | null;
}

export interface ClassToAdd {
  /** `class-36A`: the number after the prefix is what the show detail displays. */
  id: string;
  name: string;
  date: string | null;
  session?: ImportedSession | null;
}

export interface DateRange {
  startDate: string;
  endDate: string;
}

/** The dates a show made from these classes runs: first class date to last, or today when none has one. */
export function datesFromClasses(
  classes: readonly ImportedClass[],
  today: string,
): DateRange & { fromClasses: boolean } {
  const dates = classes.flatMap((c) => (c.date ? [c.date] : [])).sort();
  if (dates.length === 0) return { startDate: today, endDate: today, fromClasses: false };
  return { startDate: dates[0]!, endDate: dates.at(-1)!, fromClasses: true };
}

export function importedShowDefaults(today: string, classes: readonly ImportedClass[] = []) {
  const { startDate, endDate } = datesFromClasses(classes, today);
  return {
    startDate,
    endDate,
    location: PREDICTION_DEFAULTS.location,
    judges: [PREDICTION_DEFAULTS.judge],
  };
}

export const isOutside = (range: DateRange, date: string | null | undefined) =>
  !!date && (date < range.startDate || date > range.endDate);

/** Why these classes cannot be saved in a show with these dates: the first class dated outside them. */
export function outsideDatesProblem(
  range: DateRange,
  classes: readonly { number: string; date?: string | null | undefined }[],
): string | null {
  const outside = classes.find((c) => isOutside(range, c.date));
  return outside
    ? prizeListTexts.outsideDates(outside.number, outside.date!, range.startDate, range.endDate)
    : null;
}

const numberKey = (n: string) => n.trim().toUpperCase();

/** The imported classes to add, in order, without numbers already taken; ids `class-<number>`. */
export function classesToAdd(
  existingNumbers: readonly string[],
  imported: readonly ImportedClass[],
): ClassToAdd[] {
  const taken = new Set(existingNumbers.map(numberKey));
  const added: ClassToAdd[] = [];
  for (const c of imported) {
    const key = numberKey(c.number);
    if (!key || taken.has(key)) continue;
    taken.add(key);
    added.push({
      id: `class-${key}`,
      name: c.name.trim(),
      date: c.date ?? null,
      ...(c.session ? { session: c.session } : {}),
    });
  }
  return added;
}
