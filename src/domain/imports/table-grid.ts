/**
 * The grid of a ruled table, from the rules found on its page (ruled-lines.ts rubs them out before OCR and
 * says where they were): rules across that share their ends and stack, with a rule down parting columns
 * inside them. The page reader reads such a table as one block across its whole width, so each row's
 * number, name and premium are read together: read block by block, a ruled table's number column, cut off
 * from its names by a rule, is a block of its own and its numbers are lost (the corpus's s08).
 * Pure: pixel positions in, tables and their rows out.
 */

/** A run of ink rubbed out: `at` across its length (a row for a rule across), from `from` to `to`. */
export interface Rule {
  at: number;
  from: number;
  to: number;
}

export interface TableGrid {
  x0: number;
  x1: number;
  /** Top and bottom of each row, top to bottom, inside its rules. */
  rows: [number, number][];
}

/** Rules this close across (pixels) are one rule: a thick rule is rubbed out line by line. */
const SAME_RULE = 4;
/** Rules of one table start and end within this share of the table's width of each other. */
const SAME_EDGES = 0.04;
/** A table has at least this many rules across (its top, a head row, a row and its bottom). */
const MIN_RULES = 4;
/** A row is at least this high (pixels); thinner bands are a doubled rule. */
const MIN_ROW = 12;

interface Band {
  top: number;
  bottom: number;
  from: number;
  to: number;
}

/** Pieces of one rule this far apart along it (pixels) are one rule: a photo's faint rule breaks up. */
const GAP = 16;

/** Rules across merged where a thick rule or a broken one was found as several runs. */
function merged(rules: readonly Rule[]): Band[] {
  const out: Band[] = [];
  for (const r of [...rules].sort((a, b) => a.at - b.at || a.from - b.from)) {
    const same = out.find(
      (o) =>
        r.at - o.bottom <= SAME_RULE &&
        r.at >= o.top - SAME_RULE &&
        r.from <= o.to + GAP &&
        r.to >= o.from - GAP,
    );
    if (same) {
      same.from = Math.min(same.from, r.from);
      same.to = Math.max(same.to, r.to);
      same.top = Math.min(same.top, r.at);
      same.bottom = Math.max(same.bottom, r.at);
    } else out.push({ top: r.at, bottom: r.at, from: r.from, to: r.to });
  }
  return out;
}

/** A rule down inside the table covers at least this share of its height: a grid, not boxes stacked. */
const COLUMN_RULE = 0.5;

/**
 * Whether a rule down parts the table's columns (its pieces, a photo's faint rule broken up, together
 * along at least COLUMN_RULE of its height), away from its sides: ads' boxes stacked in a margin share
 * their rules across too, but each box's sides are only as tall as the box.
 */
function hasColumnRule(table: TableGrid, down: readonly Rule[]): boolean {
  const top = table.rows[0]![0];
  const bottom = table.rows.at(-1)![1];
  const inset = SAME_EDGES * (table.x1 - table.x0);
  const covered = new Map<number, Set<number>>();
  for (const r of down) {
    if (r.at <= table.x0 + inset || r.at >= table.x1 - inset) continue;
    const x = Math.round(r.at / SAME_RULE);
    const ys = covered.get(x) ?? new Set<number>();
    for (let y = Math.max(top, r.from); y < Math.min(bottom, r.to); y++) ys.add(y);
    covered.set(x, ys);
  }
  return [...covered.values()].some((ys) => ys.size >= COLUMN_RULE * (bottom - top));
}

/**
 * The ruled tables of a page: rules across that share their ends (the table's width) and stack at least
 * MIN_RULES deep. Tables side by side (one per night) are found apart; a box round an advertisement (two
 * rules) is no table.
 */
export function tableGrids(across: readonly Rule[], down: readonly Rule[]): TableGrid[] {
  const groups: Band[][] = [];
  for (const rule of merged(across)) {
    const width = rule.to - rule.from;
    const group = groups.find((g) => {
      const first = g[0]!;
      const tol = SAME_EDGES * Math.max(width, first.to - first.from);
      return Math.abs(first.from - rule.from) <= tol && Math.abs(first.to - rule.to) <= tol;
    });
    if (group) group.push(rule);
    else groups.push([rule]);
  }
  return groups
    .filter((g) => g.length >= MIN_RULES)
    .map((g) => {
      const bands = [...g].sort((a, b) => a.top - b.top);
      const rows: [number, number][] = [];
      for (let i = 1; i < bands.length; i++) {
        const [top, bottom] = [bands[i - 1]!.bottom + 1, bands[i]!.top - 1];
        if (bottom - top >= MIN_ROW) rows.push([top, bottom]);
      }
      return {
        x0: Math.min(...g.map((r) => r.from)),
        x1: Math.max(...g.map((r) => r.to)),
        rows,
      };
    })
    .filter((t) => t.rows.length >= MIN_RULES - 1 && hasColumnRule(t, down))
    .sort((a, b) => {
      const overlap = Math.min(a.rows.at(-1)![1], b.rows.at(-1)![1]) > Math.max(a.rows[0]![0], b.rows[0]![0]);
      return overlap ? a.x0 - b.x0 : a.rows[0]![0] - b.rows[0]![0];
    });
}
