import type { ResultRow } from "#domain/results/result-rows.ts";

/** A horse's standing in one year, organisation and division, as it is stored (table `standing`). */
export interface StandingRow {
  year: number;
  org: string;
  division_id: string;
  horse_key: string;
  horse_id: string | null;
  horse_name: string;
  points: number;
  shows: number;
  classes: number;
  firsts: number;
  seconds: number;
  thirds: number;
  /** As printed at the horse's newest show in these standings (printed-owner.ts); "" when none was. */
  owner_name: string;
}

/** What one class's change adds to (or takes from) a horse's standing. */
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
  old: readonly ResultRow[],
  rows: readonly ResultRow[],
  names: ReadonlyMap<string, string>,
): Map<string, StandingDelta> {
  const deltas = new Map<string, StandingDelta>();
  const add = (r: ResultRow, sign: 1 | -1) => {
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

/**
 * A standing row moved by a delta (the row before it, if any); `shows` is the caller's, and so is the
 * owner: the row before's is kept until the caller reads the sheets again.
 */
export function movedStanding(before: StandingRow | undefined, d: StandingDelta, shows: number): StandingRow {
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
    owner_name: before?.owner_name ?? "",
  };
}
