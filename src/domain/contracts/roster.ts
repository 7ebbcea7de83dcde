import { z } from "zod";
import { calendarDay } from "#domain/contracts/calendar-day.ts";
import { EntryWarning } from "#domain/contracts/season.ts";

/** The client passes its own calendar day so the sections follow the user's local midnight. */
export const RosterQuery = z.strictObject({
  today: calendarDay().optional(),
});
export type RosterQuery = z.infer<typeof RosterQuery>;

export const RosterEntryView = z.object({
  id: z.string(),
  status: z.string(),
  horseName: z.string().nullable(),
  riderName: z.string().nullable(),
  /**
   * Who entered it, when not the viewer: the friend or customer whose entry this is, or the person
   * whose entry mirrored it onto the viewer.
   */
  fromId: z.string().nullable(),
  fromName: z.string().nullable(),
  /** The viewer's own entry, made by someone else's entry mirroring: the viewer may remove it. */
  mirrored: z.boolean(),
  /** Season conflicts with the viewer's other entries (issue 25); absent when there are none. */
  warnings: z.array(EntryWarning).optional(),
  /** The horse's placing in this class once its results are posted ("2nd", "Shown"; issue 22); absent before. */
  placing: z.string().optional(),
});
export type RosterEntryView = z.infer<typeof RosterEntryView>;

/** When a class is planned to start by the printed schedule (issue 21): the instant, as words, and its length. */
export const PlannedTime = z.object({
  /** ISO instant. */
  start: z.string(),
  /** "7:42 PM CDT", on the show's clock. */
  label: z.string(),
  minutes: z.number().int(),
});
export type PlannedTime = z.infer<typeof PlannedTime>;

export const RosterClass = z.object({
  id: z.string(),
  number: z.string(),
  name: z.string(),
  /** Null when its session has no announced time (or it is in none). */
  planned: PlannedTime.nullable(),
  entries: z.array(RosterEntryView),
});
export type RosterClass = z.infer<typeof RosterClass>;

export const RosterDay = z.object({
  date: z.string(),
  /** The spec's rule: a heading when the card has several dates or the date is not the start date. */
  heading: z.boolean(),
  classes: z.array(RosterClass),
});
export type RosterDay = z.infer<typeof RosterDay>;

export const RosterShow = z.object({
  id: z.string(),
  name: z.string(),
  location: z.string(),
  startDate: z.string(),
  endDate: z.string(),
  days: z.array(RosterDay),
});
export type RosterShow = z.infer<typeof RosterShow>;

export const Roster = z.object({
  today: z.string(),
  sections: z.object({
    today: z.array(RosterShow),
    thisWeek: z.array(RosterShow),
    showSeason: z.array(RosterShow),
  }),
  /**
   * Only in the page the server renders (issue 33): how many cards after these it left out, the sections
   * cut after the first cards the screen draws. The API's roster is always whole and never has it.
   */
  rest: z.number().int().positive().optional(),
});
export type Roster = z.infer<typeof Roster>;
