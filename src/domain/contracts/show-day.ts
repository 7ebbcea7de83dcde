import { z } from "zod";
import { EditedClassBody } from "#domain/contracts/admin.ts";
import { DateOnly, IdParam, PersonRef } from "#domain/contracts/people.ts";
import { SHOW_ADMIN_LIMITS } from "#domain/contracts/show-admin.ts";
import { ACTION_LOG_SIZE, MAX_REASON } from "#domain/show-day/ring.ts";
import { MAX_CLASSES_AWAY } from "#domain/show-day/ring-alerts.ts";
import { RING_STREAM_SHOWS } from "#domain/show-day/ring-stream.ts";
import { DEFAULT_RING, isClockTime } from "#domain/show-day/show-sessions.ts";
import { isTimeZone } from "#domain/shows/show-time-zone.ts";

/** Show day (issue 21): the schedule, the ring's live state, steward actions, stewards and alert settings. */

export const SHOW_DAY_LIMITS = {
  sessions: 100,
  sessionName: 100,
  ring: 60,
  reason: MAX_REASON,
  lateMinutes: 120,
  minutesPerClass: 60,
  stewards: 50,
  /** Actions a ring view lists (the newest first). */
  actionLog: ACTION_LOG_SIZE,
  /** Shows one ring stream carries (ADR 041). */
  liveShows: RING_STREAM_SHOWS,
} as const;

const ClockTime = z
  .string()
  .refine(isClockTime, { error: "Times are HH:MM on a 24-hour clock, such as 19:00." });
export const TimeZone = z
  .string()
  .max(64)
  .refine(isTimeZone, { error: "Choose a time zone such as America/Chicago." });

/** A session as the show editor sends it, with its classes in running order. */
export const EditedSessionBody = z.strictObject({
  id: IdParam.optional(),
  name: z
    .string()
    .trim()
    .min(1, { error: "Session name is required." })
    .max(SHOW_DAY_LIMITS.sessionName, {
      error: `Session names are at most ${SHOW_DAY_LIMITS.sessionName} characters.`,
    }),
  date: DateOnly,
  startTime: ClockTime.nullable(),
  ring: z.string().trim().min(1).max(SHOW_DAY_LIMITS.ring).default(DEFAULT_RING),
  classes: z.array(EditedClassBody).max(SHOW_ADMIN_LIMITS.classes),
});
export type EditedSessionBody = z.input<typeof EditedSessionBody>;

/** PUT /api/shows/:id/schedule: sessions with their classes, and the classes of no session. */
export const ScheduleBody = z
  .strictObject({
    timeZone: TimeZone.nullable(),
    minutesPerClass: z.number().int().min(1).max(SHOW_DAY_LIMITS.minutesPerClass),
    sessions: z.array(EditedSessionBody).max(SHOW_DAY_LIMITS.sessions, {
      error: `At most ${SHOW_DAY_LIMITS.sessions} sessions.`,
    }),
    unscheduled: z.array(EditedClassBody).max(SHOW_ADMIN_LIMITS.classes).default([]),
  })
  .refine(
    (v) =>
      v.sessions.reduce((n, s) => n + s.classes.length, v.unscheduled.length) <= SHOW_ADMIN_LIMITS.classes,
    { error: `At most ${SHOW_ADMIN_LIMITS.classes} classes.` },
  );
export type ScheduleBody = z.input<typeof ScheduleBody>;

const SessionId = z.string().min(1).max(100);
const ClassId = z.string().min(1).max(100);

export const RingActionBody = z.discriminatedUnion("kind", [
  z.strictObject({
    kind: z.literal("start-session"),
    sessionId: SessionId,
    /** The steward confirmed a start before the session's day or well before its time (issue 34). */
    early: z.boolean().optional(),
  }),
  z.strictObject({
    kind: z.literal("finish-session"),
    sessionId: SessionId,
    /** What becomes of classes not run (issue 34); required when there are any. */
    unrun: z.enum(["scratch", "move"]).optional(),
  }),
  z.strictObject({
    kind: z.literal("in-ring"),
    sessionId: SessionId,
    classId: ClassId,
    expectedInRing: ClassId.nullable(),
  }),
  z.strictObject({ kind: z.literal("done"), sessionId: SessionId, classId: ClassId }),
  z.strictObject({
    kind: z.literal("scratch"),
    sessionId: SessionId,
    classId: ClassId,
    reason: z
      .string()
      .trim()
      .min(1, { error: "Give a reason." })
      .max(SHOW_DAY_LIMITS.reason, { error: `A reason is at most ${SHOW_DAY_LIMITS.reason} characters.` }),
  }),
  z.strictObject({
    kind: z.literal("late"),
    sessionId: SessionId,
    minutes: z.number().int().min(1).max(SHOW_DAY_LIMITS.lateMinutes),
  }),
  z.strictObject({ kind: z.literal("undo"), undoSeq: z.number().int().min(1) }),
]);
export type RingActionBody = z.infer<typeof RingActionBody>;

const Instant = z.number().int().nullable();

export const DaySession = z.object({
  id: z.string(),
  name: z.string(),
  date: z.string(),
  startTime: z.string().nullable(),
  ring: z.string(),
  implicit: z.boolean(),
  classIds: z.array(z.string()),
});
export type DaySession = z.infer<typeof DaySession>;

export const DayClass = z.object({ id: z.string(), number: z.string(), name: z.string() });
export type DayClass = z.infer<typeof DayClass>;

export const ClassLiveView = z.object({
  id: z.string(),
  status: z.enum(["waiting", "in-ring", "done", "scratched"]),
  startedAt: Instant,
  endedAt: Instant,
  reason: z.string().nullable(),
});
export type ClassLiveView = z.infer<typeof ClassLiveView>;

export const SessionLiveView = z.object({
  id: z.string(),
  status: z.enum(["scheduled", "running", "finished"]),
  startedAt: Instant,
  finishedAt: Instant,
  early: z.boolean().optional(),
  delays: z.array(z.object({ at: z.number().int(), minutes: z.number().int() })),
});
export type SessionLiveView = z.infer<typeof SessionLiveView>;

export const RingActionView = z.object({
  seq: z.number().int(),
  kind: z.string(),
  text: z.string(),
  actorName: z.string().nullable(),
  at: z.number().int(),
  undone: z.boolean(),
});
export type RingActionView = z.infer<typeof RingActionView>;

/** The ring's state: only sessions and classes that have moved are listed. */
export const RingLive = z.object({
  seq: z.number().int(),
  /** What Undo takes back; null when nothing. */
  lastEffectiveSeq: z.number().int().nullable(),
  sessions: z.array(SessionLiveView),
  classes: z.array(ClassLiveView),
  /** The newest actions first, at most SHOW_DAY_LIMITS.actionLog. */
  actions: z.array(RingActionView),
});
export type RingLive = z.infer<typeof RingLive>;

/**
 * The show's zone offsets around its day, from the server's zone rules (zone-spans.ts, ADR 042): a browser
 * prints the day's times from them without loading its own zone data in the middle of hydration.
 */
export const ZoneSpansView = z.object({
  spans: z.array(z.object({ from: z.number(), offset: z.number(), abbr: z.string() })),
  until: z.number(),
});

/** GET /api/shows/:showId/day: everything a live screen needs about the show's day. */
export const ShowDay = z.object({
  showId: z.string(),
  name: z.string(),
  timeZone: z.string(),
  /** Absent in a day saved by an older version (the offline cache): the browser asks its zone rules. */
  zoneSpans: ZoneSpansView.optional(),
  minutesPerClass: z.number().int(),
  /** The show's own calendar day now, and whether the show runs on it (ring actions need that). */
  today: z.string(),
  runningToday: z.boolean(),
  canRunRing: z.boolean(),
  sessions: z.array(DaySession),
  classes: z.array(DayClass),
  ring: RingLive,
});
export type ShowDay = z.infer<typeof ShowDay>;

/** A live event: what one accepted action changed (sessions and classes as they are now). */
export const RingPatch = z.object({
  showId: z.string(),
  seq: z.number().int(),
  prevSeq: z.number().int(),
  lastEffectiveSeq: z.number().int().nullable(),
  sessions: z.array(SessionLiveView),
  classes: z.array(ClassLiveView),
  action: RingActionView,
  /** The seq an Undo marked undone, so the log can strike it through. */
  undid: z.number().int().nullable(),
  /** Classes changed session (a Finish moved them, or its Undo put them back): screens read the whole day again. */
  scheduleChanged: z.boolean().optional(),
});
export type RingPatch = z.infer<typeof RingPatch>;

/**
 * GET /api/show-day/events?shows=<id>,<id>… (ring-stream.ts, ADR 041): the page's one ring stream, each
 * `event: ring` a RingPatch whose `showId` says which show it is for.
 */
const ShowIdList = z
  .string()
  .max(SHOW_DAY_LIMITS.liveShows * 101)
  .transform((value) => [...new Set(value.split(","))])
  .pipe(z.array(z.string().min(1).max(100)).min(1).max(SHOW_DAY_LIMITS.liveShows));

export const RingStreamQuery = z.strictObject({ shows: ShowIdList });
export type RingStreamQuery = z.output<typeof RingStreamQuery>;

/** 409 for a stale action: the refusal and the ring as it is. */
export const RingRefusal = z.object({
  error: z.object({ code: z.string(), message: z.string() }),
  day: ShowDay,
});
export type RingRefusal = z.infer<typeof RingRefusal>;

export const Stewards = z.object({ stewards: z.array(PersonRef) });
export type Stewards = z.infer<typeof Stewards>;
export const StewardsBody = z.strictObject({
  userIds: z
    .array(IdParam)
    .max(SHOW_DAY_LIMITS.stewards)
    .refine((ids) => new Set(ids).size === ids.length, {
      error: "Each person once.",
    }),
});
export type StewardsBody = z.infer<typeof StewardsBody>;

export const AlertSetting = z.strictObject({
  classesAway: z
    .number()
    .int()
    .min(0)
    .max(MAX_CLASSES_AWAY, { error: `Choose 0 to ${MAX_CLASSES_AWAY}.` }),
});
export type AlertSetting = z.infer<typeof AlertSetting>;
