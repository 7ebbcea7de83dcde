import type { PublishLine } from "#domain/contracts/results.ts";
import { classAward, type PointsScale } from "#domain/results/high-point.ts";
import { normaliseHorseName } from "#domain/results/horse-match.ts";
import { placingLabel } from "#domain/results/placing.ts";
import { resultsTexts } from "#domain/texts/results.ts";

/** A posted result line as it is stored (table `result`): one horse's placing in a class and its points. */
export interface ResultRow {
  id: string;
  show_id: string;
  class_id: string;
  line_no: number;
  placing: number | null;
  horse_name: string;
  rider_name: string;
  owner_name: string;
  horse_id: string | null;
  horse_key: string;
  points: number;
  year: number;
  org: string;
  division_id: string | null;
}

/** What of a show its results need: the year and sanctioning organisation whose standings they count in. */
export interface ResultShow {
  id: string;
  start_date: string;
  sanctioning_org: string | null;
}

export const resultYear = (show: Pick<ResultShow, "start_date">) => Number(show.start_date.slice(0, 4));
export const resultOrg = (show: Pick<ResultShow, "sanctioning_org">) => show.sanctioning_org ?? "";

/** A horse's key in a class and the standings: its id when matched, else its printed name normalised. */
export const horseKeyOf = (l: { horseId: string | null; horse: string }) =>
  l.horseId ?? `name:${normaliseHorseName(l.horse)}`;

/** A class's lines as published, with what they are scored by. */
export interface ClassLines {
  show: ResultShow;
  cls: { id: string; division_id: string | null };
  lines: readonly PublishLine[];
  /** Ringside names of the matched horses. */
  names: ReadonlyMap<string, string>;
  scale: PointsScale;
}

/**
 * The result rows of a class's lines, with their points and the standings they count in; a horse already
 * on the class (a correction) keeps its row's id, a new one gets `newId()`. The write path and the season
 * loader (results.bulk.ts) both build their rows here.
 */
export function classResultRows(w: ClassLines, old: readonly ResultRow[], newId: () => string): ResultRow[] {
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
      year: resultYear(w.show),
      org: resultOrg(w.show),
      division_id: w.cls.division_id,
    };
  });
}

/** The placing each horse's class entry shows after `old` lines become `rows` ("2nd", "Shown", or none). */
export function entryPlacings(
  old: readonly ResultRow[],
  rows: readonly ResultRow[],
): Map<string, string | null> {
  const placings = new Map<string, string | null>();
  for (const r of old) if (r.horse_id) placings.set(r.horse_id, null);
  for (const r of rows)
    if (r.horse_id)
      placings.set(r.horse_id, r.placing === null ? resultsTexts.shown : placingLabel(String(r.placing)));
  return placings;
}
