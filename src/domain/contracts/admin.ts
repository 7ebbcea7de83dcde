import { z } from "zod";
import { LIMITS } from "#domain/contracts/auth.ts";
import { HorseDetailsBody, HorseGender } from "#domain/contracts/horses.ts";
import { DateOnly, IdParam, PersonRef } from "#domain/contracts/people.ts";
import { UserGender } from "#domain/contracts/profile.ts";
import { EditorClassBody, SHOW_ADMIN_LIMITS } from "#domain/contracts/show-admin.ts";
import { SHOW_PERIODS } from "#domain/contracts/shows.ts";
import { CALENDAR_FIELDS } from "#domain/imports/calendar-import.ts";
import type { ImportedSession } from "#domain/imports/imported-sessions.ts";
import { ROLES } from "#domain/people/roles.ts";
import { sortParams } from "#domain/sorting/table-sort.ts";

/** Admin Panel → Data Management and Show Management (issue 14). */

export const ADMIN_LIMITS = {
  pageSize: 25,
  maxPageSize: 100,
  search: 100,
  cursor: 300,
} as const;

const AdminListQuery = z.strictObject({
  q: z
    .string()
    .trim()
    .max(ADMIN_LIMITS.search, { error: `Search text must be at most ${ADMIN_LIMITS.search} characters.` })
    .default(""),
  cursor: z.string().max(ADMIN_LIMITS.cursor).optional(),
  limit: z.coerce.number().int().min(1).max(ADMIN_LIMITS.maxPageSize).default(ADMIN_LIMITS.pageSize),
});

/**
 * The columns the Admin Panel's tables sort by on the server, over the whole list (ADR 048): an allow-list,
 * each a column that is never empty, so a page can start after the last row's value and id.
 */
export const ADMIN_USER_SORTS = ["name", "email"] as const;
export type AdminUserSort = (typeof ADMIN_USER_SORTS)[number];
export const ADMIN_HORSE_SORTS = ["name", "dateOfBirth"] as const;
export type AdminHorseSort = (typeof ADMIN_HORSE_SORTS)[number];

export const AdminUserListQuery = AdminListQuery.extend({
  sort: z.enum(sortParams(ADMIN_USER_SORTS)).default("name"),
});
export type AdminUserListQuery = z.output<typeof AdminUserListQuery>;
export const AdminHorseListQuery = AdminListQuery.extend({
  sort: z.enum(sortParams(ADMIN_HORSE_SORTS)).default("name"),
});
export type AdminHorseListQuery = z.output<typeof AdminHorseListQuery>;

/**
 * The Admin Panel's shows table (ADR 048): upcoming (ending today or later) or past, by start date, name or
 * place. With no sort the period's date order: upcoming soonest first, past most recent first.
 */
export const ADMIN_SHOW_SORTS = ["startDate", "name", "location"] as const;
export type AdminShowSort = (typeof ADMIN_SHOW_SORTS)[number];
export const AdminShowListQuery = AdminListQuery.extend({
  period: z.enum(SHOW_PERIODS).default("upcoming"),
  sort: z.enum(sortParams(ADMIN_SHOW_SORTS)).optional(),
});
export type AdminShowListQuery = z.output<typeof AdminShowListQuery>;

export const AdminShow = z.object({
  id: z.string(),
  name: z.string(),
  startDate: z.string(),
  endDate: z.string(),
  location: z.string(),
  isAiPrediction: z.boolean(),
});
export type AdminShow = z.infer<typeof AdminShow>;
export const AdminShowPage = z.object({ shows: z.array(AdminShow), nextCursor: z.string().nullable() });
export type AdminShowPage = z.infer<typeof AdminShowPage>;

export const AdminIdParams = z.strictObject({ id: IdParam });

export const AdminUser = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  roles: z.array(z.enum(ROLES)),
  gender: UserGender.nullable(),
  dateOfBirth: z.string().nullable(),
});
export type AdminUser = z.infer<typeof AdminUser>;

export const AdminUserPage = z.object({ users: z.array(AdminUser), nextCursor: z.string().nullable() });
export type AdminUserPage = z.infer<typeof AdminUserPage>;

/** Add or edit a user: name, email (unique, case-insensitive), at least one role, gender, date of birth. */
export const AdminUserBody = z.strictObject({
  name: z
    .string({ error: "Name is required." })
    .trim()
    .min(1, { error: "Name is required." })
    .max(LIMITS.name, { error: `Name must be at most ${LIMITS.name} characters.` }),
  email: z
    .email({ error: "Enter a valid email address." })
    .max(LIMITS.email, { error: `Email must be at most ${LIMITS.email} characters.` }),
  roles: z
    .array(z.enum(ROLES))
    .min(1, { error: "Choose at least one role." })
    .max(ROLES.length)
    .refine((r) => new Set(r).size === r.length, { error: "Each role once." }),
  gender: UserGender.nullable(),
  dateOfBirth: DateOnly.nullable(),
});
export type AdminUserBody = z.infer<typeof AdminUserBody>;

export const AdminUserCreated = z.object({ user: AdminUser, signInLinkSentTo: z.string() });
export type AdminUserCreated = z.infer<typeof AdminUserCreated>;

/**
 * What becomes of the horses a deleted user is the only owner of (issue 24): given to another user
 * (`to`), or deleted with their entries. Required when there are such horses.
 */
export const DeleteUserQuery = z.strictObject({
  horses: z.enum(["transfer", "delete"]).optional(),
  to: IdParam.optional(),
});
export type DeleteUserQuery = z.infer<typeof DeleteUserQuery>;

/** The horses a user is the only owner of (asked before deleting them). */
export const SoleHorses = z.object({ horses: z.array(z.object({ id: z.string(), name: z.string() })) });
export type SoleHorses = z.infer<typeof SoleHorses>;

export const Deleted = z.object({ deleted: z.string() });
export type Deleted = z.infer<typeof Deleted>;

export const AdminHorse = z.object({
  id: z.string(),
  name: z.string(),
  gender: HorseGender.nullable(),
  dateOfBirth: z.string(),
  canters: z.boolean(),
  divisions: z.array(z.string()),
  owners: z.array(PersonRef),
  trainers: z.array(PersonRef),
});
export type AdminHorse = z.infer<typeof AdminHorse>;

export const AdminHorsePage = z.object({ horses: z.array(AdminHorse), nextCursor: z.string().nullable() });
export type AdminHorsePage = z.infer<typeof AdminHorsePage>;

const peopleIds = z.array(IdParam).max(50);
/** The horse form's fields and its people: owners exclude admins, trainers hold the Trainer role. */
export const AdminHorseBody = HorseDetailsBody.extend({ ownerIds: peopleIds, trainerIds: peopleIds });
export type AdminHorseBody = z.infer<typeof AdminHorseBody>;

export { EditedClassBody } from "#domain/contracts/show-admin.ts";

export const ReplaceClassesBody = z.strictObject({
  classes: z
    .array(EditorClassBody)
    .max(SHOW_ADMIN_LIMITS.classes, { error: `At most ${SHOW_ADMIN_LIMITS.classes} classes.` }),
});
export type ReplaceClassesBody = z.infer<typeof ReplaceClassesBody>;

/** What the show editor starts from and hands back: a new show, an edited one, or an AI draft (issue 10). */
export interface ShowDraft {
  name: string;
  startDate: string;
  endDate: string;
  location: string;
  judges: string[];
  sanctioningOrg: string | null;
  isAIPrediction: boolean;
  classes: {
    id?: string;
    number: string;
    name: string;
    date?: string | null;
    /** From an imported class list: the session heading it was printed under (a new show only). */
    session?: ImportedSession | null;
  }[];
}

/* Calendar import */

export const CALENDAR_LIMITS = {
  /** Bytes of an uploaded or fetched calendar file. */
  fileBytes: 2 * 1024 * 1024,
  /** Events one import may hold; a bigger calendar is refused before it is parsed. */
  events: 2000,
  /** Shows one import request writes (the client sends a long import in batches, with progress). */
  batch: 100,
  fetchTimeoutMs: 10_000,
  url: 2000,
} as const;

export const CalendarShow = z.strictObject({
  name: z.string().trim().min(1).max(SHOW_ADMIN_LIMITS.name),
  startDate: DateOnly,
  endDate: DateOnly,
  location: z.string().trim().min(1).max(SHOW_ADMIN_LIMITS.location),
  sanctioningOrg: z.string().trim().max(SHOW_ADMIN_LIMITS.org).nullable(),
});
export type CalendarShow = z.infer<typeof CalendarShow>;

export const CalendarProblem = z.object({ row: z.number().int(), text: z.string(), reason: z.string() });
export type CalendarProblem = z.infer<typeof CalendarProblem>;

export const CalendarPreview = z.object({
  format: z.enum(["ics", "csv"]),
  newShows: z.array(CalendarShow),
  /** Already present: same name (ignoring case) and start date; `changed` when an import would update it. */
  existing: z.array(
    CalendarShow.extend({
      id: z.string(),
      changed: z.boolean(),
      /** What an update would change, field by field (empty when `changed` is false). */
      differences: z.array(z.object({ field: z.enum(CALENDAR_FIELDS), from: z.string(), to: z.string() })),
    }),
  ),
  problems: z.array(CalendarProblem),
});
export type CalendarPreview = z.infer<typeof CalendarPreview>;

export const CalendarUrlBody = z.strictObject({
  url: z
    .url({ protocol: /^https?$/, error: "Enter an http:// or https:// address." })
    .max(CALENDAR_LIMITS.url),
});

export const CalendarImportBody = z.strictObject({
  shows: z
    .array(CalendarShow)
    .min(1, { error: "Nothing to import." })
    .max(CALENDAR_LIMITS.batch, { error: `Send at most ${CALENDAR_LIMITS.batch} shows per request.` }),
  /** What to do with a show that is already present: leave it, or take the calendar's dates, place and org. */
  existing: z.enum(["skip", "update"]).default("skip"),
  /**
   * The id the batches of one import share (the client makes it): each person's notice of the new
   * shows grows into one summary across batches instead of one per batch (ADR 023).
   */
  importId: z
    .string()
    .trim()
    .min(8)
    .max(64)
    .regex(/^[A-Za-z0-9_-]+$/)
    .optional(),
});
export type CalendarImportBody = z.input<typeof CalendarImportBody>;

export const CalendarImportResult = z.object({
  created: z.number().int(),
  updated: z.number().int(),
  skipped: z.number().int(),
});
export type CalendarImportResult = z.infer<typeof CalendarImportResult>;
