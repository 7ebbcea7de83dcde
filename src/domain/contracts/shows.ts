import { z } from "zod";
import { DIVISION_IDS } from "#domain/shows/divisions.ts";

/** What a real filter never exceeds and what keeps a hostile query cheap. */
export const SHOW_LIMITS = {
  text: 100,
  listValue: 100,
  listItems: 50,
  pageSize: 30,
  maxPageSize: 100,
  cursor: 200,
} as const;

const text = z
  .string()
  .trim()
  .max(SHOW_LIMITS.text, {
    error: `Search text must be at most ${SHOW_LIMITS.text} characters.`,
  });

/** A querystring list: `judge=a&judge=b` arrives as an array, `judge=a` as a string. */
function list<T extends z.ZodType>(item: T) {
  return z.preprocess(
    (value) => (value === undefined ? [] : Array.isArray(value) ? value : [value]),
    z.array(item).max(SHOW_LIMITS.listItems, {
      error: `Choose at most ${SHOW_LIMITS.listItems} values per filter.`,
    }),
  );
}

/**
 * Which shows the planner lists: upcoming ones (ending today or later, by start date ascending) or
 * past ones (ended before today, most recent first), so past shows are one tap away, never mixed in.
 */
export const SHOW_PERIODS = ["upcoming", "past"] as const;
export type ShowPeriod = (typeof SHOW_PERIODS)[number];
const period = z.enum(SHOW_PERIODS).default("upcoming");

/** Planner filters: text fields match every word; within a checklist any value matches; lists combine with AND. */
export const ShowListQuery = z.strictObject({
  name: text.optional(),
  location: text.optional(),
  judge: list(z.string().trim().min(1).max(SHOW_LIMITS.listValue)),
  division: list(z.enum(DIVISION_IDS)),
  org: list(z.string().trim().min(1).max(SHOW_LIMITS.listValue)),
  period,
  cursor: z.string().max(SHOW_LIMITS.cursor).optional(),
  limit: z.coerce.number().int().min(1).max(SHOW_LIMITS.maxPageSize).default(SHOW_LIMITS.pageSize),
});
export type ShowListQuery = z.output<typeof ShowListQuery>;

export const ShowFacetsQuery = z.strictObject({ period });
export type ShowFacetsQuery = z.output<typeof ShowFacetsQuery>;

export const ShowIdParams = z.strictObject({ showId: z.string().min(1).max(100) });

/** A show as the planner card shows it. */
export const ShowSummary = z.object({
  id: z.string(),
  name: z.string(),
  startDate: z.string(),
  endDate: z.string(),
  location: z.string(),
  sanctioningOrg: z.string().nullable(),
  isAiPrediction: z.boolean(),
  judges: z.array(z.string()),
});
export type ShowSummary = z.infer<typeof ShowSummary>;

export const ShowPage = z.object({
  shows: z.array(ShowSummary),
  /** Pass back as `cursor` for the next page; null on the last page. */
  nextCursor: z.string().nullable(),
});
export type ShowPage = z.infer<typeof ShowPage>;

const FacetValue = z.object({ value: z.string(), count: z.number().int().nonnegative() });
export type FacetValue = z.infer<typeof FacetValue>;

/** What the filter sheet's checklists offer: values that occur among the shows, with how many shows have each. */
export const ShowFacets = z.object({
  judges: z.array(FacetValue),
  divisions: z.array(FacetValue.extend({ name: z.string() })),
  orgs: z.array(FacetValue),
});
export type ShowFacets = z.infer<typeof ShowFacets>;

export const ShowClass = z.object({
  id: z.string(),
  number: z.string(),
  name: z.string(),
  date: z.string().nullable(),
  divisionId: z.string().nullable(),
  /** Show day (issue 21): its session (null: its date's untimed one) and its printed-schedule time, "7:42 PM". */
  sessionId: z.string().nullable(),
  plannedTime: z.string().nullable(),
});
export type ShowClass = z.infer<typeof ShowClass>;

/** A show's session as show detail heads it: "Thursday Evening · 7:00 PM CDT". */
export const ShowSession = z.object({
  id: z.string(),
  name: z.string(),
  date: z.string(),
  startTime: z.string().nullable(),
  ring: z.string(),
  /** The zone's abbreviation on the session's day ("CDT"). */
  zoneAbbr: z.string(),
});
export type ShowSession = z.infer<typeof ShowSession>;

export const ShowDetail = ShowSummary.extend({
  classes: z.array(ShowClass),
  timeZone: z.string(),
  minutesPerClass: z.number().int(),
  sessions: z.array(ShowSession),
});
export type ShowDetail = z.infer<typeof ShowDetail>;
