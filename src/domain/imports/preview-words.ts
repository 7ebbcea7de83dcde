import { formatDayHeading, formatShowDates } from "#domain/dates/show-dates.ts";
import { formatClockTime } from "#domain/show-day/show-sessions.ts";
import { prizeListTexts } from "#domain/texts/prize-lists.ts";

/**
 * The class-list import preview's dates and times as the rest of the app writes them (issue 34 item 9):
 * a session printed "Saturday Night 6:30 PM" is read as 18:30 on 2027-05-15 and shown as
 * "Saturday Night · Saturday, May 15 · 6:30 PM", never as the stored forms.
 */
export const previewSessionHeading = (name: string, date: string | null, time: string | null): string =>
  prizeListTexts.sessionHeading(
    name,
    date ? formatDayHeading(date) : null,
    time ? formatClockTime(time) : null,
  );

/** "The new show runs Fri, May 14, 2027 to Sat, May 15, 2027, from its classes' dates." */
export const previewShowDates = (start: string, end: string): string =>
  prizeListTexts.showDates(formatShowDates(start, start), formatShowDates(end, end));
