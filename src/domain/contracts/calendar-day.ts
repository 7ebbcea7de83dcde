import { z } from "zod";
import { isCalendarDay, MAX_YEAR, MIN_YEAR } from "#domain/dates/calendar-day.ts";

export const CALENDAR_DAY_ERRORS = {
  format: "Enter a date as yyyy-mm-dd.",
  range: `Enter a real date between ${MIN_YEAR} and ${MAX_YEAR}.`,
} as const;

/**
 * The one date contract for every request that carries a date: `yyyy-mm-dd`, a day that exists, in
 * MIN_YEAR–MAX_YEAR. `required` is the message when the value is missing or not a string.
 */
export const calendarDay = (required = "Date is required.") =>
  z
    .string({ error: required })
    .regex(/^\d{4}-\d{2}-\d{2}$/, { error: CALENDAR_DAY_ERRORS.format })
    .refine(isCalendarDay, { error: CALENDAR_DAY_ERRORS.range });
