import { parse } from "csv-parse/sync";
import { hasHorseName } from "#domain/results/horse-match.ts";
import { MAX_RESULT_LINES } from "#domain/results/result-limits.ts";
import { resultsTexts } from "#domain/texts/results.ts";

/**
 * A class's placings as a show prints them (issue 22), read from pasted lines, a CSV or an OCR'd sheet,
 * and checked before anything is published. Pure: no I/O.
 */
export interface ResultLine {
  /** 1-based line of the input the placing came from (named in every problem). */
  lineNo: number;
  /** 1..N, or null for a horse shown without a placing. */
  placing: number | null;
  horse: string;
  rider: string;
  owner: string;
}

export interface ParsedResults {
  lines: ResultLine[];
  problems: string[];
}

const t = resultsTexts.problems;

/** "1", "1.", "1st", "1)", "#1"; "S", "Shown", "-" for shown without a placing. */
const PLACING = /^\s*(?:#\s*)?(\d{1,3})(?:st|nd|rd|th)?\s*[.):]?\s+(.*)$/i;
const SHOWN = /^\s*(?:s|shown|-|–|—)\s*[.):]?\s+(.*)$/i;
/** Field separators people and sheets use: dashes with spaces around, tabs, pipes, semicolons. */
const SEPARATOR = /\s+[—–-]\s+|\t+|\s*\|\s*|\s*;\s*/;
/** "(rider)", "(owner)", "(trainer)" and "rider:" labels as printed. */
const ROLE_LABEL = /\(\s*(?:rider|owner|owners|trainer|up)\s*\)|^\s*(?:rider|owner|owners)\s*:\s*/gi;

/** A dash at the very start of the fields: the sheet left the horse out ("4 — Jane Roe (rider)"). */
const LEADING_DASH = /^[—–-]+\s+/;

const clean = (s: string | undefined) => (s ?? "").replace(ROLE_LABEL, "").replace(/\s+/g, " ").trim();

function fieldsOf(rest: string): { horse: string; rider: string; owner: string } {
  if (LEADING_DASH.test(rest)) {
    const parts = rest.replace(LEADING_DASH, "").split(SEPARATOR).map(clean);
    return { horse: "", rider: parts[0] ?? "", owner: parts.slice(1).join(", ") };
  }
  const parts = rest.split(SEPARATOR).map(clean);
  if (parts.length === 1 && rest.includes(",")) {
    const byComma = rest.split(",").map(clean);
    return { horse: byComma[0] ?? "", rider: byComma[1] ?? "", owner: byComma.slice(2).join(", ") };
  }
  return { horse: parts[0] ?? "", rider: parts[1] ?? "", owner: parts.slice(2).join(", ") };
}

/**
 * Typed or pasted lines, one placing a line: "1 Midnight Sun — Jane Doe (rider) — Smith Farms".
 * Blank lines are skipped. With `strict` (typed or pasted), a line with no placing is a problem naming
 * it; without (text read from a photo), such lines are the sheet's headings and are passed over.
 */
export function parseResultText(text: string, strict = true): ParsedResults {
  const lines: ResultLine[] = [];
  const problems: string[] = [];
  text.split(/\r?\n/).forEach((raw, index) => {
    const lineNo = index + 1;
    if (raw.trim() === "") return;
    const placed = PLACING.exec(raw);
    const shown = placed ? null : SHOWN.exec(raw);
    if (!placed && !shown) {
      if (strict) problems.push(t.noPlacing(lineNo, raw.trim().slice(0, 60)));
      return;
    }
    const placing = placed ? Number(placed[1]) : null;
    const fields = fieldsOf((placed ? placed[2] : shown?.[1]) ?? "");
    if (placing === 0) problems.push(t.badPlacing(lineNo, "0"));
    else lines.push({ lineNo, placing, ...fields });
  });
  return { lines, problems };
}

const HEADER = /^\s*(place|placing|pl|#)\s*$/i;

/** A CSV with columns placing, horse, rider, owner (a header row is recognised and skipped). */
export function parseResultCsv(text: string): ParsedResults {
  let rows: string[][];
  try {
    rows = parse(text, { relax_column_count: true, skip_empty_lines: true, trim: true, bom: true });
  } catch {
    return parseResultText(text);
  }
  const start = rows[0] && HEADER.test(rows[0][0] ?? "") ? 1 : 0;
  const asText = rows
    .slice(start)
    .map((row) => [`${row[0] ?? ""} ${row[1] ?? ""}`, ...row.slice(2)].join("\t"))
    .join("\n");
  const parsed = parseResultText(asText);
  // Line numbers of the file, not of the rows after the header.
  const shift = (s: string) => s.replace(/^Line (\d+)/, (_, n) => `Line ${Number(n) + start}`);
  return {
    lines: parsed.lines.map((l) => ({ ...l, lineNo: l.lineNo + start })),
    problems: parsed.problems.map(shift),
  };
}

/**
 * The placings must run 1, 2, 3… with none twice; a gap (1, 2, 4) is refused unless the person said the
 * show meant it. Every line needs a horse: a printed name, or (`chosenLines`, by line number) a horse a person
 * chose for it, whatever was printed. Problems name the line; no problems means it can be published.
 */
export function placingProblems(
  lines: readonly ResultLine[],
  gapsIntended = false,
  chosenLines: ReadonlySet<number> = new Set(),
): string[] {
  const problems: string[] = [];
  if (lines.length === 0) return [t.noPlacings];
  if (lines.length > MAX_RESULT_LINES) return [t.tooManyLines];
  const firstAt = new Map<number, number>();
  // Line numbers name the lines in every message, the history and the stored results: one each.
  const seenLines = new Map<number, number>();
  for (const l of lines) {
    const times = (seenLines.get(l.lineNo) ?? 0) + 1;
    if (times === 2) problems.push(t.lineTwice(l.lineNo));
    seenLines.set(l.lineNo, times);
    if (!chosenLines.has(l.lineNo) && !hasHorseName(l.horse))
      problems.push(t.noHorse(l.lineNo, l.rider || l.owner));
    if (l.placing === null) continue;
    const seen = firstAt.get(l.placing);
    if (seen !== undefined) problems.push(t.twice(l.lineNo, l.placing, seen));
    else firstAt.set(l.placing, l.lineNo);
  }
  if (!gapsIntended) {
    const placed = [...firstAt.entries()].sort((a, b) => a[0] - b[0]);
    let expected = 1;
    for (const [placing, lineNo] of placed) {
      if (placing > expected) {
        problems.push(t.gap(lineNo, placing, expected));
        break;
      }
      expected = placing + 1;
    }
  }
  return problems;
}
