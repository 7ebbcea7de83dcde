/**
 * The years a date may fall in wherever one enters Ringside (issue 19, item 8): a show, a class day,
 * a date of birth, a show record, a roster's "today", an imported calendar row, a prediction. Real
 * dates of the walking-horse world fall well inside; outside them a date is a typo or an attack
 * (a show from year 1 to 9999 made every season plan cost seconds and a gigabyte).
 */
export const MIN_YEAR = 1900;
export const MAX_YEAR = 2100;

const YMD = /^(\d{4})-(\d{2})-(\d{2})$/;

/** True for a real `yyyy-mm-dd` day in MIN_YEAR–MAX_YEAR (2026-02-30 and 1899-12-31 are false). */
export function isCalendarDay(value: string): boolean {
  const match = YMD.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (year < MIN_YEAR || year > MAX_YEAR) return false;
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** True when a year is one a date may fall in. */
export const isSensibleYear = (year: number): boolean =>
  Number.isInteger(year) && year >= MIN_YEAR && year <= MAX_YEAR;
