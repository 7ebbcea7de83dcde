import { z } from "zod";
import { calendarDay } from "#domain/contracts/calendar-day.ts";
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

/** The printed barn schedule's options: `barn` = the trainer's own id for the whole barn; `large` type. */
export const ScheduleQuery = z.strictObject({
  barn: z.string().trim().min(1).max(100).optional(),
  large: z.enum(["1"]).optional(),
  paper: z.enum(["letter", "a4"]).default("letter"),
  /** The viewer's calendar day, printed on the sheet. */
  today: calendarDay().optional(),
});
export type ScheduleQuery = z.output<typeof ScheduleQuery>;

const ScheduleLine = z.object({
  number: z.string(),
  className: z.string(),
  horse: z.string(),
  rider: z.string(),
  owner: z.string(),
  time: z.string(),
});

export const BarnSchedule = z.object({
  show: z.object({
    id: z.string(),
    name: z.string(),
    location: z.string(),
    startDate: z.string(),
    endDate: z.string(),
    /** Where the QR code leads: the show in Ringside. */
    url: z.string(),
  }),
  /** Whose schedule: the viewer's own entries, or the trainer's whole barn. */
  scope: z.enum(["mine", "barn"]),
  printedOn: z.string(),
  days: z.array(
    z.object({
      date: z.string(),
      sessions: z.array(
        z.object({
          name: z.string(),
          startTime: z.string().nullable(),
          ring: z.string().nullable(),
          lines: z.array(ScheduleLine),
        }),
      ),
    }),
  ),
  /** The QR code as an SVG (made on the server, so the print page loads no QR library). */
  qrSvg: z.string(),
});
export type BarnSchedule = z.infer<typeof BarnSchedule>;
