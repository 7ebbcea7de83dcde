import type { Transaction } from "kysely";
import { ERROR_CODES } from "#domain/app/errors.ts";
import type {
  RingActionBody,
  RingActionView,
  RingLive,
  RingPatch,
  ShowDay,
  Stewards,
} from "#domain/contracts/show-day.ts";
import { SHOW_DAY_LIMITS } from "#domain/contracts/show-day.ts";
import {
  checkRingAction,
  describeAction,
  foldRing,
  lastEffective,
  nextSessionOf,
  type RingAction,
  type RingActionInput,
  type RingState,
  unrunClasses,
} from "#domain/show-day/ring.ts";
import { DEFAULT_CLASSES_AWAY } from "#domain/show-day/ring-alerts.ts";
import { type ClassDayStatus, estimateDay } from "#domain/show-day/ring-estimates.ts";
import { liveViews, ringDiff } from "#domain/show-day/show-day-view.ts";
import { showToday, zonedInstant } from "#domain/show-day/show-time.ts";
import { type ZoneSpans, zoneSpans } from "#domain/show-day/zone-spans.ts";
import { showTimeZone } from "#domain/shows/show-time-zone.ts";
import { errorsTexts } from "#domain/texts/errors.ts";
import { showDayTexts } from "#domain/texts/show-day.ts";
import type { WatchDay } from "#domain/watch/watch-view.ts";
import type { Db } from "#server/db/client.ts";
import type { Database } from "#server/db/schema.ts";
import { queueWatchRingPushes } from "#server/features/watch/watch-push.service.ts";
import type { Viewer } from "#server/http/viewer.ts";
import { AppError, badRequest, forbidden, notFound } from "#server/platform/errors.ts";
import { type EventBus, type LiveEvent, publishQuietly } from "#server/platform/events.ts";
import { ringDistances, sendDueAlerts } from "./show-day.alerts.ts";
import { canManageShowDay, canRunRing } from "./show-day.policy.ts";
import {
  alertSettingOf,
  dayVersionOf,
  existingUserIds,
  lockRing,
  moveClasses,
  type RingActionRow,
  recordRingAction,
  replaceStewards,
  ringActionsOf,
  ringSeqsOf,
  saveAlertSetting,
  stewardIdsOf,
  stewardsOf,
} from "./show-day.repository.ts";
import { loadSchedule, refreshPlannedStarts, type Schedule } from "./show-day.schedule.ts";

export interface ShowDayDeps {
  db: Db;
  bus: EventBus;
  log: { warn(obj: unknown, msg?: string): void };
}

/**
 * Each show's ring number now, as a ring stream's `ready` tells its page (ring-stream.ts); read once the
 * stream listens, so a tap after the read reaches the page as a patch. Null when one of them (each id once)
 * does not exist, which the stream answers with 404.
 */
export async function ringSeqs(db: Db, showIds: readonly string[]): Promise<Record<string, number> | null> {
  const rows = await ringSeqsOf(db.db, showIds);
  if (rows.length !== showIds.length) return null;
  return Object.fromEntries(rows.map((row) => [row.id, Number(row.seq ?? 0)]));
}

/** Whether the viewer may run the show's ring (an admin, or one of its stewards); also who may show its board. */
export async function mayRunRing(db: Db, viewer: Viewer, showId: string): Promise<boolean> {
  return canRunRing(viewer, { stewardIds: await stewardIdsOf(db.db, showId) });
}

/** A ring action refused because the ring has moved on (409): the answer carries the ring as it is. */
export class RingRefused extends AppError {
  constructor(
    message: string,
    readonly day: ShowDay,
  ) {
    super(409, ERROR_CODES.conflict, message);
  }
}

function toAction(row: RingActionRow): RingAction {
  const base = {
    seq: Number(row.seq),
    at: Number(row.at),
    actorId: row.actor_id ?? "",
    undone: Number(row.undone) === 1,
  };
  const sessionId = row.session_id ?? "";
  const classId = row.class_id ?? "";
  switch (row.kind) {
    case "undo":
      return { ...base, kind: "undo", undoSeq: Number(row.undo_seq) };
    case "in-ring":
      return { ...base, kind: "in-ring", sessionId, classId, expectedInRing: row.expected_in_ring };
    case "done":
      return { ...base, kind: "done", sessionId, classId };
    case "scratch":
      return { ...base, kind: "scratch", sessionId, classId, reason: row.reason ?? "" };
    case "late":
      return { ...base, kind: "late", sessionId, minutes: Number(row.minutes) };
    case "finish-session":
      return {
        ...base,
        kind: "finish-session",
        sessionId,
        unrun: row.unrun === "scratch" || row.unrun === "move" ? row.unrun : undefined,
      };
    default:
      return { ...base, kind: "start-session", sessionId, early: Number(row.early) === 1 };
  }
}

const actionView = (
  schedule: Schedule,
  actions: readonly RingAction[],
  a: RingAction,
  actorName: string | null,
): RingActionView => ({
  seq: a.seq,
  kind: a.kind,
  text: describeAction(a, schedule.sessions, actions),
  actorName,
  at: a.at,
  undone: a.undone,
});

function ringLive(schedule: Schedule, rows: readonly RingActionRow[]): RingLive {
  const actions = rows.map(toAction);
  const names = new Map(rows.map((r) => [Number(r.seq), r.actor_name]));
  return {
    seq: actions.at(-1)?.seq ?? 0,
    lastEffectiveSeq: lastEffective(actions)?.seq ?? null,
    ...liveViews(foldRing(schedule.sessions, actions)),
    actions: actions
      .slice(-SHOW_DAY_LIMITS.actionLog)
      .reverse()
      .map((a) => actionView(schedule, actions, a, names.get(a.seq) ?? null)),
  };
}

const runsOn = (schedule: Schedule, day: string) =>
  schedule.show.start_date <= day && day <= schedule.show.end_date;

const DAY_MS = 86_400_000;

/**
 * The zone's offsets from two days before the show's today to three days after the later of today and
 * the show's last day (at most six weeks): every time a live screen prints (ADR 042). The same for the
 * whole day, so the cached body may carry it.
 */
function daySpans(schedule: Schedule, today: string): ZoneSpans {
  const midnight = zonedInstant(today, "00:00", schedule.zone) ?? Date.parse(today);
  const last = schedule.show.end_date > today ? schedule.show.end_date : today;
  const lastMidnight = zonedInstant(last, "00:00", schedule.zone) ?? midnight;
  const from = midnight - 2 * DAY_MS;
  return zoneSpans(schedule.zone, from, Math.min(lastMidnight + 3 * DAY_MS, from + 42 * DAY_MS));
}

function presentDay(
  schedule: Schedule,
  rows: readonly RingActionRow[],
  canRun: boolean,
  now: number,
): ShowDay {
  const today = showToday(now, schedule.zone);
  return {
    showId: schedule.show.id,
    name: schedule.show.name,
    timeZone: schedule.zone,
    zoneSpans: daySpans(schedule, today),
    minutesPerClass: Number(schedule.show.minutes_per_class),
    today,
    runningToday: runsOn(schedule, today),
    canRunRing: canRun,
    sessions: schedule.sessions.map((s) => ({
      id: s.id,
      name: s.name,
      date: s.date,
      startTime: s.startTime,
      ring: s.ring,
      implicit: s.implicit,
      classIds: s.classes.map((c) => c.id),
    })),
    classes: schedule.classes.map((c) => ({ id: c.id, number: c.number, name: c.name })),
    ring: ringLive(schedule, rows),
  };
}

async function scheduleOrNotFound(db: Db, showId: string): Promise<Schedule> {
  const schedule = await loadSchedule(db.db, showId);
  if (!schedule) throw notFound(errorsTexts.showNotFound);
  return schedule;
}

/**
 * The show's calendar day at `now`, kept per zone until its next midnight: every day view asks, and
 * working it out through the zone's rules each time cost a tenth of a millisecond.
 */
const todays = new Map<string, { today: string; from: number; until: number }>();
function todayAt(now: number, zone: string): string {
  const known = todays.get(zone);
  if (known && known.from <= now && now < known.until) return known.today;
  const today = showToday(now, zone);
  const from = zonedInstant(today, "00:00", zone) ?? now;
  // The next day's midnight: a day is 23 to 25 hours long, so 26 hours on is always the next day.
  const until = zonedInstant(showToday(from + 26 * 3_600_000, zone), "00:00", zone) ?? now + 60_000;
  todays.set(zone, { today, from, until });
  return today;
}

/**
 * The show's day for any signed-in person (sessions, order, the ring's state and its last actions), as
 * the cache keeps it (ADR 032): one body per show and per answer to "may this viewer
 * run the ring" (nothing else in it depends on who asks), at a version that every change to the show,
 * every tap on any server and the show's midnight move. The version and the viewer's right are read
 * per request; `load` builds the body for exactly that right on a miss.
 */
export async function showDayVersion(
  db: Db,
  viewer: Viewer,
  showId: string,
  now = Date.now(),
): Promise<{ key: string; version: string; load: () => Promise<ShowDay> }> {
  const row = await db.versions.read(`day:${showId}:${viewer.id}`, () =>
    dayVersionOf(db.db, showId, viewer.id),
  );
  if (!row) throw notFound(errorsTexts.showNotFound);
  const steward = row.steward === true || Number(row.steward) === 1;
  const canRun = canRunRing(viewer, { stewardIds: steward ? [viewer.id] : [] });
  const today = todayAt(now, showTimeZone({ timeZone: row.time_zone, location: row.location }));
  return {
    key: `${showId}:${canRun ? "runs" : "watches"}`,
    version: `${row.revision}.${row.seq ?? 0}.${today}`,
    load: async () => {
      const schedule = await scheduleOrNotFound(db, showId);
      return presentDay(schedule, await ringActionsOf(db.db, showId), canRun, now);
    },
  };
}

/**
 * A Finish that moves its unrun classes puts them into the next session; the Undo of such a Finish puts
 * the same classes back (issue 34). Either way the printed times follow and the schedule is read again.
 */
async function moveForFinish(
  trx: Transaction<Database>,
  schedule: Schedule,
  before: RingState,
  input: RingActionBody,
  rows: readonly RingActionRow[],
): Promise<{ ids: string[] | null; changed: boolean; schedule: Schedule }> {
  const showId = schedule.show.id;
  let ids: string[] | null = null;
  let changed = false;
  if (input.kind === "finish-session" && input.unrun === "move") {
    const session = schedule.sessions.find((s) => s.id === input.sessionId)!;
    const target = nextSessionOf(schedule.sessions, before, session)!;
    ids = unrunClasses(before, session).map((c) => c.id);
    await moveClasses(trx, showId, ids, { sessionId: target.id, date: target.date });
    changed = ids.length > 0;
  }
  const undone = input.kind === "undo" ? rows.find((r) => Number(r.seq) === input.undoSeq) : undefined;
  if (undone?.kind === "finish-session" && undone.moved_class_ids) {
    const from = schedule.sessions.find((s) => s.id === undone.session_id);
    const back = JSON.parse(undone.moved_class_ids) as string[];
    if (from) {
      await moveClasses(trx, showId, back, { sessionId: from.implicit ? null : from.id, date: from.date });
      changed = back.length > 0;
    }
  }
  if (!changed) return { ids, changed, schedule };
  await refreshPlannedStarts(trx, showId);
  return { ids, changed, schedule: (await loadSchedule(trx, showId)) ?? schedule };
}

/**
 * A steward's action: checked against the ring as it is (stale ones refused with it), numbered, stored
 * with its alerts. `publish` then sends the change to every open screen on every server: the caller
 * calls it once the steward has the answer, because on SQLite the bus writes to every stream in this
 * process at once, and two thousand writes should not stand between a tap and its answer.
 */
export async function applyRingAction(
  deps: ShowDayDeps,
  viewer: Viewer,
  showId: string,
  input: RingActionBody,
  now = Date.now(),
): Promise<{ day: ShowDay; publish: () => Promise<void> }> {
  const { db } = deps;
  const schedule = await scheduleOrNotFound(db, showId);
  if (!(await mayRunRing(db, viewer, showId))) {
    throw forbidden(showDayTexts.refusals.notSteward);
  }
  const outcome = await db.db.transaction().execute(async (trx) => {
    const last = await lockRing(trx, db.kind, showId);
    const rows = await ringActionsOf(trx, showId);
    const actions = rows.map(toAction);
    if (!runsOn(schedule, showToday(now, schedule.zone))) {
      return { refused: { status: 409 as const, message: showDayTexts.refusals.notToday }, rows };
    }
    const check = checkRingAction(schedule.sessions, foldRing(schedule.sessions, actions), actions, input);
    if (!check.ok) return { refused: check, rows };

    const action: RingAction = {
      ...(input as RingActionInput),
      seq: last + 1,
      at: now,
      actorId: viewer.id,
      undone: false,
    };
    const undid = input.kind === "undo" ? input.undoSeq : null;
    const before = foldRing(schedule.sessions, actions);
    const moved = await moveForFinish(trx, schedule, before, input, rows);
    const row = {
      show_id: showId,
      seq: action.seq,
      kind: input.kind,
      session_id: "sessionId" in input ? input.sessionId : null,
      class_id: "classId" in input ? input.classId : null,
      expected_in_ring: input.kind === "in-ring" ? input.expectedInRing : null,
      reason: input.kind === "scratch" ? input.reason : null,
      minutes: input.kind === "late" ? input.minutes : null,
      undo_seq: undid,
      unrun: input.kind === "finish-session" ? (input.unrun ?? null) : null,
      moved_class_ids: moved.ids ? JSON.stringify(moved.ids) : null,
      early: input.kind === "start-session" && input.early ? 1 : 0,
      actor_id: viewer.id,
      at: now,
    };
    await recordRingAction(trx, row, undid);
    const afterRows: RingActionRow[] = [
      ...rows.map((r) => (Number(r.seq) === undid ? { ...r, undone: 1 } : r)),
      { ...row, undone: 0, actor_name: viewer.name },
    ];
    const afterActions = [...actions.map((a) => (a.seq === undid ? { ...a, undone: true } : a)), action];
    const after = foldRing(moved.schedule.sessions, afterActions);
    const distances = ringDistances(moved.schedule, after, now);
    const notification = await sendDueAlerts(trx, moved.schedule, after, distances, now);
    // Notify me on the show's watch links (ADR 049): the same rule, sent by the watch queue.
    await queueWatchRingPushes(trx, { showId, zone: moved.schedule.zone, state: after, distances, now });
    const patch: RingPatch = {
      showId,
      seq: action.seq,
      prevSeq: last,
      lastEffectiveSeq: lastEffective(afterActions)?.seq ?? null,
      ...ringDiff(before, after),
      action: actionView(moved.schedule, afterActions, action, viewer.name),
      undid,
      ...(moved.changed ? { scheduleChanged: true } : {}),
    };
    return { rows: afterRows, patch, notification, schedule: moved.schedule };
  });

  if ("refused" in outcome && outcome.refused) {
    const { status, message } = outcome.refused;
    if (status === 404) throw notFound(message);
    throw new RingRefused(message, presentDay(schedule, outcome.rows, true, now));
  }
  const events: LiveEvent[] = [];
  if ("patch" in outcome && outcome.patch) {
    events.push({ type: "ring", showId, patch: outcome.patch as unknown as Record<string, unknown> });
    if (outcome.notification) events.push(outcome.notification);
  }
  return {
    day: presentDay(
      "schedule" in outcome && outcome.schedule ? outcome.schedule : schedule,
      outcome.rows,
      true,
      now,
    ),
    publish: () => publishQuietly(deps.bus, events, deps.log),
  };
}

/**
 * Each class's live status and estimate while the show runs today (on its clock), from the ring as it
 * is: the same rule the live screens use (issue 34), for the printed schedule and the calendar feed.
 * Null when the show is not on today (its printed times stand) or does not exist.
 */
export async function liveClassStatuses(
  db: Db,
  showId: string,
  now = Date.now(),
): Promise<Map<string, ClassDayStatus> | null> {
  const schedule = await loadSchedule(db.db, showId);
  if (!schedule || !runsOn(schedule, showToday(now, schedule.zone))) return null;
  const actions = (await ringActionsOf(db.db, showId)).map(toAction);
  const { statusOf } = estimateDay({
    sessions: schedule.sessions,
    state: foldRing(schedule.sessions, actions),
    minutesPerClass: Number(schedule.show.minutes_per_class),
    zone: schedule.zone,
    now,
  });
  return new Map(schedule.classes.map((c) => [c.id, statusOf(c.id)]));
}

/**
 * The show's day as a watch link's page holds it (issue 35, ADR 044): a watcher's day without the action
 * log, so it names no steward. Null when the show does not exist.
 */
export async function dayForWatchers(
  db: Db,
  showId: string,
  now = Date.now(),
): Promise<Pick<WatchDay, "show" | "ring"> | null> {
  const schedule = await loadSchedule(db.db, showId);
  if (!schedule) return null;
  const {
    ring,
    canRunRing: _canRun,
    ...show
  } = presentDay(schedule, await ringActionsOf(db.db, showId), false, now);
  return { show, ring: { seq: ring.seq, sessions: ring.sessions, classes: ring.classes } };
}

export async function getStewards(db: Db, viewer: Viewer, showId: string): Promise<Stewards> {
  if (!canManageShowDay(viewer)) throw forbidden();
  await scheduleOrNotFound(db, showId);
  const rows = await stewardsOf(db.db, showId);
  return { stewards: rows.map((r) => ({ id: r.id, name: r.name, photoId: r.photo_id })) };
}

export async function setStewards(
  db: Db,
  viewer: Viewer,
  showId: string,
  userIds: readonly string[],
): Promise<Stewards> {
  if (!canManageShowDay(viewer)) throw forbidden();
  await scheduleOrNotFound(db, showId);
  const known = await existingUserIds(db.db, userIds);
  const unknown = userIds.find((id) => !known.has(id));
  if (unknown) throw badRequest(`There is no user with id ${unknown}.`);
  await db.db.transaction().execute((trx) => replaceStewards(trx, db.kind, showId, userIds));
  return getStewards(db, viewer, showId);
}

export async function getAlertSetting(db: Db, viewer: Viewer): Promise<{ classesAway: number }> {
  return { classesAway: (await alertSettingOf(db.db, viewer.id)) ?? DEFAULT_CLASSES_AWAY };
}

export async function setAlertSetting(
  db: Db,
  viewer: Viewer,
  classesAway: number,
): Promise<{ classesAway: number }> {
  await saveAlertSetting(db.db, viewer.id, classesAway);
  return { classesAway };
}

/** A show's day as show detail and its calendar file read it: zone, pace, sessions and the schedule. */
export { findDayShow, sessionsOf } from "./show-day.repository.ts";
export { loadSchedule } from "./show-day.schedule.ts";
