/**
 * High-point points and standings (issue 22). Each sanctioning organisation has a points scale; a
 * class's results hand out points by placing, and a horse's points in a division's standings are the sum
 * over the classes it showed in. Pure: the server keeps the standings table current with `classAward`'s
 * figures, adding on publish and swapping old for new on a correction.
 */
export interface PointsScale {
  /** Points for 1st, 2nd, … (default 7, 6, 5, 4, 3, 2). */
  placings: readonly number[];
  /** Points for a horse shown without a points placing (default 1). */
  shown: number;
  /**
   * Scaling by class size: in a class of fewer horses than the scale has placings, the scale is read
   * from its bottom, so 1st of three gets what 4th of a full class gets (points for the horses beaten).
   */
  scaleBySize: boolean;
}

export const DEFAULT_SCALE: PointsScale = { placings: [7, 6, 5, 4, 3, 2], shown: 1, scaleBySize: false };
export const MAX_SCALE_PLACINGS = 20;
export const MAX_SCALE_POINTS = 1000;

/** Points for `placing` (null: shown without one) in a class of `classSize` horses. */
export function pointsFor(scale: PointsScale, placing: number | null, classSize: number): number {
  if (placing === null || placing < 1) return scale.shown;
  const shift = scale.scaleBySize ? Math.max(0, scale.placings.length - classSize) : 0;
  return scale.placings[placing - 1 + shift] ?? scale.shown;
}

/** What a class of `classSize` horses hands out in all, placed 1st to Nth. */
export function scaleTotal(scale: PointsScale, classSize: number): number {
  let total = 0;
  for (let p = 1; p <= classSize; p++) total += pointsFor(scale, p, classSize);
  return total;
}

/** A placing's award in one class. */
export interface Award {
  horseKey: string;
  horseName: string;
  placing: number | null;
  points: number;
}

/** The points each line of a class gets; the class's size is every horse listed, placed or shown. */
export function classAward(
  scale: PointsScale,
  lines: readonly { horseKey: string; horseName: string; placing: number | null }[],
): Award[] {
  return lines.map((l) => ({ ...l, points: pointsFor(scale, l.placing, lines.length) }));
}

export interface StandingInput {
  horseKey: string;
  horseName: string;
  points: number;
  shows: number;
  classes: number;
  firsts: number;
  seconds: number;
  thirds: number;
}

export interface RankedStanding extends StandingInput {
  rank: number;
}

/** Most points first; equal points share a rank (1, 2, 2, 4) and sit by name, then key. */
export function compareStandings(a: StandingInput, b: StandingInput): number {
  if (a.points !== b.points) return b.points - a.points;
  const an = a.horseName.toLowerCase();
  const bn = b.horseName.toLowerCase();
  if (an !== bn) return an < bn ? -1 : 1;
  return a.horseKey < b.horseKey ? -1 : a.horseKey > b.horseKey ? 1 : 0;
}

/**
 * Ranks a division's standings. For a page that does not start at the top, `offset` is how many rows
 * come before it and `firstRank` the first row's rank (1 + the horses with more points).
 */
export function rankStandings(
  rows: readonly StandingInput[],
  offset = 0,
  firstRank = offset + 1,
): RankedStanding[] {
  const sorted = [...rows].sort(compareStandings);
  const ranked: RankedStanding[] = [];
  sorted.forEach((row, i) => {
    const prev = ranked[i - 1];
    const rank = !prev ? firstRank : prev.points === row.points ? prev.rank : offset + i + 1;
    ranked.push({ ...row, rank });
  });
  return ranked;
}

/** Folds awards of classes into standings (what the server's incremental table must always equal). */
export function tallyStandings(
  classes: readonly { showId: string; awards: readonly Award[] }[],
): StandingInput[] {
  const byHorse = new Map<string, StandingInput & { showIds: Set<string> }>();
  for (const c of classes) {
    for (const a of c.awards) {
      const row = byHorse.get(a.horseKey) ?? {
        horseKey: a.horseKey,
        horseName: a.horseName,
        points: 0,
        shows: 0,
        classes: 0,
        firsts: 0,
        seconds: 0,
        thirds: 0,
        showIds: new Set<string>(),
      };
      row.points += a.points;
      row.classes += 1;
      if (a.placing === 1) row.firsts += 1;
      if (a.placing === 2) row.seconds += 1;
      if (a.placing === 3) row.thirds += 1;
      row.showIds.add(c.showId);
      row.shows = row.showIds.size;
      byHorse.set(a.horseKey, row);
    }
  }
  return [...byHorse.values()].map(({ showIds: _, ...row }) => row);
}

/** A standings table as CSV (RFC 4180 quoting). */
export function standingsCsv(header: readonly string[], rows: readonly RankedStanding[]): string {
  const q = (v: string | number) => {
    const s = String(v);
    // A leading =, +, - or @ would be a formula in a spreadsheet; a quote mark keeps it text.
    const safe = /^[=+\-@]/.test(s) ? `'${s}` : s;
    return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
  };
  const lines = [header.map(q).join(",")];
  for (const r of rows) {
    lines.push(
      [r.rank, r.horseName, r.points, r.shows, r.classes, r.firsts, r.seconds, r.thirds].map(q).join(","),
    );
  }
  return `${lines.join("\r\n")}\r\n`;
}
