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

/** Edit distance (insert, delete, substitute, swap of neighbours), stopping once it exceeds `max`. */
export function editDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  const rows: number[][] = [Array.from({ length: b.length + 1 }, (_, j) => j)];
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    let best = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let d = Math.min(
        (rows[i - 1]?.[j] ?? 0) + 1,
        (row[j - 1] ?? 0) + 1,
        (rows[i - 1]?.[j - 1] ?? 0) + cost,
      );
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
        d = Math.min(d, (rows[i - 2]?.[j - 2] ?? 0) + 1);
      }
      row.push(d);
      best = Math.min(best, d);
    }
    rows.push(row);
    if (best > max) return max + 1;
  }
  return rows[a.length]?.[b.length] ?? max + 1;
}

/** How many edits still count as "close": none for very short names, then 1, 2 or 3 as names grow. */
const closeness = (length: number) =>
  length < 4 ? 0 : length <= 6 ? 1 : length <= 9 ? 2 : length <= 14 ? 3 : 4;
const sortedWords = (s: string) => s.split(" ").sort().join(" ");
export const MAX_CANDIDATES = 3;

export function matchHorse(printed: string, horses: readonly MatchableHorse[]): HorseMatch {
  const key = normaliseHorseName(printed);
  if (key === "") return { kind: "none" };
  const exact = horses.filter((h) => h.names.some((n) => normaliseHorseName(n) === key));
  const only = exact[0];
  if (exact.length === 1 && only) return { kind: "exact", horseId: only.id };
  if (exact.length > 1)
    return {
      kind: "close",
      candidates: exact
        .map((h) => h.id)
        .sort()
        .slice(0, MAX_CANDIDATES),
    };
  const max = closeness(key.length);
  const words = sortedWords(key);
  const scored: { id: string; distance: number }[] = [];
  for (const h of horses) {
    let distance = Number.POSITIVE_INFINITY;
    for (const n of h.names) {
      const other = normaliseHorseName(n);
      if (other !== "" && sortedWords(other) === words) distance = Math.min(distance, 0.5);
      else distance = Math.min(distance, editDistance(key, other, max));
    }
    if (distance <= max) scored.push({ id: h.id, distance });
  }
  if (scored.length === 0) return { kind: "none" };
  scored.sort((a, b) => a.distance - b.distance || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  return { kind: "close", candidates: scored.slice(0, MAX_CANDIDATES).map((s) => s.id) };
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
