import { z } from "zod";
import { IdParam } from "#domain/contracts/people.ts";
import { MAX_SCALE_PLACINGS, MAX_SCALE_POINTS } from "#domain/results/high-point.ts";
import { RESULT_LIMITS } from "#domain/results/result-limits.ts";
import { STANDINGS_SORT_PARAMS } from "#domain/results/standings-sort.ts";

/** Posted results and high-point standings (issue 22, ADR 026). */

export { RESULT_LIMITS };

export const ClassResultParams = z.strictObject({
  showId: z.string().min(1).max(100),
  classId: z.string().min(1).max(100),
});

export const PreviewBody = z.strictObject({
  format: z.enum(["text", "csv"]),
  text: z.string().max(RESULT_LIMITS.text),
  gapsIntended: z.boolean().optional(),
});
export type PreviewBody = z.infer<typeof PreviewBody>;

const HorseRef = z.object({ id: z.string(), name: z.string() });

export const PreviewLine = z.object({
  lineNo: z.number().int(),
  placing: z.number().int().nullable(),
  horse: z.string(),
  rider: z.string(),
  owner: z.string(),
  /** exact: attached on publish; close: offered, a person must confirm one; none: kept as the name. */
  match: z.enum(["exact", "close", "none"]),
  horseId: z.string().nullable(),
  candidates: z.array(HorseRef),
  /** The close candidate preselected for a person to confirm; null when candidates tie (issue 34). */
  suggested: z.string().nullable(),
});
export type PreviewLine = z.infer<typeof PreviewLine>;

export const ResultPreview = z.object({
  lines: z.array(PreviewLine),
  problems: z.array(z.string()),
  /** The text read from a photo or PDF (shown when no placings were found in it). */
  readText: z.string().nullable(),
});
export type ResultPreview = z.infer<typeof ResultPreview>;

const name = z.string().trim().max(RESULT_LIMITS.name);

export const PublishLine = z.strictObject({
  lineNo: z.number().int().min(1).max(100_000),
  placing: z.number().int().min(1).max(999).nullable(),
  horse: name,
  rider: name,
  owner: name,
  horseId: IdParam.nullable(),
  /** The person confirmed a match short of exact (a close match, or one of horses with the same name). */
  confirmed: z.boolean().optional(),
});
export type PublishLine = z.infer<typeof PublishLine>;

export const PublishBody = z.strictObject({
  lines: z.array(PublishLine).max(RESULT_LIMITS.lines),
  gapsIntended: z.boolean().optional(),
});
export type PublishBody = z.infer<typeof PublishBody>;

/** A correction names the version it corrects, so two stewards' corrections cannot cross. */
export const CorrectBody = PublishBody.extend({ version: z.number().int().min(1) });
export type CorrectBody = z.infer<typeof CorrectBody>;

/** Withdrawing a class's publication names the version the person saw (issue 34). */
export const WithdrawBody = z.strictObject({ version: z.number().int().min(1) });
export type WithdrawBody = z.infer<typeof WithdrawBody>;

export const Placement = z.object({
  id: z.string(),
  placing: z.number().int().nullable(),
  horse: z.string(),
  rider: z.string(),
  owner: z.string(),
  horseId: z.string().nullable(),
  points: z.number().int(),
});
export type Placement = z.infer<typeof Placement>;

export const ClassResults = z.object({
  classId: z.string(),
  version: z.number().int(),
  publishedAt: z.string(),
  correctedAt: z.string().nullable(),
  placings: z.array(Placement),
});
export type ClassResults = z.infer<typeof ClassResults>;

export const ShowResults = z.object({
  classes: z.array(ClassResults),
  canPost: z.boolean(),
});
export type ShowResults = z.infer<typeof ShowResults>;

export const ResultHistory = z.object({
  entries: z.array(
    z.object({
      version: z.number().int(),
      kind: z.enum(["published", "corrected", "withdrawn"]),
      by: z.string().nullable(),
      at: z.string(),
      lines: z.array(PublishLine.omit({ confirmed: true })),
    }),
  ),
});
export type ResultHistory = z.infer<typeof ResultHistory>;

export const StandingsQuery = z.strictObject({
  year: z.coerce.number().int().min(1900).max(2200).optional(),
  org: z.string().max(100).optional(),
  division: z.string().max(60).optional(),
  mine: z.enum(["1", "0"]).optional(),
  page: z.coerce.number().int().min(1).max(100_000).optional(),
  /** The whole division's order (ADR 048): an allow-list, so no text of the request reaches the SQL. */
  sort: z.enum(STANDINGS_SORT_PARAMS).optional(),
});
export type StandingsQuery = z.infer<typeof StandingsQuery>;

export const StandingRow = z.object({
  rank: z.number().int(),
  horseKey: z.string(),
  horseId: z.string().nullable(),
  horseName: z.string(),
  /** As printed on the horse's results at its newest show in these standings; "" when none was. */
  owner: z.string(),
  points: z.number().int(),
  shows: z.number().int(),
  classes: z.number().int(),
  firsts: z.number().int(),
  seconds: z.number().int(),
  thirds: z.number().int(),
  mine: z.boolean(),
});
export type StandingRow = z.infer<typeof StandingRow>;

export const StandingsGroup = z.object({
  year: z.number().int(),
  org: z.string(),
  division: z.string(),
  horses: z.number().int(),
});

export const Standings = z.object({
  year: z.number().int().nullable(),
  org: z.string(),
  division: z.string(),
  page: z.number().int(),
  total: z.number().int(),
  rows: z.array(StandingRow),
  /** Every year, organisation and division with standings (for the filters). */
  groups: z.array(StandingsGroup),
});
export type Standings = z.infer<typeof Standings>;

export const HorseStanding = z.object({
  year: z.number().int(),
  org: z.string(),
  division: z.string(),
  rank: z.number().int(),
  of: z.number().int(),
  points: z.number().int(),
});
export type HorseStanding = z.infer<typeof HorseStanding>;

export const HorseResult = z.object({
  id: z.string(),
  showId: z.string(),
  showName: z.string(),
  showDate: z.string(),
  classNumber: z.string(),
  className: z.string(),
  placing: z.number().int().nullable(),
  points: z.number().int(),
  corrected: z.boolean(),
});
export type HorseResult = z.infer<typeof HorseResult>;

export const MyResults = z.object({
  results: z.array(HorseResult.extend({ horseName: z.string() })),
});
export type MyResults = z.infer<typeof MyResults>;

export const HorseResults = z.object({
  results: z.array(HorseResult),
  standings: z.array(HorseStanding),
});
export type HorseResults = z.infer<typeof HorseResults>;

/** Names a horse was printed under that a person confirmed at publish: they match it exactly. */
export const HorseAliases = z.object({
  aliases: z.array(z.object({ id: z.string(), printed: z.string(), confirmedAt: z.string() })),
  /** The viewer owns the horse or is an admin. */
  canForget: z.boolean(),
});
export type HorseAliases = z.infer<typeof HorseAliases>;

export const HorseAliasParams = z.strictObject({ id: IdParam, aliasId: IdParam });

export const PointsScaleBody = z.strictObject({
  placings: z.array(z.number().int().min(0).max(MAX_SCALE_POINTS)).min(1).max(MAX_SCALE_PLACINGS),
  shown: z.number().int().min(0).max(MAX_SCALE_POINTS),
  scaleBySize: z.boolean(),
});
export type PointsScaleBody = z.infer<typeof PointsScaleBody>;
export const PointsScaleParams = z.strictObject({ org: z.string().min(1).max(100) });
/** The organisations a points scale can be set for: those on shows, and those with a scale already. */
export const PointsScaleOrgs = z.object({ orgs: z.array(z.string()) });
export type PointsScaleOrgs = z.infer<typeof PointsScaleOrgs>;
