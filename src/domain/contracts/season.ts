import { z } from "zod";
import { ShowListQuery } from "#domain/contracts/shows.ts";

/** A conflict warning on an entry (issue 25): which other entry, and why, in words. Never blocks. */
export const EntryWarning = z.object({
  kind: z.enum(["horseTwoShows", "tooClose", "rings", "showsOverlap"]),
  otherEntryId: z.string(),
  otherShowId: z.string(),
  otherClassId: z.string(),
  message: z.string(),
});
export type EntryWarning = z.infer<typeof EntryWarning>;

/** A month of the calendar (issue 25): `yyyy-mm`. */
export const calendarMonth = () =>
  z.string().regex(/^(19|20)\d\d-(0[1-9]|1[0-2])$/, { error: "Give the month as yyyy-mm." });

/** The planner's filters (as GET /api/shows takes them) and the month to show. */
export const CalendarQuery = ShowListQuery.omit({ period: true, cursor: true, limit: true }).extend({
  month: calendarMonth(),
  /** Only shows holding the viewer's entries (the roster's calendar). */
  mine: z.enum(["1"]).optional(),
});
export type CalendarQuery = z.output<typeof CalendarQuery>;

/** A show on the calendar: its days and whether the viewer has any entry there. */
export const CalendarShow = z.object({
  id: z.string(),
  name: z.string(),
  location: z.string(),
  startDate: z.string(),
  endDate: z.string(),
  mine: z.boolean(),
});
export type CalendarShow = z.infer<typeof CalendarShow>;

export const CalendarMonth = z.object({
  month: z.string(),
  shows: z.array(CalendarShow),
  /** True when the month held more shows than one answer carries (CALENDAR_MAX_SHOWS). */
  truncated: z.boolean(),
});
export type CalendarMonth = z.infer<typeof CalendarMonth>;

/** Far above a real month (a busy season holds ~130), low enough to bound a hostile request. */
export const CALENDAR_MAX_SHOWS = 2000;
