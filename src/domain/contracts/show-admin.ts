import { z } from "zod";
import { calendarDay } from "#domain/contracts/calendar-day.ts";
import { outsideDatesProblem } from "#domain/imports/class-import.ts";
import { isClockTime } from "#domain/show-day/show-sessions.ts";
import { classNumberFromId } from "#domain/shows/class-number.ts";

/** Limits for admin-entered shows: generous for real data, small enough to keep requests cheap. */
export const SHOW_ADMIN_LIMITS = {
  name: 200,
  location: 200,
  org: 100,
  judge: 100,
  judges: 20,
  classes: 1000,
  sessionName: 100,
} as const;

const date = calendarDay();
const text = (label: string, max: number) =>
  z
    .string()
    .trim()
    .min(1, { error: `${label} is required.` })
    .max(max, { error: `${label} must be at most ${max} characters.` });

const judges = z
  .array(text("A judge's name", SHOW_ADMIN_LIMITS.judge))
  .max(SHOW_ADMIN_LIMITS.judges, { error: `At most ${SHOW_ADMIN_LIMITS.judges} judges.` });

/**
 * A session heading an imported class list printed above a class (ParsedClass.session): saved as one of
 * the show's sessions (docs/decisions/018-reading-real-prize-lists.md).
 */
export const ImportedSessionBody = z.strictObject({
  name: text("Session name", SHOW_ADMIN_LIMITS.sessionName),
  date: date.optional(),
  startTime: z
    .string()
    .refine(isClockTime, { error: "Times are HH:MM on a 24-hour clock, such as 19:00." })
    .optional(),
});
export type ImportedSessionBody = z.input<typeof ImportedSessionBody>;

export const NewShowClass = z.strictObject({
  id: z
    .string()
    .trim()
    .regex(/^[A-Za-z]+-[A-Za-z0-9]{1,20}$/, {
      error: "Class ids look like cel-12, cel-12E, sfs-3 or class-7.",
    }),
  name: text("Class name", SHOW_ADMIN_LIMITS.name),
  date: date.nullable().optional(),
  /** From an imported class list: the session heading it was printed under. */
  session: ImportedSessionBody.nullable().optional(),
});

/** A class as the show editor edits it: `id` for a class the show has (kept stable), none for a new one. */
export const EditedClassBody = z.strictObject({
  id: z.string().trim().min(1).max(100).optional(),
  number: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9]{1,20}$/, { error: "A class number is letters and digits, such as 12 or 36A." }),
  name: z
    .string()
    .trim()
    .min(1, { error: "Class name is required." })
    .max(SHOW_ADMIN_LIMITS.name, {
      error: `Class name must be at most ${SHOW_ADMIN_LIMITS.name} characters.`,
    }),
  date: date.nullable().optional(),
});

/** A class from the show editor: a new one pasted from a class list may say which session heading it was under. */
export const EditorClassBody = EditedClassBody.extend({
  session: ImportedSessionBody.nullable().optional(),
});

/** The editor's classes as they will be dated: a session heading's day stands for the class's date. */
export const datedByHeading = (
  classes: readonly {
    number: string;
    date?: string | null;
    session?: { date?: string | null | undefined } | null;
  }[],
) => classes.map((c) => ({ number: c.number, date: c.session?.date || c.date }));

const datesInOrder = (v: { startDate?: string | undefined; endDate?: string | undefined }) =>
  !v.startDate || !v.endDate || v.startDate <= v.endDate;
const endAfterStart = { error: "The end date cannot be before the start date.", path: ["endDate"] };

export const CreateShowBody = z
  .strictObject({
    name: text("Show name", SHOW_ADMIN_LIMITS.name),
    startDate: date,
    endDate: date,
    location: text("Location", SHOW_ADMIN_LIMITS.location),
    sanctioningOrg: z.string().trim().max(SHOW_ADMIN_LIMITS.org).nullable().optional(),
    isAiPrediction: z.boolean().default(false),
    judges: judges.default([]),
    classes: z
      .array(NewShowClass)
      .max(SHOW_ADMIN_LIMITS.classes, { error: `At most ${SHOW_ADMIN_LIMITS.classes} classes.` })
      .default([]),
  })
  .refine(datesInOrder, endAfterStart)
  .refine((v) => new Set(v.classes.map((c) => c.id)).size === v.classes.length, {
    error: "Class ids must be unique within the show.",
    path: ["classes"],
  })
  // A class dated outside its show's days would never show on a roster (issue 23).
  .superRefine((v, ctx) => {
    const problem = outsideDatesProblem(
      v,
      v.classes.map((c) => ({ number: classNumberFromId(c.id), date: c.session?.date || c.date })),
    );
    if (problem) ctx.addIssue({ code: "custom", message: problem, path: ["classes"] });
  });
export type CreateShowBody = z.input<typeof CreateShowBody>;

export const UpdateShowBody = z
  .strictObject({
    name: text("Show name", SHOW_ADMIN_LIMITS.name).optional(),
    startDate: date.optional(),
    endDate: date.optional(),
    location: text("Location", SHOW_ADMIN_LIMITS.location).optional(),
    sanctioningOrg: z.string().trim().max(SHOW_ADMIN_LIMITS.org).nullable().optional(),
    isAiPrediction: z.boolean().optional(),
    judges: judges.optional(),
    /**
     * The show editor's whole class list (as PUT /api/shows/:id/classes takes it), saved with the
     * fields in one transaction: new dates and the classes moved to them are checked together.
     */
    classes: z
      .array(EditorClassBody)
      .max(SHOW_ADMIN_LIMITS.classes, { error: `At most ${SHOW_ADMIN_LIMITS.classes} classes.` })
      .optional(),
  })
  .refine((v) => Object.keys(v).length > 0, { error: "Nothing to change." })
  .refine(datesInOrder, endAfterStart);
export type UpdateShowBody = z.input<typeof UpdateShowBody>;

export const ShowAdminParams = z.strictObject({ id: z.string().trim().min(1).max(100) });
