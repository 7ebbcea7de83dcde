import { setImmediate as nextTurn } from "node:timers/promises";
import type { Transaction } from "kysely";
import type {
  ClassResults,
  CorrectBody,
  HorseAliases,
  HorseResults,
  MyResults,
  PointsScaleBody,
  PreviewBody,
  PreviewLine,
  PublishBody,
  PublishLine,
  ResultHistory,
  ResultPreview,
  ShowResults,
  Standings,
  StandingsQuery,
} from "#domain/contracts/results.ts";
import { RESULT_LIMITS } from "#domain/contracts/results.ts";
import { divisionName } from "#domain/divisions.ts";
import {
  classAward,
  DEFAULT_SCALE,
  type PointsScale,
  rankStandings,
  standingsCsv,
} from "#domain/high-point.ts";
import { checkPrintedName, HorseIndex, normaliseHorseName } from "#domain/horse-match.ts";
import { placingLabel } from "#domain/placing.ts";
import {
  type ParsedResults,
  parseResultCsv,
  parseResultText,
  placingProblems,
  type ResultLine,
} from "#domain/result-lines.ts";
import { errorsTexts } from "#domain/texts-errors.ts";
import { resultsTexts } from "#domain/texts-results.ts";
import type { Db } from "#server/db/client.ts";
import { blocksAmong } from "#server/db/relations.ts";
import type { Database, ResultTable, StandingShowTable, StandingTable } from "#server/db/schema.ts";
import { findHorseAccess, horsesNamedExactly } from "#server/features/horses/horses.repository.ts";
import {
  createPersonalNotifications,
  type PersonalNotice,
} from "#server/features/notifications/notifications.service.ts";
import {
  canEditPointsScales,
  canForgetHorseName,
  canHideResult,
  canPostResults,
} from "#server/features/results/results.policy.ts";
import {
  aliasNames,
  allHorseNames,
  claimCorrection,
  claimPublication,
  classLines,
  countMine,
  deleteAlias,
  deleteLines,
  deleteResultClass,
  entryRiders,
  findResultShow,
  findShowClass,
  type GroupDelta,
  hideResultRow,
  historyOf,
  horseAliasRows,
  horseNamesById,
  horseResultRows,
  horseStandingRows,
  insertAliases,
  insertHistory,
  insertLines,
  lockStandings,
  myResultRows,
  type PointsDelta,
  publishedClasses,
  type ResultShowRow,
  resultClassRow,
  resultOwnerIds,
  type StandingGroupKey,
  saveScale,
  scaleRow,
  setEntryPlacings,
  showLines,
  standingGroups,
  standingShowsFor,
  standingsFor,
  standingsPage,
  stewardIdsOf,
  updateLine,
  writeStandingShows,
  writeStandings,
} from "#server/features/results/results.repository.ts";
import { horsePeople } from "#server/features/show-day/show-day.repository.ts";
import type { Viewer } from "#server/http/viewer.ts";
import { badRequest, conflict, forbidden, notFound } from "#server/platform/errors.ts";
import type { LiveEvent } from "#server/platform/events.ts";
import { newId, nowIso } from "#server/platform/ids.ts";
import { slicer } from "#server/platform/turns.ts";

const t = resultsTexts.problems;
export const RESULT_TYPE = "Result";

export interface ClassContext {
  show: ResultShowRow;
  cls: { id: string; number: string; name: string; division_id: string | null };
}

/** The show and class, when the viewer may post its results (404 for a class of another show, 403 else). */
async function postingContext(
  db: Db,
  viewer: Viewer,
  showId: string,
  classId: string,
): Promise<ClassContext> {
  const show = await findResultShow(db.db, showId);
  if (!show) throw notFound(errorsTexts.showNotFound);
  const [cls, stewardIds] = await Promise.all([
    findShowClass(db.db, showId, classId),
    stewardIdsOf(db.db, showId),
  ]);
  if (!canPostResults(viewer, { stewardIds })) throw forbidden(t.notAllowed);
  if (!cls) throw notFound(t.classNotInShow);
  return { show, cls };
}

const yearOf = (show: ResultShowRow) => Number(show.start_date.slice(0, 4));
const orgOf = (show: ResultShowRow) => show.sanctioning_org ?? "";

export async function scaleOf(db: Db["db"], org: string): Promise<PointsScale> {
  const row = await scaleRow(db, org);
  if (!row) return DEFAULT_SCALE;
  return {
    placings: JSON.parse(row.placings) as number[],
    shown: Number(row.shown),
    scaleBySize: Number(row.scale_by_size) === 1,
  };
}

/** Chunks of a few ms each against some 10,000 horses (bench/results-preview-bench.ts). */
const HORSES_PER_TURN = 1000;
const LINES_PER_TURN = 5;

/** Matches parsed lines to Ringside horses for a person to check before publishing. */
async function matchLines(db: Db, parsed: ParsedResults, gapsIntended: boolean, readText: string | null) {
  const [horses, aliases] = await Promise.all([allHorseNames(db.db), aliasNames(db.db)]);
  const names = new Map(horses.map((h) => [h.id, h.name]));
  // Indexing every horse and matching a long paste would hold the event loop for everyone else:
  // both give way to other requests between chunks, as the season PDF does between rows.
  const index = new HorseIndex();
  for (const [i, h] of horses.entries()) {
    index.add({ id: h.id, names: [h.name, ...(aliases.get(h.id) ?? [])] });
    if ((i + 1) % HORSES_PER_TURN === 0) await nextTurn();
  }
  const lines: PreviewLine[] = [];
  for (const l of parsed.lines) {
    const match = index.match(l.horse);
    const candidates =
      match.kind === "close" ? match.candidates : match.kind === "exact" ? [match.horseId] : [];
    lines.push({
      ...l,
      match: match.kind,
      horseId: match.kind === "exact" ? match.horseId : null,
      candidates: candidates.map((id) => ({ id, name: names.get(id) ?? "" })),
    });
    if (lines.length % LINES_PER_TURN === 0) await nextTurn();
  }
  const problems = [...parsed.problems, ...placingProblems(parsed.lines, gapsIntended)];
  const preview: ResultPreview = { lines, problems: [...new Set(problems)], readText };
  return preview;
}

/** Refuses (404, 403) anyone who may not post this class's results, before anything of theirs is read. */
export async function checkMayPostResults(
  db: Db,
  viewer: Viewer,
  ids: { showId: string; classId: string },
): Promise<void> {
  await postingContext(db, viewer, ids.showId, ids.classId);
}

export async function previewResults(
  db: Db,
  viewer: Viewer,
  ids: { showId: string; classId: string },
  body: PreviewBody,
): Promise<ResultPreview> {
  await postingContext(db, viewer, ids.showId, ids.classId);
  const parsed = body.format === "csv" ? parseResultCsv(body.text) : parseResultText(body.text);
  return matchLines(db, parsed, body.gapsIntended ?? false, null);
}

/** Placings from text read off a photo or PDF: headings are passed over; none found shows what was read. */
export async function previewReadResults(
  db: Db,
  viewer: Viewer,
  ids: { showId: string; classId: string },
  text: string,
): Promise<ResultPreview> {
  await postingContext(db, viewer, ids.showId, ids.classId);
  return matchLines(db, parseResultText(text, false), false, text);
}

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
  const problems = placingProblems(lines, body.gapsIntended ?? false);
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

const horseKeyOf = (l: { horseId: string | null; horse: string }) =>
  l.horseId ?? `name:${normaliseHorseName(l.horse)}`;

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
  const scale = await scaleOf(db.db, orgOf(ctx.show));
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
  const rows = classResultRows(w, old);
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
  return notify(trx, w, old, rows, names, mode.kind === "correct");
}

/**
 * Withdraws the published results of classes about to be deleted (of the whole show when `classIds`
 * is null), inside the caller's transaction and before the delete: each is a correction to no lines,
 * so standings, horse results and Show Records lose them by difference as any correction does, and
 * the history keeps a "withdrawn" entry. Nobody is notified: the class, not a placing, changed (ADR 026).
 */
export async function withdrawClassResults(
  trx: Transaction<Database>,
  kind: Db["kind"],
  showId: string,
  classIds: readonly string[] | null,
  actorId: string | null,
): Promise<void> {
  if (classIds?.length === 0) return;
  const published = await publishedClasses(trx, showId, classIds);
  const show = published.length > 0 ? await findResultShow(trx, showId) : undefined;
  if (!show) return;
  const scale = await scaleOf(trx, orgOf(show));
  // A schedule save may remove a thousand posted classes: the event loop gets a turn between them.
  const turn = slicer();
  for (const { version, ...cls } of published) {
    await writeClassResults(trx, kind, {
      show,
      cls,
      lines: [],
      names: new Map(),
      scale,
      actorId,
      mode: { kind: "correct", version: Number(version) },
      notify: false,
      withdrawn: true,
    });
    await deleteResultClass(trx, showId, cls.id);
    await turn();
  }
}

/**
 * The result rows of a class's lines, with their points and the standings they count in; a horse already
 * on the class (a correction) keeps its row's id. Shared with the season loader (results.bulk.ts).
 */
export function classResultRows(w: ClassWrite, old: readonly ResultTable[]): ResultTable[] {
  const awards = classAward(
    w.scale,
    w.lines.map((l) => ({
      horseKey: horseKeyOf(l),
      horseName: l.horseId ? (w.names.get(l.horseId) ?? l.horse) : l.horse,
      placing: l.placing,
    })),
  );
  const oldByKey = new Map(old.map((r) => [r.horse_key, r]));
  return w.lines.map((l, i) => {
    const key = horseKeyOf(l);
    return {
      id: oldByKey.get(key)?.id ?? newId(),
      show_id: w.show.id,
      class_id: w.cls.id,
      line_no: l.lineNo,
      placing: l.placing,
      horse_name: l.horse,
      rider_name: l.rider,
      owner_name: l.owner,
      horse_id: l.horseId,
      horse_key: key,
      points: awards[i]?.points ?? 0,
      year: yearOf(w.show),
      org: orgOf(w.show),
      division_id: w.cls.division_id,
    };
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

function entryPlacings(
  old: readonly ResultTable[],
  rows: readonly ResultTable[],
): Map<string, string | null> {
  const placings = new Map<string, string | null>();
  for (const r of old) if (r.horse_id) placings.set(r.horse_id, null);
  for (const r of rows)
    if (r.horse_id)
      placings.set(r.horse_id, r.placing === null ? resultsTexts.shown : placingLabel(String(r.placing)));
  return placings;
}

export interface StandingDelta {
  year: number;
  org: string;
  division_id: string;
  horse_key: string;
  horse_id: string | null;
  horse_name: string;
  points: number;
  classes: number;
  firsts: number;
  seconds: number;
  thirds: number;
}

export const standingKey = (k: { year: number; org: string; division_id: string; horse_key: string }) =>
  JSON.stringify([k.year, k.org, k.division_id, k.horse_key]);

/** What replacing a class's `old` lines by `rows` changes in each horse's standing (a class of no division: nothing). */
export function standingDeltas(
  old: readonly ResultTable[],
  rows: readonly ResultTable[],
  names: ReadonlyMap<string, string>,
): Map<string, StandingDelta> {
  const deltas = new Map<string, StandingDelta>();
  const add = (r: ResultTable, sign: 1 | -1) => {
    if (r.division_id === null) return;
    const base = { year: Number(r.year), org: r.org, division_id: r.division_id, horse_key: r.horse_key };
    const key = standingKey(base);
    const d = deltas.get(key) ?? {
      ...base,
      horse_id: null,
      horse_name: "",
      points: 0,
      classes: 0,
      firsts: 0,
      seconds: 0,
      thirds: 0,
    };
    d.points += sign * Number(r.points);
    d.classes += sign;
    if (r.placing === 1) d.firsts += sign;
    if (r.placing === 2) d.seconds += sign;
    if (r.placing === 3) d.thirds += sign;
    if (sign === 1 || d.horse_name === "") {
      d.horse_id = r.horse_id;
      d.horse_name = r.horse_id ? (names.get(r.horse_id) ?? r.horse_name) : r.horse_name;
    }
    deltas.set(key, d);
  };
  for (const r of old) add(r, -1);
  for (const r of rows) add(r, 1);
  return deltas;
}

/** A standing row moved by a delta (the row before it, if any); `shows` is the caller's. */
export function movedStanding(
  before: StandingTable | undefined,
  d: StandingDelta,
  shows: number,
): StandingTable {
  return {
    year: d.year,
    org: d.org,
    division_id: d.division_id,
    horse_key: d.horse_key,
    horse_id: d.horse_id ?? before?.horse_id ?? null,
    horse_name: d.horse_name || before?.horse_name || "",
    points: Number(before?.points ?? 0) + d.points,
    shows,
    classes: Number(before?.classes ?? 0) + d.classes,
    firsts: Number(before?.firsts ?? 0) + d.firsts,
    seconds: Number(before?.seconds ?? 0) + d.seconds,
    thirds: Number(before?.thirds ?? 0) + d.thirds,
  };
}

/**
 * Keeps the standings current by difference: what the old lines gave is taken back, what the new lines
 * give is added, and a show's count for a horse moves only when its first class there comes or its last goes.
 */
async function applyStandings(
  trx: Transaction<Database>,
  kind: Db["kind"],
  showId: string,
  old: readonly ResultTable[],
  rows: readonly ResultTable[],
  names: ReadonlyMap<string, string>,
): Promise<void> {
  const deltas = standingDeltas(old, rows, names);
  if (deltas.size === 0) return;

  // One year and organisation at a time (a correction may move a class whose show changed date).
  const byGroup = new Map<string, StandingDelta[]>();
  for (const d of deltas.values()) {
    const g = JSON.stringify([d.year, d.org]);
    byGroup.set(g, [...(byGroup.get(g) ?? []), d]);
  }
  for (const group of [...byGroup.keys()].sort()) {
    const list = (byGroup.get(group) ?? []).sort((a, b) => (standingKey(a) < standingKey(b) ? -1 : 1));
    const first = list[0];
    if (!first) continue;
    const { year, org } = first;
    await lockStandings(trx, kind, year, org);
    const divisions = [...new Set(list.map((d) => d.division_id))];
    const keys = [...new Set(list.map((d) => d.horse_key))];
    const [current, perShow] = await Promise.all([
      standingsFor(trx, { year, org }, divisions, keys),
      standingShowsFor(trx, { year, org, showId }, divisions, keys),
    ]);
    const currentBy = new Map(current.map((s) => [standingKey(s), s]));
    const showBy = new Map(perShow.map((s) => [standingKey(s), Number(s.classes)]));
    const write: StandingTable[] = [];
    const gone: StandingTable[] = [];
    const shows: StandingShowTable[] = [];
    const groupDeltas = new Map<string, GroupDelta>();
    const pointsDeltas = new Map<string, PointsDelta>();
    const movePoints = (division_id: string, points: number, delta: number) => {
      const k = JSON.stringify([division_id, points]);
      const p = pointsDeltas.get(k) ?? { year, org, division_id, points, delta: 0 };
      p.delta += delta;
      pointsDeltas.set(k, p);
    };
    for (const d of list) {
      const key = standingKey(d);
      const before = currentBy.get(key);
      const showBefore = showBy.get(key) ?? 0;
      const showAfter = showBefore + d.classes;
      const next = movedStanding(
        before,
        d,
        Number(before?.shows ?? 0) + (showAfter > 0 ? 1 : 0) - (showBefore > 0 ? 1 : 0),
      );
      if (showAfter !== showBefore) {
        shows.push({
          year,
          org,
          division_id: d.division_id,
          horse_key: d.horse_key,
          show_id: showId,
          classes: showAfter,
        });
      }
      const groupKey = JSON.stringify([year, org, d.division_id]);
      const g = groupDeltas.get(groupKey) ?? { year, org, division_id: d.division_id, delta: 0 };
      if (before) movePoints(d.division_id, Number(before.points), -1);
      if (next.classes <= 0) {
        if (before) {
          gone.push(next);
          g.delta -= 1;
        }
      } else {
        write.push(next);
        movePoints(d.division_id, next.points, 1);
        if (!before) g.delta += 1;
      }
      groupDeltas.set(groupKey, g);
    }
    await writeStandings(trx, write, gone, groupDeltas, pointsDeltas);
    await writeStandingShows(trx, shows);
  }
}

/** "Midnight Sun placed 2nd in Class 32 at …" to the horse's owners, trainers and riders; once per publication. */
async function notify(
  trx: Transaction<Database>,
  ctx: ClassContext,
  old: readonly ResultTable[],
  rows: readonly ResultTable[],
  names: ReadonlyMap<string, string>,
  correction: boolean,
): Promise<LiveEvent | null> {
  const before = new Map(old.flatMap((r) => (r.horse_id ? [[r.horse_id, r.placing] as const] : [])));
  const after = new Map(rows.flatMap((r) => (r.horse_id ? [[r.horse_id, r.placing] as const] : [])));
  const messages = new Map<string, string>();
  const number = ctx.cls.number;
  for (const [horseId, placing] of after) {
    const name = names.get(horseId) ?? "";
    if (correction && before.has(horseId) && before.get(horseId) === placing) continue;
    if (placing === null) {
      if (correction && before.get(horseId) != null) {
        messages.set(horseId, resultsTexts.correctedRemoved(name, number, ctx.show.name));
      }
      continue;
    }
    const placed = resultsTexts.placed(name, placing, number, ctx.show.name);
    messages.set(horseId, correction ? resultsTexts.corrected(placed) : placed);
  }
  if (correction) {
    const oldNames = await horseNamesById(
      trx,
      [...before.keys()].filter((id) => !after.has(id)),
    );
    for (const [horseId, placing] of before) {
      if (after.has(horseId) || placing === null) continue;
      messages.set(
        horseId,
        resultsTexts.correctedRemoved(oldNames.get(horseId) ?? "", number, ctx.show.name),
      );
    }
  }
  if (messages.size === 0) return null;
  const horseIds = [...messages.keys()];
  const [people, riders] = await Promise.all([
    horsePeople(trx, horseIds),
    entryRiders(trx, ctx.show.id, ctx.cls.id, horseIds),
  ]);
  // A rider in a block with the entry's author is not told of it (ADR 008, as show-day alerts); the
  // horse's owners and trainers are, whatever their blocks: it is their horse.
  const blocks = await blocksAmong(trx, [
    ...new Set([...riders.values()].flat().flatMap((r) => [r.riderId, r.authorId])),
  ]);
  const notices: PersonalNotice[] = [];
  for (const [horseId, message] of messages) {
    const told = (riders.get(horseId) ?? []).filter((r) => !blocks.has(`${r.authorId}|${r.riderId}`));
    const who = new Set([...(people.get(horseId) ?? []), ...told.map((r) => r.riderId)]);
    for (const userId of who) {
      notices.push({
        userId,
        type: RESULT_TYPE,
        message,
        showId: ctx.show.id,
        classId: ctx.cls.id,
        subject: `result:${ctx.show.id}:${ctx.cls.id}:${horseId}`,
      });
    }
  }
  return createPersonalNotifications(trx, notices);
}

function toPlacement(r: ResultTable) {
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
  const byClass = new Map<string, ResultTable[]>();
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
      kind: r.kind === "corrected" ? "corrected" : "published",
      by: r.by,
      at: r.at,
      lines: JSON.parse(r.lines) as Omit<PublishLine, "confirmed">[],
    })),
  };
}

/** The standings of one year, organisation and division, a page of 50, ranked with shared ranks. */
export function getStandings(db: Db, viewer: Viewer, query: StandingsQuery): Promise<Standings> {
  return readStandings(db, viewer, query, RESULT_LIMITS.standingsPage);
}

/** One page of `limit` rows of the standings the query names (the screen's 50, or the whole CSV). */
async function readStandings(
  db: Db,
  viewer: Viewer,
  query: StandingsQuery,
  limit: number,
): Promise<Standings> {
  const onlyMine = query.mine === "1";
  const page = query.page ?? 1;
  const offset = (page - 1) * limit;
  const read = (group: StandingGroupKey) =>
    Promise.all([
      standingsPage(db.db, group, { offset, limit, viewerId: viewer.id, onlyMine }),
      onlyMine ? countMine(db.db, group, viewer.id) : null,
    ]);
  // A named division (every request after the screen's first) is read beside the filters: one round trip.
  const named =
    query.year !== undefined && query.org !== undefined && query.division !== undefined
      ? { year: query.year, org: query.org, division: query.division }
      : null;
  const [groupRows, early] = await Promise.all([standingGroups(db.db), named ? read(named) : null]);
  const groups = groupRows.map((g) => ({
    year: Number(g.year),
    org: g.org,
    division: g.division_id,
    horses: Number(g.horses),
  }));
  const year = query.year ?? groups[0]?.year ?? null;
  const inYear = groups.filter((g) => g.year === year);
  const org = query.org ?? inYear[0]?.org ?? "";
  const division = query.division ?? inYear.find((g) => g.org === org)?.division ?? "";
  const empty = { year, org, division, page, total: 0, rows: [], groups };
  if (year === null) return empty;
  const [rows, mineTotal] = early ?? (await read({ year, org, division }));
  const total =
    mineTotal ?? groups.find((g) => g.year === year && g.org === org && g.division === division)?.horses ?? 0;
  const ranked = onlyMine
    ? rows.map((r) => ({ ...toInput(r), rank: 1 + Number(r.above ?? 0) }))
    : rankInOrder(rows, offset, 1 + Number(rows[0]?.above ?? 0));
  const mine = new Set(rows.filter((r) => Number(r.mine) === 1).map((r) => r.horse_key));
  return { ...empty, total, rows: ranked.map((r) => ({ ...r, mine: mine.has(r.horseKey) })) };
}

const toInput = (s: StandingTable) => ({
  horseKey: s.horse_key,
  horseId: s.horse_id,
  horseName: s.horse_name,
  points: Number(s.points),
  shows: Number(s.shows),
  classes: Number(s.classes),
  firsts: Number(s.firsts),
  seconds: Number(s.seconds),
  thirds: Number(s.thirds),
});

/** Rows as the database ordered them (points, then name): ranks follow the points only. */
function rankInOrder(rows: readonly StandingTable[], offset: number, firstRank: number) {
  const ranked = rankStandings(rows.map(toInput), offset, firstRank);
  const ids = new Map(rows.map((r) => [r.horse_key, r.horse_id]));
  return ranked.map((r) => ({ ...r, horseId: ids.get(r.horseKey) ?? null }));
}

/** The whole table in one read (page after page re-read the filters and walked the skipped rows again). */
export async function getStandingsCsv(db: Db, viewer: Viewer, query: StandingsQuery): Promise<string> {
  const all = await readStandings(db, viewer, { ...query, page: 1 }, RESULT_LIMITS.standingsCsv);
  return standingsCsv(resultsTexts.csvHeader, all.rows);
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

export async function getPointsScale(db: Db, viewer: Viewer, org: string): Promise<PointsScaleBody> {
  if (!canEditPointsScales(viewer)) throw forbidden();
  const scale = await scaleOf(db.db, org);
  return { placings: [...scale.placings], shown: scale.shown, scaleBySize: scale.scaleBySize };
}

/** The admin's scale for an organisation; classes published from now on use it. */
export async function setPointsScale(
  db: Db,
  viewer: Viewer,
  org: string,
  body: PointsScaleBody,
): Promise<PointsScaleBody> {
  if (!canEditPointsScales(viewer)) throw forbidden();
  await saveScale(db.db, {
    org,
    placings: JSON.stringify(body.placings),
    shown: body.shown,
    scale_by_size: body.scaleBySize ? 1 : 0,
    updated_at: nowIso(),
  });
  return body;
}

/** Hides a result from the viewer's Show Records (an owner of the horse only; it stays in the show's results). */
export async function hideResult(db: Db, viewer: Viewer, resultId: string): Promise<void> {
  const owners = await resultOwnerIds(db.db, resultId);
  if (owners === null) throw notFound();
  if (!canHideResult(viewer, owners)) throw forbidden();
  await hideResultRow(db.db, db.kind, viewer.id, resultId);
}

/** The names a horse was printed under and confirmed, and whether the viewer may forget them. */
export async function getHorseAliases(db: Db, viewer: Viewer, horseId: string): Promise<HorseAliases> {
  const [horse, rows] = await Promise.all([findHorseAccess(db.db, horseId), horseAliasRows(db.db, horseId)]);
  if (!horse) throw notFound(errorsTexts.horseNotFound);
  return {
    aliases: rows.map((r) => ({ id: r.id, printed: r.printed, confirmedAt: r.confirmed_at })),
    canForget: canForgetHorseName(viewer, horse.ownerIds),
  };
}

/** Forgets a printed name of a horse (its owners and admins): that name is only a close match again. */
export async function forgetHorseAlias(
  db: Db,
  viewer: Viewer,
  ids: { horseId: string; aliasId: string },
): Promise<void> {
  const horse = await findHorseAccess(db.db, ids.horseId);
  if (!horse) throw notFound(errorsTexts.horseNotFound);
  if (!canForgetHorseName(viewer, horse.ownerIds)) throw forbidden();
  if (!(await deleteAlias(db.db, ids.horseId, ids.aliasId))) throw notFound();
}
