import { addDays, differenceInCalendarDays, format, parseISO } from "date-fns";
import { isCalendarDay } from "#domain/dates/calendar-day.ts";

/**
 * The offline rules for predicting a show's next edition (the spec's AI Show Prediction, without an LLM).
 *
 * - A show's **editions** are the shows whose names agree once edition numbers, years and notes in
 *   parentheses are set aside ("Columbia Spring Jubilee (53rd)" and "Columbia Spring Jubilee (73rd)";
 *   "2025 Tennessee Walking Horse National Celebration" and "… Celebration (87th)"). Saved AI
 *   predictions are not history.
 * - One edition says nothing about a pattern: a show needs at least two to be predicted.
 * - The next edition follows the latest one: the same weekday pattern a year on (the same weekday in the
 *   same week of the month as its last day, the last such weekday when it fell in a fifth week), the same
 *   length, the same location, classes and order, judges 'TBA'. The Celebration always runs the 11 days
 *   ending the Saturday before Labor Day. If that date has passed, the year after, and so on.
 * - Edition numbers and years in the name move on with it: "(73rd)" → "(74th)", "2025" → "2026".
 */

export const PREDICTION_DEFAULTS = { location: "TBD", judge: "TBA" } as const;

export interface EditionClass {
  id: string;
  name: string;
  date?: string | null;
}

export interface Edition {
  name: string;
  startDate: string;
  endDate: string;
  location: string;
  judges: readonly string[];
  classes: readonly EditionClass[];
  isAiPrediction?: boolean;
  sanctioningOrg?: string | null;
}

/**
 * The sanctioning organisation a next edition keeps: the latest edition's, or when it names none, the
 * most recent one an earlier edition named (the model is not asked: orgs are not in the spec's history).
 */
export function predictionOrg(editions: readonly Edition[]): string | null {
  const named = editions
    .filter((e) => !e.isAiPrediction && e.sanctioningOrg?.trim())
    .sort((a, b) => (a.startDate < b.startDate ? -1 : 1));
  return named.at(-1)?.sanctioningOrg?.trim() ?? null;
}

export interface PredictedClass {
  id: string;
  name: string;
  date: string | null;
}

export interface ShowPrediction {
  name: string;
  startDate: string;
  endDate: string;
  location: string;
  judges: string[];
  sanctioningOrg: string | null;
  classes: PredictedClass[];
  isAiPrediction: true;
}

/** What the spec's prediction call takes as input: each edition's name, dates, location and judges. */
export interface HistoryEntry {
  name: string;
  startDate: string;
  endDate: string;
  location: string;
  judges: string[];
}

const ymd = (d: Date) => format(d, "yyyy-MM-dd");
const validDate = (v: unknown): v is string => typeof v === "string" && isCalendarDay(v);
const ORDINAL = /\b\d+(?:st|nd|rd|th)\b/gi;
const YEAR = /\b(?:19|20)\d\d\b/g;

/** The name all editions of a show share: no notes in parentheses, edition numbers, years or "Annual". */
export function normaliseShowName(name: string): string {
  return name
    .toLowerCase()
    .replace(/\([^)]*\)?/g, " ")
    .replace(ORDINAL, " ")
    .replace(YEAR, " ")
    .replace(/\bannual\b/g, " ")
    .replace(/&/g, " and ")
    .replace(/['’]/g, "")
    .replace(/[^a-z0-9]+/g, " ")
    .trim()
    .replace(/^the /, "");
}

/** The editions of `show` among `shows` (itself included), oldest first; saved AI predictions left out. */
export function editionsOf<T extends Pick<Edition, "name" | "startDate" | "isAiPrediction">>(
  show: Pick<Edition, "name">,
  shows: readonly T[],
): T[] {
  const key = normaliseShowName(show.name);
  return shows
    .filter((s) => !s.isAiPrediction && normaliseShowName(s.name) === key)
    .sort((a, b) => (a.startDate < b.startDate ? -1 : a.startDate > b.startDate ? 1 : 0));
}

export const isCelebration = (name: string) => /\bnational celebration\b/.test(normaliseShowName(name));

/** Labor Day is the first Monday of September; the Celebration ends the Saturday before and runs 11 days. */
export function celebrationDates(year: number): { startDate: string; endDate: string } {
  const septemberFirst = new Date(year, 8, 1);
  const laborDay = addDays(septemberFirst, (8 - septemberFirst.getDay()) % 7);
  const end = addDays(laborDay, -2);
  return { startDate: ymd(addDays(end, -10)), endDate: ymd(end) };
}

/**
 * The day `years` years on that falls on the same weekday in the same week of the month: the second
 * Saturday of July stays the second Saturday of July. A day in the fifth week maps to the last such weekday.
 */
export function sameWeekdayPattern(date: string, years: number): string {
  const d = parseISO(date);
  const weekday = d.getDay();
  const week = Math.ceil(d.getDate() / 7);
  const firstOfMonth = new Date(d.getFullYear() + years, d.getMonth(), 1);
  const firstMatch = 1 + ((weekday - firstOfMonth.getDay() + 7) % 7);
  if (week <= 4)
    return ymd(new Date(firstOfMonth.getFullYear(), firstOfMonth.getMonth(), firstMatch + 7 * (week - 1)));
  const daysInMonth = new Date(firstOfMonth.getFullYear(), firstOfMonth.getMonth() + 1, 0).getDate();
  const last = firstMatch + 7 * Math.floor((daysInMonth - firstMatch) / 7);
  return ymd(new Date(firstOfMonth.getFullYear(), firstOfMonth.getMonth(), last));
}

/** 1st, 2nd, 3rd, 4th … 11th, 12th, 13th … 21st. */
export function ordinal(n: number): string {
  const tens = n % 100;
  const suffix = tens >= 11 && tens <= 13 ? "th" : (["th", "st", "nd", "rd"][n % 10] ?? "th");
  return `${n}${suffix}`;
}

/**
 * The name of the edition `years` later: years move on, and so do edition numbers where a name prints
 * one (at its start, in parentheses, or before "Annual"). "4th of July Horse Show" keeps its 4th.
 */
export function nextEditionName(name: string, years: number): string {
  const edition = /\b(\d+)(?:st|nd|rd|th)\b/gi;
  return name
    .replace(edition, (printed, n: string, offset: number) => {
      const after = name.slice(offset + printed.length);
      const isEdition =
        (offset === 0 && !/^\s+of\b/i.test(after)) || name[offset - 1] === "(" || /^\s+annual\b/i.test(after);
      return isEdition ? ordinal(Number(n) + years) : printed;
    })
    .replace(YEAR, (y) => String(Number(y) + years));
}

function datesFor(last: Edition, years: number): { startDate: string; endDate: string } {
  if (isCelebration(last.name)) return celebrationDates(parseISO(last.startDate).getFullYear() + years);
  const length = Math.max(0, differenceInCalendarDays(parseISO(last.endDate), parseISO(last.startDate)));
  const endDate = sameWeekdayPattern(last.endDate, years);
  return { startDate: ymd(addDays(parseISO(endDate), -length)), endDate };
}

/** The history the prediction rests on, as the spec's prediction call takes it. */
export function predictionHistory(editions: readonly Edition[]): HistoryEntry[] {
  return editions.map((e) => ({
    name: e.name,
    startDate: e.startDate,
    endDate: e.endDate,
    location: e.location,
    judges: [...e.judges],
  }));
}

/**
 * The next edition after the latest of `editions` (all editions of one show, any order), not in the past
 * on `today` (yyyy-mm-dd). Null when there are fewer than two editions: not enough history.
 */
export function predictByRules(editions: readonly Edition[], today: string): ShowPrediction | null {
  const known = editions.filter((e) => !e.isAiPrediction);
  if (known.length < 2) return null;
  const last = latestEdition(known)!;
  let years = 1;
  let dates = datesFor(last, years);
  while (dates.endDate < today) dates = datesFor(last, ++years);
  return {
    name: nextEditionName(last.name, years),
    ...dates,
    location: last.location.trim() || PREDICTION_DEFAULTS.location,
    judges: [PREDICTION_DEFAULTS.judge],
    sanctioningOrg: predictionOrg(known),
    classes: carryClasses(last, dates.startDate),
    isAiPrediction: true,
  };
}

/** The latest edition of a show (not a saved prediction), or undefined. */
export const latestEdition = (editions: readonly Edition[]): Edition | undefined =>
  editions
    .filter((e) => !e.isAiPrediction)
    .reduce<Edition | undefined>((a, b) => (!a || b.startDate > a.startDate ? b : a), undefined);

/** `last`'s classes in order for an edition starting on `startDate`, class dates moved with the show. */
export function carryClasses(last: Edition, startDate: string): PredictedClass[] {
  const shift = validDate(startDate)
    ? differenceInCalendarDays(parseISO(startDate), parseISO(last.startDate))
    : 0;
  return last.classes.map((c) => ({
    id: c.id,
    name: c.name,
    date: c.date ? ymd(addDays(parseISO(c.date), shift)) : null,
  }));
}

/**
 * Fills what a prediction (an LLM's reply) left out, as the spec says: today's dates, location 'TBD',
 * judge 'TBA', no classes; the show's own name.
 */
export function completePrediction(
  partial: {
    name?: string | null;
    startDate?: string | null;
    endDate?: string | null;
    location?: string | null;
    judges?: readonly string[] | null;
    sanctioningOrg?: string | null;
    classes?: readonly PredictedClass[] | null;
  },
  fallbackName: string,
  today: string,
): ShowPrediction {
  const startDate = validDate(partial.startDate) ? partial.startDate : today;
  const endDate = validDate(partial.endDate) && partial.endDate >= startDate ? partial.endDate : startDate;
  const judges = (partial.judges ?? []).map((j) => j.trim()).filter(Boolean);
  return {
    name: partial.name?.trim() || fallbackName,
    startDate,
    endDate,
    location: partial.location?.trim() || PREDICTION_DEFAULTS.location,
    judges: judges.length ? judges : [PREDICTION_DEFAULTS.judge],
    sanctioningOrg: partial.sanctioningOrg?.trim() || null,
    classes: [...(partial.classes ?? [])],
    isAiPrediction: true,
  };
}
