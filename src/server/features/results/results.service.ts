import type {
  ClassResults,
  HorseResults,
  MyResults,
  PublishLine,
  ResultHistory,
  ShowResults,
} from "#domain/contracts/results.ts";
import type { ResultRow } from "#domain/results/result-rows.ts";
import { divisionName } from "#domain/shows/divisions.ts";
import { errorsTexts } from "#domain/texts/errors.ts";
import type { Db } from "#server/db/client.ts";
import type { Viewer } from "#server/http/viewer.ts";
import { forbidden, notFound } from "#server/platform/errors.ts";
import { horseResultRows, myResultRows } from "./horse-results.repository.ts";
import { canHideResult, canPostResults } from "./results.policy.ts";
import { postingContext } from "./results.posting.ts";
import {
  classLines,
  findResultShow,
  hideResultRow,
  historyOf,
  resultClassRow,
  resultOwnerIds,
  showLines,
  stewardIdsOf,
} from "./results.repository.ts";
import { horseStandingRows } from "./standings.repository.ts";

/** Posted results as they are read: a class's, a show's, a class's history, the viewer's, a horse's; and hiding one. */
function toPlacement(r: ResultRow) {
  return {
    id: r.id,
    placing: r.placing === null ? null : Number(r.placing),
    horse: r.horse_name,
    rider: r.rider_name,
    owner: r.owner_name,
    horseId: r.horse_id,
    points: Number(r.points),
  };
}

const byPlacing = (a: { placing: number | null; lineNo?: number }, b: { placing: number | null }) =>
  (a.placing ?? Number.MAX_SAFE_INTEGER) - (b.placing ?? Number.MAX_SAFE_INTEGER);

export async function classResults(db: Db, showId: string, classId: string): Promise<ClassResults | null> {
  const [row, lines] = await Promise.all([
    resultClassRow(db.db, showId, classId),
    classLines(db.db, showId, classId),
  ]);
  if (!row) return null;
  return {
    classId,
    version: Number(row.version),
    publishedAt: row.published_at,
    correctedAt: row.corrected_at,
    placings: lines.map(toPlacement).sort(byPlacing),
  };
}

/** Every posted class's placings, for show detail; `canPost` tells the screen to offer posting. */
export async function getShowResults(db: Db, viewer: Viewer, showId: string): Promise<ShowResults> {
  const show = await findResultShow(db.db, showId);
  if (!show) throw notFound(errorsTexts.showNotFound);
  const [{ classes, lines }, stewardIds] = await Promise.all([
    showLines(db.db, showId),
    stewardIdsOf(db.db, showId),
  ]);
  const byClass = new Map<string, ResultRow[]>();
  for (const l of lines) byClass.set(l.class_id, [...(byClass.get(l.class_id) ?? []), l]);
  return {
    classes: classes.map((c) => ({
      classId: c.class_id,
      version: Number(c.version),
      publishedAt: c.published_at,
      correctedAt: c.corrected_at,
      placings: (byClass.get(c.class_id) ?? []).map(toPlacement).sort(byPlacing),
    })),
    canPost: canPostResults(viewer, { stewardIds }),
  };
}

export async function getResultHistory(
  db: Db,
  viewer: Viewer,
  ids: { showId: string; classId: string },
): Promise<ResultHistory> {
  await postingContext(db, viewer, ids.showId, ids.classId);
  const rows = await historyOf(db.db, ids.showId, ids.classId);
  return {
    entries: rows.map((r) => ({
      version: Number(r.version),
      kind: r.kind === "corrected" || r.kind === "withdrawn" ? r.kind : "published",
      by: r.by,
      at: r.at,
      lines: JSON.parse(r.lines) as Omit<PublishLine, "confirmed">[],
    })),
  };
}

type HorseResultRow = Awaited<ReturnType<typeof horseResultRows>>[number];

const presentResult = (r: HorseResultRow) => ({
  id: r.id,
  showId: r.show_id,
  showName: r.show_name,
  showDate: r.start_date,
  classNumber: r.number,
  className: r.class_name,
  placing: r.placing === null ? null : Number(r.placing),
  points: Number(r.points),
  corrected: r.corrected_at !== null,
});

export const MY_RESULTS_LIMIT = 20;

/** The newest results of the viewer's horses (owned or trained), for the roster. */
export async function getMyResults(db: Db, viewer: Viewer): Promise<MyResults> {
  const rows = await myResultRows(db.db, viewer.id, MY_RESULTS_LIMIT);
  return { results: rows.map((r) => ({ ...presentResult(r), horseName: r.horse_name })) };
}

/** A horse's posted results and its standings ("3rd of 41 in Lite Shod, 42 pts"). */
export async function getHorseResults(db: Db, horseId: string): Promise<HorseResults> {
  const [results, standings] = await Promise.all([
    horseResultRows(db.db, horseId),
    horseStandingRows(db.db, horseId),
  ]);
  return {
    results: results.map(presentResult),
    standings: standings.map((s) => ({
      year: Number(s.year),
      org: s.org,
      division: divisionName(s.division_id),
      rank: 1 + Number(s.above ?? 0),
      of: Number(s.horses),
      points: Number(s.points),
    })),
  };
}

/** Hides a result from the viewer's Show Records (an owner of the horse only; it stays in the show's results). */
export async function hideResult(db: Db, viewer: Viewer, resultId: string): Promise<void> {
  const owners = await resultOwnerIds(db.db, resultId);
  if (owners === null) throw notFound();
  if (!canHideResult(viewer, owners)) throw forbidden();
  await hideResultRow(db.db, db.kind, viewer.id, resultId);
}

/** A horse's placed results as horse detail's champion badge and the owner's Show Records read them. */
export { horseResultBadgeRecords, resultRecords } from "./horse-results.repository.ts";
