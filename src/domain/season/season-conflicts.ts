/**
 * Season conflicts (issue 25), pure: warnings, never refusals, about entries that cannot all be
 * shown as planned. Between two of the viewer's showing entries (own, a horse's, a customer's, or
 * a trainer's rides):
 *
 * - `horseTwoShows`: the same horse entered at two shows on one day;
 * - `tooClose`: the same horse or rider in two classes of one session fewer than 2 classes apart
 *   (the session's running order, ADR 020), no time to change tack or clothes;
 * - `rings`: the same horse or rider in two rings (or at two shows) at overlapping estimated times
 *   (each class runs from its planned start for the show's minutes per class);
 * - `showsOverlap`: two shows holding the viewer's entries overlap in dates.
 *
 * Each pair gets its most specific kind only (the order above). A show overlap is named once per
 * entry and other show, and not at all when the entry already has a more specific warning about
 * that show, so a weekend of entries does not read as a wall of the same sentence.
 */

export type ConflictKind = "horseTwoShows" | "tooClose" | "rings" | "showsOverlap";

/** What the two entries share, for a same-horse or same-rider conflict. */
export type ConflictSubject = "horse" | "rider";

export interface SeasonEntry {
  id: string;
  showId: string;
  /** yyyy-mm-dd */
  showStart: string;
  showEnd: string;
  classId: string;
  /** The day the class runs on (its date, else the show's start date). */
  date: string;
  /** Its session within the show: a session id, or the date's untimed session (`day-yyyy-mm-dd`). */
  session: string;
  /** Its 0-based place in the session's running order. */
  place: number;
  ring: string;
  /** Planned start (epoch ms), when its session has a time; with `minutes` the class's length. */
  start: number | null;
  minutes: number;
  horseId: string | null;
  /** Who rides: the named rider, else the author of an I'm Showing entry. */
  riderId: string | null;
}

export interface Conflict {
  kind: ConflictKind;
  subject: ConflictSubject | null;
  /** The other entry of the pair. */
  otherId: string;
}

/** Fewer than this many classes apart in one session is too close (a tack or clothes change). */
export const MIN_CLASSES_APART = 2;

const MINUTE = 60_000;
const sameRing = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/** Whether the two entries share a horse or a rider, the horse first. */
function sharedSubject(a: SeasonEntry, b: SeasonEntry): ConflictSubject | null {
  if (a.horseId !== null && a.horseId === b.horseId) return "horse";
  if (a.riderId !== null && a.riderId === b.riderId) return "rider";
  return null;
}

function timesOverlap(a: SeasonEntry, b: SeasonEntry): boolean {
  if (a.start === null || b.start === null) return false;
  const aEnd = a.start + Math.max(1, a.minutes) * MINUTE;
  const bEnd = b.start + Math.max(1, b.minutes) * MINUTE;
  return a.start < bEnd && b.start < aEnd;
}

/**
 * The most specific conflict between two entries, seen from `a`, or null. Two entries of one class
 * (a horse entered twice, one rider on two horses in a class) are the same booking, not a clash.
 */
export function conflictBetween(a: SeasonEntry, b: SeasonEntry): Omit<Conflict, "otherId"> | null {
  if (a.id === b.id) return null;
  const sameShow = a.showId === b.showId;
  if (sameShow && a.classId === b.classId) return null;
  const subject = sharedSubject(a, b);
  if (!sameShow && a.horseId !== null && a.horseId === b.horseId && a.date === b.date)
    return { kind: "horseTwoShows", subject: "horse" };
  if (subject && sameShow && a.session === b.session && Math.abs(a.place - b.place) < MIN_CLASSES_APART)
    return { kind: "tooClose", subject };
  if (subject && (!sameShow || !sameRing(a.ring, b.ring)) && timesOverlap(a, b))
    return { kind: "rings", subject };
  if (!sameShow && a.showStart <= b.showEnd && b.showStart <= a.showEnd)
    return { kind: "showsOverlap", subject: null };
  return null;
}

/**
 * Every entry's conflicts, by entry id (entries without any are absent), each list in the order of
 * `entries`. A horse or rider conflict is on both entries of its pair; a show overlap is on every
 * entry at either show, each naming the first entry it meets at the other.
 */
export function findConflicts(entries: readonly SeasonEntry[]): Map<string, Conflict[]> {
  const result = new Map<string, Conflict[]>();
  // Sorted by show start, an entry only meets shows starting before its own show ends.
  const order = entries.map((e, i) => ({ e, i })).sort((x, y) => cmp(x.e.showStart, y.e.showStart));
  const found: { a: number; b: number; kind: ConflictKind; subject: ConflictSubject | null }[] = [];
  for (let x = 0; x < order.length; x++) {
    const a = order[x]!;
    for (let y = x + 1; y < order.length; y++) {
      const b = order[y]!;
      if (b.e.showStart > a.e.showEnd) break;
      const c = conflictBetween(a.e, b.e);
      if (c) found.push({ a: a.i, b: b.i, ...c });
    }
  }
  const perEntry = new Map<
    number,
    { other: number; kind: ConflictKind; subject: ConflictSubject | null }[]
  >();
  const add = (from: number, other: number, kind: ConflictKind, subject: ConflictSubject | null) => {
    const list = perEntry.get(from) ?? [];
    perEntry.set(from, list);
    list.push({ other, kind, subject });
  };
  for (const f of found) {
    add(f.a, f.b, f.kind, f.subject);
    add(f.b, f.a, f.kind, f.subject);
  }
  for (const [index, list] of [...perEntry].sort((p, q) => p[0] - q[0])) {
    list.sort((p, q) => p.other - q.other);
    const specificShows = new Set(
      list.filter((c) => c.kind !== "showsOverlap").map((c) => entries[c.other]!.showId),
    );
    const namedShows = new Set<string>();
    const kept: Conflict[] = [];
    for (const c of list) {
      const show = entries[c.other]!.showId;
      if (c.kind === "showsOverlap") {
        if (specificShows.has(show) || namedShows.has(show)) continue;
        namedShows.add(show);
      }
      kept.push({ kind: c.kind, subject: c.subject, otherId: entries[c.other]!.id });
    }
    if (kept.length > 0) result.set(entries[index]!.id, kept);
  }
  return result;
}

/**
 * Whether a class being considered (a recommendation) would conflict with any of `existing`: the
 * season plan leaves such classes out rather than recommend a double booking.
 */
export function wouldConflict(candidate: SeasonEntry, existing: readonly SeasonEntry[]): boolean {
  return existing.some((e) => conflictBetween(candidate, e) !== null);
}

const cmp = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
