import type { Transaction } from "kysely";
import type { z } from "zod";
import { type CreateShowBody, datedByHeading, type UpdateShowBody } from "#domain/contracts/show-admin.ts";
import type { ShowDetail } from "#domain/contracts/shows.ts";
import { outsideDatesProblem } from "#domain/imports/class-import.ts";
import type { ImportedSession } from "#domain/imports/imported-sessions.ts";
import { type EditedClass, planClassChanges } from "#domain/shows/class-editing.ts";
import { errorsTexts } from "#domain/texts/errors.ts";
import { notificationsTexts } from "#domain/texts/notifications.ts";
import type { Db } from "#server/db/client.ts";
import type { Database } from "#server/db/schema.ts";
import { applyClassPlan, classIdsOf, insertClasses } from "#server/db/show-classes.ts";
import { announceNewShows } from "#server/features/notifications/new-shows.service.ts";
import { createNotifications } from "#server/features/notifications/notifications.service.ts";
import { withdrawClassResults } from "#server/features/results/results.publish.ts";
import { refreshOwnersAtShow } from "#server/features/results/standings.service.ts";
import { placeImportedClasses, refreshPlannedStarts } from "#server/features/show-day/show-day.schedule.ts";
import type { Viewer } from "#server/http/viewer.ts";
import { badRequest, notFound } from "#server/platform/errors.ts";
import { type EventBus, type LiveEvent, publishQuietly } from "#server/platform/events.ts";
import { newId, nowIso } from "#server/platform/ids.ts";
import { classesOf, findShow, judgesOf } from "./shows.repository.ts";
import { getShowDetail } from "./shows.service.ts";

export interface ShowAdminDeps {
  db: Db;
  bus: EventBus;
  log: { warn(obj: unknown, msg?: string): void };
}

type CreateInput = z.output<typeof CreateShowBody>;
type UpdateInput = z.output<typeof UpdateShowBody>;

/**
 * Creates a show with its judges and classes, and tells the people it concerns (NewShow, ADR 023) of a
 * confirmed one; a saved AI prediction is announced only once confirmed (updateShow). The caller checked Admin.
 */
export async function createShow(
  deps: ShowAdminDeps,
  _admin: Viewer,
  input: CreateInput,
): Promise<ShowDetail> {
  const id = newId();
  const event = await deps.db.db.transaction().execute(async (trx) => {
    await trx
      .insertInto("show")
      .values({
        id,
        name: input.name,
        start_date: input.startDate,
        end_date: input.endDate,
        location: input.location,
        sanctioning_org: input.sanctioningOrg || null,
        is_ai_prediction: input.isAiPrediction ? 1 : 0,
        created_at: nowIso(),
      })
      .execute();
    if (input.judges.length) {
      await trx
        .insertInto("show_judge")
        .values(input.judges.map((name, position) => ({ show_id: id, position, name })))
        .execute();
    }
    await insertClasses(trx, id, input.classes);
    await placeImportedClasses(trx, id, input.classes);
    if (input.isAiPrediction) return null;
    return announceNewShows(trx, [{ id, name: input.name, location: input.location }]);
  });
  await publishQuietly(deps.bus, event ? [event] : [], deps.log);
  return getShowDetail(deps.db, id);
}

const sameList = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((v, i) => v === b[i]);

interface Visible {
  startDate: string;
  endDate: string;
  location: string;
  judges: readonly string[];
}

/**
 * When a show's dates, location or judges changed, every user with an entry in it gets a ShowUpdate
 * notification naming what changed (inside the caller's transaction; publish the event after commit).
 */
export async function notifyEntrantsOfChanges(
  trx: Transaction<Database>,
  id: string,
  before: Visible,
  next: Visible & { name: string },
): Promise<LiveEvent | null> {
  const n = notificationsTexts;
  const changes: string[] = [];
  if (next.startDate !== before.startDate || next.endDate !== before.endDate)
    changes.push(n.changedDates(next.startDate, next.endDate));
  if (next.location !== before.location) changes.push(n.changedLocation(next.location));
  if (!sameList(next.judges, before.judges)) changes.push(n.changedJudges([...next.judges]));
  if (changes.length === 0) return null;

  const recipients = await trx
    .selectFrom("class_entry")
    .select("user_id")
    .distinct()
    .where("show_id", "=", id)
    .execute();
  return createNotifications(
    trx,
    recipients.map((r) => r.user_id),
    { type: "ShowUpdate", message: n.showUpdate(next.name, changes), showId: id },
  );
}

/**
 * Updates a show. When its dates, location or judges change, every user with an entry in the show
 * gets a ShowUpdate notification naming what changed. The caller checked Admin.
 */
export async function updateShow(
  deps: ShowAdminDeps,
  admin: Viewer,
  id: string,
  patch: UpdateInput,
): Promise<ShowDetail> {
  const events = await deps.db.db.transaction().execute(async (trx): Promise<LiveEvent[]> => {
    const show = await findShow(trx, id);
    if (!show) throw notFound(errorsTexts.showNotFound);
    const judges = (await judgesOf(trx, [id])).get(id) ?? [];
    const next = {
      name: patch.name ?? show.name,
      startDate: patch.startDate ?? show.start_date,
      endDate: patch.endDate ?? show.end_date,
      location: patch.location ?? show.location,
      judges: patch.judges ?? judges,
    };
    if (next.startDate > next.endDate) throw badRequest("The end date cannot be before the start date.");
    // The classes as they will be: the editor's list when it sends one, else the show's own.
    const outside = outsideDatesProblem(
      next,
      patch.classes ? datedByHeading(patch.classes) : await classesOf(trx, id),
    );
    if (outside) throw badRequest(outside);
    if (patch.classes)
      await saveEditorClasses(trx, { kind: deps.db.kind, actorId: admin.id }, id, patch.classes);

    await trx
      .updateTable("show")
      .set({
        name: next.name,
        start_date: next.startDate,
        end_date: next.endDate,
        location: next.location,
        ...(patch.sanctioningOrg !== undefined ? { sanctioning_org: patch.sanctioningOrg || null } : {}),
        ...(patch.isAiPrediction !== undefined ? { is_ai_prediction: patch.isAiPrediction ? 1 : 0 } : {}),
      })
      .where("id", "=", id)
      .execute();
    if (patch.judges && !sameList(patch.judges, judges)) {
      await trx.deleteFrom("show_judge").where("show_id", "=", id).execute();
      if (patch.judges.length) {
        await trx
          .insertInto("show_judge")
          .values(patch.judges.map((name, position) => ({ show_id: id, position, name })))
          .execute();
      }
    }

    // A new location may mean a new time zone, and new dates new class times.
    await refreshPlannedStarts(trx, id);
    // A new start date may make the show a horse's newest in its standings, or no longer: its printed owner.
    if (next.startDate !== show.start_date) await refreshOwnersAtShow(trx, id);
    const changed = await notifyEntrantsOfChanges(
      trx,
      id,
      { startDate: show.start_date, endDate: show.end_date, location: show.location, judges },
      next,
    );
    // A prediction whose AI Prediction mark an admin removed is now a confirmed show: announced once, here.
    const confirmed =
      show.is_ai_prediction === 1 && patch.isAiPrediction === false
        ? await announceNewShows(trx, [{ id, name: next.name, location: next.location }])
        : null;
    return [changed, confirmed].filter((e): e is LiveEvent => e !== null);
  });
  await publishQuietly(deps.bus, events, deps.log);
  return getShowDetail(deps.db, id);
}

type EditorClass = EditedClass & { session?: ImportedSession | null | undefined };

/**
 * The editor's class list over the show's (kept classes keep their ids); new classes pasted from a
 * class list go into the sessions they were printed under.
 */
async function saveEditorClasses(
  trx: Transaction<Database>,
  by: { kind: Db["kind"]; actorId: string },
  id: string,
  classes: readonly EditorClass[],
) {
  const plan = planClassChanges(await classIdsOf(trx, id), classes);
  if (!plan.ok) throw badRequest(plan.problem);
  // A removed class's published results leave the standings with it (ADR 026).
  await withdrawClassResults(trx, by.kind, id, plan.removedIds, by.actorId);
  await applyClassPlan(trx, id, plan);
  await placeImportedClasses(
    trx,
    id,
    plan.classes.flatMap((c, i) =>
      c.isNew && classes[i]!.session ? [{ id: c.id, session: classes[i]!.session }] : [],
    ),
  );
}

/** Replaces a show's class list with the class editor's (add, edit, reorder, remove), in one transaction. */
export async function replaceShowClasses(
  deps: ShowAdminDeps,
  admin: Viewer,
  id: string,
  classes: readonly EditorClass[],
): Promise<ShowDetail> {
  await deps.db.db.transaction().execute(async (trx) => {
    const show = await findShow(trx, id);
    if (!show) throw notFound(errorsTexts.showNotFound);
    const outside = outsideDatesProblem(
      { startDate: show.start_date, endDate: show.end_date },
      datedByHeading(classes),
    );
    if (outside) throw badRequest(outside);
    await saveEditorClasses(trx, { kind: deps.db.kind, actorId: admin.id }, id, classes);
    await refreshPlannedStarts(trx, id);
  });
  return getShowDetail(deps.db, id);
}

/**
 * Deletes a show; its judges, classes and every entry in it go with it (foreign keys). Everyone who had
 * an entry in it is told it was cancelled, and notifications about it say from now on that it was deleted.
 */
export async function deleteShow(
  deps: ShowAdminDeps,
  admin: Viewer,
  id: string,
): Promise<{ deleted: string }> {
  const event = await deps.db.db.transaction().execute(async (trx) => {
    const show = await findShow(trx, id);
    if (!show) throw notFound(errorsTexts.showNotFound);
    const entrants = await trx
      .selectFrom("class_entry")
      .select("user_id")
      .distinct()
      .where("show_id", "=", id)
      .execute();
    await trx.updateTable("notification").set({ show_deleted: 1 }).where("show_id", "=", id).execute();
    // Its results would go with it (foreign keys), but the standings they counted in would keep them.
    await withdrawClassResults(trx, deps.db.kind, id, null, admin.id);
    await trx.deleteFrom("show").where("id", "=", id).execute();
    return createNotifications(
      trx,
      entrants.map((e) => e.user_id),
      { type: "ShowUpdate", message: notificationsTexts.showCancelled(show.name), showId: null },
    );
  });
  await publishQuietly(deps.bus, event ? [event] : [], deps.log);
  return { deleted: id };
}
