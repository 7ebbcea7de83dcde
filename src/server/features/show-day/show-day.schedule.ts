import type { Kysely, Transaction } from "kysely";
import type { z } from "zod";
import type { ScheduleBody } from "#domain/contracts/show-day.ts";
import { outsideDatesProblem } from "#domain/imports/class-import.ts";
import { type ImportedSession, planImportedSessions } from "#domain/imports/imported-sessions.ts";
import { plannedStarts } from "#domain/show-day/ring-estimates.ts";
import { type EffectiveSession, effectiveSessions } from "#domain/show-day/show-sessions.ts";
import { planClassChanges } from "#domain/shows/class-editing.ts";
import { showTimeZone } from "#domain/shows/show-time-zone.ts";
import { errorsTexts } from "#domain/texts/errors.ts";
import type { Db } from "#server/db/client.ts";
import type { Database } from "#server/db/schema.ts";
import { applyClassPlan, classIdsOf } from "#server/db/show-classes.ts";
import { withdrawClassResults } from "#server/features/results/results.publish.ts";
import { badRequest, notFound } from "#server/platform/errors.ts";
import { newId } from "#server/platform/ids.ts";
import { slicer } from "#server/platform/turns.ts";
import {
  type DayShowRow,
  findDayShow,
  type ScheduledClassRow,
  scheduledClassesOf,
  sessionsOf,
} from "./show-day.repository.ts";

type Queryable = Kysely<Database> | Transaction<Database>;

export interface Schedule {
  show: DayShowRow;
  zone: string;
  sessions: EffectiveSession[];
  classes: ScheduledClassRow[];
}

/** A show's sessions with their classes in running order, and its time zone; undefined when no such show. */
export async function loadSchedule(db: Queryable, showId: string): Promise<Schedule | undefined> {
  const [show, sessions, classes] = await Promise.all([
    findDayShow(db, showId),
    sessionsOf(db, showId),
    scheduledClassesOf(db, showId),
  ]);
  if (!show) return undefined;
  return {
    show,
    zone: showTimeZone({ timeZone: show.time_zone, location: show.location }),
    sessions: effectiveSessions(
      { startDate: show.start_date, endDate: show.end_date },
      sessions.map((s) => ({ id: s.id, name: s.name, date: s.date, startTime: s.start_time, ring: s.ring })),
      classes.map((c) => ({
        id: c.id,
        number: c.number,
        name: c.name,
        date: c.date,
        sessionId: c.session_id,
      })),
    ),
    classes,
  };
}

/**
 * Keeps each class's printed-schedule start (`show_class.planned_start`) in step with the show's
 * sessions, zone and pace. Call after any change to them, in the same transaction; writes only the
 * classes whose time changed.
 */
export async function refreshPlannedStarts(trx: Queryable, showId: string): Promise<void> {
  const schedule = await loadSchedule(trx, showId);
  if (!schedule) return;
  const starts = plannedStarts(schedule.sessions, Number(schedule.show.minutes_per_class), schedule.zone);
  const turn = slicer();
  for (const c of schedule.classes) {
    const at = starts.get(c.id);
    const next = at === undefined ? null : new Date(at).toISOString();
    if (next === c.planned_start) continue;
    await trx
      .updateTable("show_class")
      .set({ planned_start: next })
      .where("show_id", "=", showId)
      .where("id", "=", c.id)
      .execute();
    await turn();
  }
}

type ScheduleInput = z.output<typeof ScheduleBody>;

/**
 * Saves a show's sessions with their classes in one transaction: sessions added, edited, reordered and
 * removed; classes added, edited, moved between sessions and removed (kept classes keep their ids, so
 * entries stay on them); the zone and pace. The caller checked Admin.
 */
export async function saveSchedule(
  db: Db,
  showId: string,
  input: ScheduleInput,
  actorId: string | null,
): Promise<void> {
  await db.db.transaction().execute(async (trx) => {
    const show = await findDayShow(trx, showId);
    if (!show) throw notFound(errorsTexts.showNotFound);
    const existing = new Set((await sessionsOf(trx, showId)).map((s) => s.id));
    for (const s of input.sessions) {
      if (s.id !== undefined && !existing.has(s.id))
        throw badRequest(`The show has no session with id ${s.id}.`);
      if (s.date < show.start_date || s.date > show.end_date) {
        throw badRequest(`The session ${s.name} must be on one of the show's days.`);
      }
    }
    const outside = outsideDatesProblem(
      { startDate: show.start_date, endDate: show.end_date },
      input.unscheduled,
    );
    if (outside) throw badRequest(outside);
    const sessionIds = input.sessions.map((s) => s.id ?? newId());
    // A class runs on its session's day, whatever date it had: the roster and calendars read the date.
    const flat = [
      ...input.sessions.flatMap((s, i) =>
        s.classes.map((c) => ({ ...c, date: s.date, sessionId: sessionIds[i]! })),
      ),
      ...input.unscheduled.map((c) => ({ ...c, sessionId: null })),
    ];
    const plan = planClassChanges(await classIdsOf(trx, showId), flat);
    if (!plan.ok) throw badRequest(plan.problem);

    await trx
      .updateTable("show")
      .set({ time_zone: input.timeZone, minutes_per_class: input.minutesPerClass })
      .where("id", "=", showId)
      .execute();
    // Up to 100 sessions and 1,000 classes: the event loop gets a turn between statements (ADR 030).
    const turn = slicer();
    const kept = new Set(sessionIds);
    const gone = [...existing].filter((id) => !kept.has(id));
    if (gone.length) await trx.deleteFrom("show_session").where("id", "in", gone).execute();
    for (const [position, s] of input.sessions.entries()) {
      const row = { position, name: s.name, date: s.date, start_time: s.startTime, ring: s.ring };
      if (s.id === undefined) {
        await trx
          .insertInto("show_session")
          .values({ id: sessionIds[position]!, show_id: showId, ...row })
          .execute();
      } else {
        await trx.updateTable("show_session").set(row).where("id", "=", s.id).execute();
      }
      await turn();
    }
    // A removed class's published results leave the standings with it (ADR 026).
    await withdrawClassResults(trx, db.kind, showId, plan.removedIds, actorId);
    await applyClassPlan(trx, showId, plan);
    // One statement per session (plan.classes are in the order of `flat`).
    const bySession = new Map<string | null, string[]>();
    for (const [i, c] of plan.classes.entries()) {
      const sessionId = flat[i]!.sessionId;
      bySession.set(sessionId, [...(bySession.get(sessionId) ?? []), c.id]);
    }
    for (const [sessionId, ids] of bySession) {
      for (let i = 0; i < ids.length; i += 500) {
        await trx
          .updateTable("show_class")
          .set({ session_id: sessionId })
          .where("show_id", "=", showId)
          .where("id", "in", ids.slice(i, i + 500))
          .execute();
        await turn();
      }
    }
    await refreshPlannedStarts(trx, showId);
  });
}

/**
 * Puts just-imported classes into the show's sessions by the headings they were printed under (issue 23):
 * a heading becomes a Main Ring session with its name, day and printed start time, or reuses the show's
 * session of that name on that day; each class takes its session's day and keeps its place in the list.
 * Inside the import's transaction, after the classes were inserted.
 */
export async function placeImportedClasses(
  trx: Transaction<Database>,
  showId: string,
  classes: readonly { id: string; date?: string | null; session?: ImportedSession | null }[],
): Promise<void> {
  if (!classes.some((c) => c.session)) return;
  const show = await findDayShow(trx, showId);
  if (!show) throw notFound(errorsTexts.showNotFound);
  const existing = await sessionsOf(trx, showId);
  const plan = planImportedSessions(existing, classes, show.start_date);
  const ids = new Map<string, string>(existing.map((s) => [s.id, s.id]));
  const dates = new Map<string, string>(existing.map((s) => [s.id, s.date]));
  for (const [i, s] of plan.create.entries()) {
    const id = newId();
    ids.set(s.key, id);
    dates.set(s.key, s.date);
    await trx
      .insertInto("show_session")
      .values({
        id,
        show_id: showId,
        position: existing.length + i,
        name: s.name,
        date: s.date,
        start_time: s.startTime,
        ring: s.ring,
      })
      .execute();
  }
  const bySession = new Map<string, string[]>();
  for (const [i, ref] of plan.placements.entries()) {
    if (ref !== null) bySession.set(ref, [...(bySession.get(ref) ?? []), classes[i]!.id]);
  }
  for (const [ref, classIds] of bySession) {
    for (let i = 0; i < classIds.length; i += 500) {
      await trx
        .updateTable("show_class")
        .set({ session_id: ids.get(ref)!, date: dates.get(ref)! })
        .where("show_id", "=", showId)
        .where("id", "in", classIds.slice(i, i + 500))
        .execute();
    }
  }
  await refreshPlannedStarts(trx, showId);
}
