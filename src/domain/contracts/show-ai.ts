import { z } from "zod";
import { calendarDay } from "#domain/contracts/calendar-day.ts";
import { ImportedSessionBody, SHOW_ADMIN_LIMITS } from "#domain/contracts/show-admin.ts";
import { MAX_YEAR, MIN_YEAR } from "#domain/dates/calendar-day.ts";
import { CLASS_DOUBTS } from "#domain/imports/class-list-doubts.ts";

/** The admin's AI cards: class lists read from photos and PDFs, and next-edition predictions. */

const year = z.coerce.number().int().min(MIN_YEAR).max(MAX_YEAR);
const day = calendarDay();

export const ClassListExtractQuery = z.strictObject({
  /**
   * The year the list is for, when the admin knows it: dates printed without a year take it. Without it,
   * such a date takes the year its printed weekday matches, read from `today`.
   */
  year: year.optional(),
  /** The admin's calendar day; the server's when absent. */
  today: day.optional(),
});
export type ClassListExtractQuery = z.output<typeof ClassListExtractQuery>;

/**
 * A session heading as printed above a class ("THURSDAY EVENING — 7:00 P.M."): its name without the date
 * and time, the date (yyyy-mm-dd) and start time (HH:MM, 24-hour) when printed. Shows with sessions
 * (issue 21) save these; see docs/decisions/018-reading-real-prize-lists.md.
 */
export const ExtractedSession = z.object({
  name: z.string(),
  date: z.string().optional(),
  startTime: z.string().optional(),
});

export const ExtractedClass = z.object({
  number: z.string(),
  name: z.string(),
  date: z.string().nullable(),
  session: ExtractedSession.nullable(),
  /** The printed lines it was read from: more than one when a wrapped name was joined. */
  lines: z.array(z.string()),
  /** Why the admin should check it ("Check this line"); empty when nothing is doubtful. */
  doubts: z.array(z.enum(CLASS_DOUBTS)),
});

export const ClassListExtraction = z.object({
  showName: z.string().nullable(),
  classes: z.array(ExtractedClass),
  /** Lines that were neither a class, a session heading nor page furniture. */
  unplaced: z.array(z.string()),
  /**
   * Per line of `unplaced`, where it was printed: after which class (an index into `classes`, -1 before
   * any) and under which session, so the preview can put it back there as a class.
   */
  unplacedAt: z.array(z.object({ after: z.number().int(), session: ExtractedSession.nullable() })),
  /** The pages read (a long PDF's first ten). */
  pages: z.array(z.object({ page: z.number().int(), source: z.enum(["text-layer", "ocr", "llm"]) })),
  /** Pages in the document, read or not. */
  totalPages: z.number().int(),
  /** What went wrong with the reading as a whole (a turned, blurred or empty picture), in order. */
  notes: z.array(
    z.discriminatedUnion("kind", [
      z.object({ kind: z.literal("turned"), degrees: z.number().int() }),
      z.object({ kind: z.literal("blurred"), sure: z.number().int(), lines: z.number().int() }),
      z.object({ kind: z.literal("no-list"), lines: z.number().int() }),
    ]),
  ),
});
export type ClassListExtraction = z.infer<typeof ClassListExtraction>;

/** One line of the streamed reply (`Accept: application/x-ndjson`): progress, then the result or an error. */
export const ClassListExtractionEvent = z.union([
  z.object({
    progress: z.object({
      stage: z.enum(["reading", "recognizing"]),
      page: z.number().int(),
      pages: z.number().int(),
      fraction: z.number().min(0).max(1),
    }),
  }),
  z.object({ result: ClassListExtraction }),
  z.object({ error: z.object({ code: z.string(), message: z.string() }) }),
]);
export type ClassListExtractionEvent = z.infer<typeof ClassListExtractionEvent>;

export const PredictionParams = z.strictObject({ id: z.string().trim().min(1).max(100) });
export const PredictionQuery = z.strictObject({
  /** The admin's calendar day: a prediction is never in the past. The server's day when absent. */
  today: day.optional(),
});

export const ShowPrediction = z.object({
  name: z.string(),
  startDate: z.string(),
  endDate: z.string(),
  location: z.string(),
  judges: z.array(z.string()),
  /** The past editions' sanctioning organisation (the latest that names one). */
  sanctioningOrg: z.string().nullable(),
  classes: z.array(z.object({ id: z.string(), name: z.string(), date: z.string().nullable() })),
  isAiPrediction: z.literal(true),
  /** The editions it was predicted from, oldest first. */
  history: z.array(
    z.object({
      name: z.string(),
      startDate: z.string(),
      endDate: z.string(),
      location: z.string(),
      judges: z.array(z.string()),
    }),
  ),
});
export type ShowPrediction = z.infer<typeof ShowPrediction>;

export const ImportClassesParams = z.strictObject({ id: z.string().trim().min(1).max(100) });

/** Classes from the import preview, as the admin edited them. Numbers already in the show are skipped. */
export const ImportClassesBody = z.strictObject({
  classes: z
    .array(
      z.strictObject({
        number: z
          .string()
          .trim()
          .regex(/^[A-Za-z0-9]{1,20}$/, {
            error: "A class number is letters and digits, such as 36 or 59E.",
          }),
        name: z
          .string()
          .trim()
          .min(1, { error: "Class name is required." })
          .max(SHOW_ADMIN_LIMITS.name, {
            error: `Class name must be at most ${SHOW_ADMIN_LIMITS.name} characters.`,
          }),
        date: day.nullable().optional(),
        /** The session heading it was printed under: the show's session of that name and day. */
        session: ImportedSessionBody.nullable().optional(),
      }),
    )
    .min(1, { error: "There are no classes to add." })
    .max(SHOW_ADMIN_LIMITS.classes, { error: `At most ${SHOW_ADMIN_LIMITS.classes} classes.` }),
});
export type ImportClassesBody = z.input<typeof ImportClassesBody>;

export const ImportClassesResult = z.object({
  /** The classes added, in order (ids `class-<number>`). */
  added: z.array(z.object({ id: z.string(), name: z.string(), date: z.string().nullable() })),
  /** How many were left out because the show already has their number (or the list repeats it). */
  skipped: z.number().int(),
});
export type ImportClassesResult = z.infer<typeof ImportClassesResult>;
