/**
 * Matching a printed horse name to a Ringside horse (issue 22). Names are compared after normalising
 * case, accents, punctuation and a leading or trailing "The"; a horse may be known by more than one
 * name (registered and barn name). An exact match of one horse attaches; anything else (a close
 * spelling, or several horses with the same name) is only offered for a person to confirm.
 */
export interface MatchableHorse {
  id: string;
  /** The registered name first, then any barn names. */
  names: readonly string[];
}

export type HorseMatch =
  | { kind: "exact"; horseId: string }
  | { kind: "close"; candidates: string[] }
  | { kind: "none" };

export function normaliseHorseName(name: string): string {
  return name
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/&/g, " and ")
    .replace(/['’`.]/g, "")
    .replace(/[^a-z0-9]+/g, " ")
    .trim()
    .replace(/^the /, "")
    .replace(/ the$/, "")
    .trim();
}

/**
 * Whether a printed line names a horse: not empty, not only punctuation, and not starting with a dash
 * (a field separator: what follows it is the rider or owner, as in "4 — Jane Roe (rider)", issue 34).
 */
export const hasHorseName = (horse: string): boolean =>
  normaliseHorseName(horse) !== "" && !/^[—–-]/.test(horse.trim());

/**
 * Edit distance (insert, delete, substitute, swap of neighbours), stopping once it exceeds `max`.
 * Three typed rows rather than a matrix: it runs for every close candidate of every pasted line.
 */
export function editDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  const width = b.length + 1;
  let before = new Int32Array(width);
  let previous = new Int32Array(width);
  let row = new Int32Array(width);
  for (let j = 0; j < width; j++) previous[j] = j;
  for (let i = 1; i <= a.length; i++) {
    row[0] = i;
    let best = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let d = Math.min((previous[j] ?? 0) + 1, (row[j - 1] ?? 0) + 1, (previous[j - 1] ?? 0) + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
        d = Math.min(d, (before[j - 2] ?? 0) + 1);
      }
      row[j] = d;
      if (d < best) best = d;
    }
    if (best > max) return max + 1;
    [before, previous, row] = [previous, row, before];
  }
  return previous[b.length] ?? max + 1;
}

/** How many edits still count as "close": none for very short names, then 1, 2 or 3 as names grow. */
const closeness = (length: number) =>
  length < 4 ? 0 : length <= 6 ? 1 : length <= 9 ? 2 : length <= 14 ? 3 : 4;
const sortedWords = (s: string) => s.split(" ").sort().join(" ");
export const MAX_CANDIDATES = 3;

/** Normalised names hold a–z, 0–9 and spaces: a letter count over those 37 is a cheap bound. */
const ALPHABET = 37;
function letterCounts(s: string): Int16Array {
  const counts = new Int16Array(ALPHABET);
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    const k = c >= 97 && c <= 122 ? c - 97 : c >= 48 && c <= 57 ? 26 + c - 48 : 36;
    counts[k] = (counts[k] ?? 0) + 1;
  }
  return counts;
}

/**
 * A lower bound of `editDistance`: an edit adds at most one letter and removes at most one (a swap
 * neither), so the letters one name has in excess, or lacks, each need an edit of their own.
 */
function countBound(a: Int16Array, b: Int16Array): number {
  let more = 0;
  let fewer = 0;
  for (let k = 0; k < ALPHABET; k++) {
    const d = (a[k] ?? 0) - (b[k] ?? 0);
    if (d > 0) more += d;
    else fewer -= d;
  }
  return Math.max(more, fewer);
}

interface IndexedName {
  id: string;
  key: string;
  words: string;
  counts: Int16Array;
}

/**
 * Every horse's names normalised once, for matching many printed lines (a pasted preview against all
 * of Ringside's horses): exact hits through a map of keys, close ones only among names of a length
 * within reach and whose letters could be within reach, before the edit distance itself.
 */
export class HorseIndex {
  private readonly byKey = new Map<string, Set<string>>();
  /** Names by their key's length. */
  private readonly byLength: IndexedName[][] = [];

  constructor(horses: readonly MatchableHorse[] = []) {
    for (const h of horses) this.add(h);
  }

  add(horse: MatchableHorse): void {
    for (const n of horse.names) {
      const key = normaliseHorseName(n);
      if (key === "") continue;
      const ids = this.byKey.get(key) ?? new Set<string>();
      ids.add(horse.id);
      this.byKey.set(key, ids);
      const bucket = this.byLength[key.length] ?? [];
      bucket.push({ id: horse.id, key, words: sortedWords(key), counts: letterCounts(key) });
      this.byLength[key.length] = bucket;
    }
  }

  match(printed: string): HorseMatch {
    const key = normaliseHorseName(printed);
    if (key === "") return { kind: "none" };
    const exact = [...(this.byKey.get(key) ?? [])];
    const only = exact[0];
    if (exact.length === 1 && only) return { kind: "exact", horseId: only };
    if (exact.length > 1) return { kind: "close", candidates: exact.sort().slice(0, MAX_CANDIDATES) };
    const max = closeness(key.length);
    const words = sortedWords(key);
    const counts = letterCounts(key);
    const best = new Map<string, number>();
    for (let length = key.length - max; length <= key.length + max; length++) {
      for (const n of this.byLength[length] ?? []) {
        const known = best.get(n.id) ?? Number.POSITIVE_INFINITY;
        let distance: number;
        if (n.words === words) distance = 0.5;
        else if (countBound(counts, n.counts) > max) continue;
        else distance = editDistance(key, n.key, max);
        if (distance <= max && distance < known) best.set(n.id, distance);
      }
    }
    if (best.size === 0) return { kind: "none" };
    const scored = [...best].map(([id, distance]) => ({ id, distance }));
    scored.sort((a, b) => a.distance - b.distance || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
    return { kind: "close", candidates: scored.slice(0, MAX_CANDIDATES).map((s) => s.id) };
  }
}

/**
 * The close candidate to preselect for a person to confirm (issue 34): the one nearest the printed
 * name when no other is as near; null when the nearest tie (two horses of one name, or two spellings
 * as far off), so the person chooses. Candidates are the few `match` offered, with their names.
 */
export function suggestedHorse(printed: string, candidates: readonly MatchableHorse[]): string | null {
  const key = normaliseHorseName(printed);
  if (key === "") return null;
  const words = sortedWords(key);
  const scored = candidates.map((h) => ({
    id: h.id,
    distance: Math.min(
      ...h.names.map((n) => {
        const other = normaliseHorseName(n);
        if (other === key) return 0;
        if (other !== "" && sortedWords(other) === words) return 0.5;
        return editDistance(key, other, key.length + other.length);
      }),
    ),
  }));
  scored.sort((a, b) => a.distance - b.distance);
  const [best, next] = scored;
  if (!best || (next && next.distance === best.distance)) return null;
  return best.id;
}

/** One printed name against a few horses; for many lines, build a `HorseIndex` once. */
export function matchHorse(printed: string, horses: readonly MatchableHorse[]): HorseMatch {
  return new HorseIndex(horses).match(printed);
}

/**
 * What publishing a printed name for the horse a person chose needs, given every horse whose name or
 * remembered name is exactly the printed name (`named`, by id; the server finds them by their
 * normalised keys). It is "exact", needing no one, only when the name is that one horse's and no
 * other's — as `matchHorse` would say of it. Anything else needs the person's confirmation; a
 * confirmed name that is not yet one of the chosen horse's names is to be remembered for it.
 */
export type PrintedNameCheck = "exact" | "confirm" | "confirmAndRemember";

export function checkPrintedName(
  printed: string,
  chosenId: string,
  named: ReadonlySet<string>,
): PrintedNameCheck {
  // A name of nothing but punctuation names no horse, and leaves nothing to remember.
  if (normaliseHorseName(printed) === "") return "confirm";
  if (!named.has(chosenId)) return "confirmAndRemember";
  return named.size === 1 ? "exact" : "confirm";
}
