import { format, isValid, parseISO } from "date-fns";

/**
 * Age and calendar-date helpers. Dates are plain `yyyy-mm-dd` calendar days; `today` is passed in.
 */

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

/** True for a real `yyyy-mm-dd` calendar date (2026-02-30 and 2026-13-01 are false). */
export function isDateOnly(s: string): boolean {
  if (!DATE_ONLY.test(s)) return false;
  const date = parseISO(s);
  return isValid(date) && format(date, "yyyy-MM-dd") === s;
}

/**
 * Whole years from `dateOfBirth` to `today`: the year difference, minus one until this year's
 * birthday is reached. A 29 February birthday is reached on 1 March in non-leap years.
 * A birth date after `today` gives 0. Throws a RangeError for a date that is not `yyyy-mm-dd`.
 */
export function ageInYears(dateOfBirth: string, today: string): number {
  for (const value of [dateOfBirth, today]) {
    if (!isDateOnly(value)) throw new RangeError(`Not a yyyy-mm-dd date: ${JSON.stringify(value)}`);
  }
  const years = Number(today.slice(0, 4)) - Number(dateOfBirth.slice(0, 4));
  const birthdayReached = today.slice(5) >= dateOfBirth.slice(5);
  return Math.max(0, birthdayReached ? years : years - 1);
}
