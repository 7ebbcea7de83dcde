import type { Transaction } from "kysely";
import type { ClassResults, CorrectBody, PublishBody, PublishLine } from "#domain/contracts/results.ts";
import type { PointsScale } from "#domain/results/high-point.ts";
import { checkPrintedName, normaliseHorseName } from "#domain/results/horse-match.ts";
import { placingProblems, type ResultLine } from "#domain/results/result-lines.ts";
import { classResultRows, entryPlacings, horseKeyOf, resultOrg } from "#domain/results/result-rows.ts";
import { resultsTexts } from "#domain/texts/results.ts";
import type { Db } from "#server/db/client.ts";
import type { Database } from "#server/db/schema.ts";
import { horsesNamedExactly } from "#server/features/horses/horses.service.ts";
import { queueWatchPlacingPushes } from "#server/features/watch/watch-push.service.ts";
import type { Viewer } from "#server/http/viewer.ts";
import { badRequest, conflict, notFound } from "#server/platform/errors.ts";
import type { LiveEvent } from "#server/platform/events.ts";
import { newId, nowIso } from "#server/platform/ids.ts";
import { slicer } from "#server/platform/turns.ts";
import { horseNamesById, insertAliases } from "./horse-names.repository.ts";
import { scaleOf } from "./points-scales.service.ts";
import { notifyPlacings } from "./results.notices.ts";
import { type ClassContext, postingContext } from "./results.posting.ts";
import {
  claimCorrection,
  claimPublication,
  classLines,
  deleteLines,
  deleteResultClass,
  findResultShow,
  insertHistory,
  insertLines,
  publishedClasses,
  resultClassRow,
  setEntryPlacings,
  updateLine,
} from "./results.repository.ts";
import { classResults } from "./results.service.ts";
import { applyStandings } from "./standings.service.ts";

const t = resultsTexts.problems;

/**
 * Checks the lines a person publishes: placings, horses that exist, and a confirmation for anything
 * short of an exact match (`checkPrintedName`): the printed name is the name or a remembered name of
 * exactly one horse of all Ringside's, found through the indexed keys, and that horse is the chosen
 * one. A confirmed printed name that is not yet one of its horse's names is returned to be remembered.
 */
async function publishProblems(
  db: Db,
  body: PublishBody,
): Promise<{ problems: string[]; names: Map<string, string>; printedNames: PrintedName[] }> {
  const lines: ResultLine[] = body.lines.map(({ horseId: _, confirmed: __, ...l }) => l);
  const chosen = new Set(body.lines.flatMap((l) => (l.horseId ? [l.lineNo] : [])));
  const problems = placingProblems(lines, body.gapsIntended ?? false, chosen);
  const horseIds = [...new Set(body.lines.flatMap((l) => (l.horseId ? [l.horseId] : [])))];
  const printedKeys = body.lines.flatMap((l) => (l.horseId ? [normaliseHorseName(l.horse)] : []));
  const [names, named] = await Promise.all([
    horseNamesById(db.db, horseIds),
    horsesNamedExactly(db.db, printedKeys),
  ]);
  const printedNames: PrintedName[] = [];
  const seen = new Map<string, number>();
  for (const l of body.lines) {
    const key = horseKeyOf(l);
    const first = seen.get(key);
    if (first !== undefined && key !== "name:") problems.push(t.horseTwice(l.lineNo, first));
    else seen.set(key, l.lineNo);
    if (!l.horseId) continue;
    if (!names.has(l.horseId)) {
      problems.push(t.unknownHorse(l.lineNo));
      continue;
    }
    const check = checkPrintedName(l.horse, l.horseId, named.get(normaliseHorseName(l.horse)) ?? new Set());
    if (check === "exact") continue;
    if (!l.confirmed) problems.push(t.notConfirmed(l.lineNo, l.horse));
    else if (check === "confirmAndRemember") printedNames.push({ horseId: l.horseId, printed: l.horse });
  }
  return { problems, names, printedNames };
}

interface PrintedName {
  horseId: string;
  printed: string;
}

export interface ResultsDeps {
  db: Db;
}

export type Mode = { kind: "publish" } | { kind: "correct"; version: number };

/**
 * Publishes a class's results, or corrects them: in one transaction the lines, their history, the
 * placings on the horses' class entries, the standings (by difference) and the notifications to the
 * horses' owners, trainers and riders. Returns the class's results and the live event to send after commit.
 */
export async function writeResults(
  deps: ResultsDeps,
  viewer: Viewer,
  ids: { showId: string; classId: string },
  body: PublishBody | CorrectBody,
  mode: Mode,
): Promise<{ results: ClassResults; event: LiveEvent | null }> {
  const { db } = deps;
  const ctx = await postingContext(db, viewer, ids.showId, ids.classId);
  const { problems, names, printedNames } = await publishProblems(db, body);
  if (problems.length > 0) throw badRequest(problems.join("\n"));
  const scale = await scaleOf(db.db, resultOrg(ctx.show));
  const at = nowIso();
  const event = await db.db.transaction().execute(async (trx) => {
    const written = await writeClassResults(trx, db.kind, {
      ...ctx,
      lines: body.lines,
      names,
      scale,
      actorId: viewer.id,
      mode,
    });
    // A person confirmed these names: the next sheet that prints them matches the horse exactly.
    await insertAliases(
      trx,
      printedNames.map((n) => ({
        id: newId(),
        horse_id: n.horseId,
        name_key: normaliseHorseName(n.printed),
        printed: n.printed,
        confirmed_by: viewer.id,
        confirmed_at: at,
      })),
    );
    return written;
  });
  const results = await classResults(db, ids.showId, ids.classId);
  if (!results) throw notFound(t.notPublished);
  return { results, event };
}

export interface ClassWrite extends ClassContext {
  lines: readonly PublishLine[];
  /** Ringside names of the matched horses. */
  names: ReadonlyMap<string, string>;
  scale: PointsScale;
  /** Null for a load that no person made (the bench's season). */
  actorId: string | null;
  mode: Mode;
  /** False for the demo seed: last year's results are history, not news. */
  notify?: boolean;
  /** A correction to no lines because the class itself is being deleted (`withdrawClassResults`). */
  withdrawn?: boolean;
}

/**
 * The write of a publication or correction, inside the caller's transaction (the API's, the demo
 * seed's, the bench's): the class's claim, its lines, the standings by difference, the class entries'
 * placings, the history and the notifications. Returns the live event to send after commit.
 */
export async function writeClassResults(
  trx: Transaction<Database>,
  kind: Db["kind"],
  w: ClassWrite,
): Promise<LiveEvent | null> {
  const ids = { showId: w.show.id, classId: w.cls.id };
  const { mode, names } = w;
  const at = nowIso();
  if (mode.kind === "publish") {
    const claimed = await claimPublication(trx, {
      show_id: ids.showId,
      class_id: ids.classId,
      published_by: w.actorId,
      published_at: at,
    });
    if (!claimed) throw conflict(t.alreadyPublished);
  } else {
    const claimed = await claimCorrection(trx, { ...ids, version: mode.version, at });
    if (!claimed) {
      const current = await resultClassRow(trx, ids.showId, ids.classId);
      throw current ? conflict(t.stale) : notFound(t.notPublished);
    }
  }
  const old = mode.kind === "correct" ? await classLines(trx, ids.showId, ids.classId) : [];
  // A horse keeps its result's id through corrections, so an owner's hide (result_hidden) stays with it;
  // a line moved to another horse is a new result, and the old one's hides go with it (ADR 026).
  const rows = classResultRows(w, old, newId);
  const kept = new Set(rows.map((r) => r.id));
  await deleteLines(
    trx,
    old.filter((r) => !kept.has(r.id)).map((r) => r.id),
  );
  const oldIds = new Set(old.map((r) => r.id));
  for (const row of rows.filter((r) => oldIds.has(r.id))) await updateLine(trx, row);
  await insertLines(
    trx,
    rows.filter((r) => !oldIds.has(r.id)),
  );
  await applyStandings(trx, kind, ids.showId, old, rows, names);
  await setEntryPlacings(trx, ids.showId, ids.classId, entryPlacings(old, rows));
  await insertHistory(trx, historyRow(w, at));
  if (w.notify === false) return null;
  // Notify me on the class's horses' watch links (ADR 049): "placed 2nd", once per placing.
  if (!w.withdrawn) {
    await queueWatchPlacingPushes(trx, {
      ...ids,
      classNumber: w.cls.number,
      placings: rows.map((r) => ({ horseId: r.horse_id, placing: r.placing })),
    });
  }
  return notifyPlacings(trx, w, old, rows, names, w.withdrawn ? "withdraw" : mode.kind);
}

/**
 * Withdraws published results, inside the caller's transaction: each class is a correction to no
 * lines, so standings, horse results and Show Records lose them by difference as any correction does,
 * the history keeps a "withdrawn" entry, and the class's publication goes (it can be published again).
 * Classes about to be deleted (of the whole show when `classIds` is null) are withdrawn before the
 * delete and nobody is notified: the class, not a placing, changed (ADR 039). A person withdrawing a
 * class's publication (`withdrawResults`) names the version they saw, and those told of a placing are
 * told "Result withdrawn: …" (ADR 043). Returns the live events to send after commit.
 */
export async function withdrawClassResults(
  trx: Transaction<Database>,
  kind: Db["kind"],
  showId: string,
  classIds: readonly string[] | null,
  actorId: string | null,
  opts: { version?: number; notify?: boolean } = {},
): Promise<LiveEvent[]> {
  if (classIds?.length === 0) return [];
  const published = await publishedClasses(trx, showId, classIds);
  const show = published.length > 0 ? await findResultShow(trx, showId) : undefined;
  if (!show) return [];
  const scale = await scaleOf(trx, resultOrg(show));
  const events: LiveEvent[] = [];
  // A schedule save may remove a thousand posted classes: the event loop gets a turn between them.
  const turn = slicer();
  for (const { version, ...cls } of published) {
    const event = await writeClassResults(trx, kind, {
      show,
      cls,
      lines: [],
      names: new Map(),
      scale,
      actorId,
      mode: { kind: "correct", version: opts.version ?? Number(version) },
      notify: opts.notify ?? false,
      withdrawn: true,
    });
    if (event) events.push(event);
    await deleteResultClass(trx, showId, cls.id);
    await turn();
  }
  return events;
}

/**
 * An admin or a steward of the show withdraws a class's publication (issue 34: results posted to the
 * wrong class), naming the version they saw (409 when someone corrected it meanwhile, 404 when it is
 * not published). The same withdrawal as a deleted class's (ADR 039), told to the people of placed horses.
 */
export async function withdrawResults(
  deps: ResultsDeps,
  viewer: Viewer,
  ids: { showId: string; classId: string },
  version: number,
): Promise<LiveEvent[]> {
  const { db } = deps;
  await postingContext(db, viewer, ids.showId, ids.classId);
  return db.db.transaction().execute(async (trx) => {
    const current = await resultClassRow(trx, ids.showId, ids.classId);
    if (!current) throw notFound(t.notPublished);
    return withdrawClassResults(trx, db.kind, ids.showId, [ids.classId], viewer.id, {
      version,
      notify: true,
    });
  });
}

/** The history row of a publication or correction: who, when, the version and the lines as published. */
export function historyRow(w: ClassWrite, at: string): Database["result_history"] {
  return {
    id: newId(),
    show_id: w.show.id,
    class_id: w.cls.id,
    version: w.mode.kind === "publish" ? 1 : w.mode.version + 1,
    kind: w.mode.kind === "publish" ? "published" : w.withdrawn ? "withdrawn" : "corrected",
    actor_id: w.actorId,
    at,
    lines: JSON.stringify(w.lines.map(({ confirmed: _, ...l }) => l)),
  };
}
