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
  type RingAction,
  type RingActionInput,
} from "#domain/show-day/ring.ts";
import { DEFAULT_CLASSES_AWAY } from "#domain/show-day/ring-alerts.ts";
import { liveViews, ringDiff } from "#domain/show-day/show-day-view.ts";
import { showToday } from "#domain/show-day/show-time.ts";
import { errorsTexts } from "#domain/texts/errors.ts";
import { showDayTexts } from "#domain/texts/show-day.ts";
import type { Db } from "#server/db/client.ts";
import type { Viewer } from "#server/http/viewer.ts";
import { AppError, badRequest, forbidden, notFound } from "#server/platform/errors.ts";
import { type EventBus, type LiveEvent, publishQuietly } from "#server/platform/events.ts";
import { sendDueAlerts } from "./show-day.alerts.ts";
import { canManageShowDay, canRunRing } from "./show-day.policy.ts";
import {
  alertSettingOf,
  existingUserIds,
  lockRing,
  type RingActionRow,
  recordRingAction,
  replaceStewards,
  ringActionsOf,
  saveAlertSetting,
  stewardIdsOf,
  stewardsOf,
} from "./show-day.repository.ts";
import { loadSchedule, type Schedule } from "./show-day.schedule.ts";

export interface ShowDayDeps {
  db: Db;
  bus: EventBus;
  log: { warn(obj: unknown, msg?: string): void };
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
      return { ...base, kind: "finish-session", sessionId };
    default:
      return { ...base, kind: "start-session", sessionId };
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

/** The show's day for any signed-in person: sessions, order, the ring's state and its last actions. */
export async function getShowDay(db: Db, viewer: Viewer, showId: string, now = Date.now()): Promise<ShowDay> {
  const schedule = await scheduleOrNotFound(db, showId);
  const [rows, stewardIds] = await Promise.all([ringActionsOf(db.db, showId), stewardIdsOf(db.db, showId)]);
  return presentDay(schedule, rows, canRunRing(viewer, { stewardIds }), now);
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
  if (!canRunRing(viewer, { stewardIds: await stewardIdsOf(db.db, showId) })) {
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
      actor_id: viewer.id,
      at: now,
    };
    await recordRingAction(trx, row, undid);
    const before = foldRing(schedule.sessions, actions);
    const afterRows: RingActionRow[] = [
      ...rows.map((r) => (Number(r.seq) === undid ? { ...r, undone: 1 } : r)),
      { ...row, undone: 0, actor_name: viewer.name },
    ];
    const afterActions = [...actions.map((a) => (a.seq === undid ? { ...a, undone: true } : a)), action];
    const after = foldRing(schedule.sessions, afterActions);
    const notification = await sendDueAlerts(trx, schedule, after, now);
    const patch: RingPatch = {
      showId,
      seq: action.seq,
      prevSeq: last,
      lastEffectiveSeq: lastEffective(afterActions)?.seq ?? null,
      ...ringDiff(before, after),
      action: actionView(schedule, afterActions, action, viewer.name),
      undid,
    };
    return { rows: afterRows, patch, notification };
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
    day: presentDay(schedule, outcome.rows, true, now),
    publish: () => publishQuietly(deps.bus, events, deps.log),
  };
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
