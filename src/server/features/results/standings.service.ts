import type { Transaction } from "kysely";
import { RESULT_LIMITS, type Standings, type StandingsQuery } from "#domain/contracts/results.ts";
import { rankStandings, standingsCsv } from "#domain/results/high-point.ts";
import type { ResultRow } from "#domain/results/result-rows.ts";
import {
  movedStanding,
  type StandingDelta,
  standingDeltas,
  standingKey,
} from "#domain/results/standing-deltas.ts";
import { isRankOrder, standingsSortOf } from "#domain/results/standings-sort.ts";
import { resultsTexts } from "#domain/texts/results.ts";
import type { Db } from "#server/db/client.ts";
import type { Database, StandingShowTable, StandingTable } from "#server/db/schema.ts";
import type { Viewer } from "#server/http/viewer.ts";
import {
  countMine,
  type GroupDelta,
  lockStandings,
  type PointsDelta,
  printedOwners,
  type StandingGroupKey,
  type StandingKey,
  standingGroups,
  standingShowsFor,
  standingsAtShow,
  standingsFor,
  standingsPage,
  standingsVersion,
  viewerGroups,
  writeOwners,
  writeStandingShows,
  writeStandings,
} from "./standings.repository.ts";

/**
 * Keeps the standings current by difference: what the old lines gave is taken back, what the new lines
 * give is added, and a show's count for a horse moves only when its first class there comes or its last goes.
 */
export async function applyStandings(
  trx: Transaction<Database>,
  kind: Db["kind"],
  showId: string,
  old: readonly ResultRow[],
  rows: readonly ResultRow[],
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
    // The shows first: a horse's owner is read from its newest show's lines, this one's as they are now.
    await writeStandingShows(trx, shows);
    const owners = await printedOwners(trx, { year, org }, divisions, keys);
    const withOwners = write.map((r) => ({ ...r, owner_name: owners.get(standingKey(r)) ?? "" }));
    await writeStandings(trx, withOwners, gone, groupDeltas, pointsDeltas);
  }
}

/**
 * A show's start date changed: it may now be the newest show of horses it was not, or no longer be theirs,
 * so the owners of the standings with lines at it are read again (the ones that changed are written).
 */
export async function refreshOwnersAtShow(trx: Transaction<Database>, showId: string): Promise<void> {
  const at = await standingsAtShow(trx, showId);
  const byGroup = new Map<string, StandingKey[]>();
  for (const k of at) {
    const g = JSON.stringify([k.year, k.org]);
    const list = byGroup.get(g);
    if (list) list.push(k);
    else byGroup.set(g, [k]);
  }
  for (const list of byGroup.values()) {
    const first = list[0];
    if (!first) continue;
    const { year, org } = first;
    const divisions = [...new Set(list.map((k) => k.division_id))];
    const keys = [...new Set(list.map((k) => k.horse_key))];
    const [current, owners] = await Promise.all([
      standingsFor(trx, { year, org }, divisions, keys),
      printedOwners(trx, { year, org }, divisions, keys),
    ]);
    await writeOwners(
      trx,
      current.flatMap((s) => {
        const owner = owners.get(standingKey(s)) ?? "";
        return owner === s.owner_name ? [] : [{ ...s, owner_name: owner }];
      }),
    );
  }
}

/**
 * What a cached standings answer is valid for: the viewer and the query (`key`), and the counters every
 * write to its sources bumps (`version`, see standingsVersion).
 */
export async function getStandingsVersion(
  db: Db,
  viewer: Viewer,
  query: StandingsQuery,
): Promise<{ key: string; version: string }> {
  return {
    key: `${viewer.id}|${JSON.stringify(query)}`,
    version: await db.versions.read(`standings:${viewer.id}`, () => standingsVersion(db.db, viewer.id)),
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
  const sort = standingsSortOf(query.sort);
  const page = query.page ?? 1;
  const offset = (page - 1) * limit;
  const read = (group: StandingGroupKey) =>
    Promise.all([
      standingsPage(db.db, group, { offset, limit, viewerId: viewer.id, onlyMine, sort }),
      onlyMine ? countMine(db.db, group, viewer.id) : null,
    ]);
  // A named division (every request after the screen's first) is read beside the filters: one round trip.
  const named =
    query.year !== undefined && query.org !== undefined && query.division !== undefined
      ? { year: query.year, org: query.org, division: query.division }
      : null;
  // The screen's first read names no division: it opens on one where the viewer has a horse, if any.
  const [groupRows, early, theirs] = await Promise.all([
    standingGroups(db.db),
    named ? read(named) : null,
    named ? [] : viewerGroups(db.db, viewer.id),
  ]);
  const groups = groupRows.map((g) => ({
    year: Number(g.year),
    org: g.org,
    division: g.division_id,
    horses: Number(g.horses),
  }));
  const own = theirs.find(
    (g) =>
      (query.year === undefined || g.year === query.year) && (query.org === undefined || g.org === query.org),
  );
  const year = query.year ?? own?.year ?? groups[0]?.year ?? null;
  const inYear = groups.filter((g) => g.year === year);
  const org = query.org ?? own?.org ?? inYear[0]?.org ?? "";
  const division =
    query.division ??
    (own && own.org === org ? own.division : inYear.find((g) => g.org === org)?.division) ??
    "";
  const empty = { year, org, division, page, total: 0, rows: [], groups };
  if (year === null) return empty;
  const [rows, mineTotal] = early ?? (await read({ year, org, division }));
  const total =
    mineTotal ?? groups.find((g) => g.year === year && g.org === org && g.division === division)?.horses ?? 0;
  // In rank order a page's ranks follow from its first row's; in any other order each row carries its own.
  const ranked =
    onlyMine || !isRankOrder(sort)
      ? rows.map((r) => ({ ...toInput(r), rank: 1 + Number(r.above ?? 0) }))
      : rankInOrder(rows, offset, 1 + Number(rows[0]?.above ?? 0));
  const mine = new Set(rows.filter((r) => Number(r.mine) === 1).map((r) => r.horse_key));
  // Each horse's printed owner is kept on its standing; the CSV keeps its columns.
  const owners = new Map(rows.map((r) => [r.horse_key, r.owner_name]));
  return {
    ...empty,
    total,
    rows: ranked.map((r) => ({ ...r, owner: owners.get(r.horseKey) ?? "", mine: mine.has(r.horseKey) })),
  };
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
