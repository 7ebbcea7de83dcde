/**
 * The independent prize-list corpus (tests/fixtures/prize-lists, copied unchanged from the shared data
 * folder; its README says how it was made and how to score a reader) and its scoring, as that README
 * says: a truth class is read only when a class read has the same normalised number and the same whole
 * normalised name. The OCR tests and the OCR bench both score with this.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";

export const CORPUS_DIR = resolve(import.meta.dirname, "../fixtures/prize-lists");

export interface TruthSession {
  heading: string;
  /** yyyy-mm-dd, or mm-dd when the sheet prints no year. */
  date: string;
  /** HH:MM, 24-hour. */
  time: string | null;
  headingPrinted?: boolean;
}

export interface TruthClass {
  number: string;
  name: string;
  session: string;
  price?: string;
  sponsor?: string;
}

export interface SheetTruth {
  image: string;
  capture: { kind: "scan" | "photo" } & Record<string, unknown>;
  show: { name: string; year: number | null; dates: string[] };
  sessions: TruthSession[];
  classes: TruthClass[];
  notClasses: string[];
}

export interface CorpusSheet {
  id: string;
  truth: SheetTruth;
  bytes: Buffer;
}

/** The sheets that have an image, in name order (`only`: ids starting with one of these). */
export function corpusSheets(dir = CORPUS_DIR, only?: readonly string[]): CorpusSheet[] {
  return readdirSync(dir)
    .filter((f) => f.endsWith(".truth.json"))
    .sort()
    .map((f) => ({ id: f.replace(/\.truth\.json$/, ""), file: f }))
    .filter(({ id }) => !only?.length || only.some((p) => id.startsWith(p)))
    .flatMap(({ id, file }) => {
      const truth = JSON.parse(readFileSync(join(dir, file), "utf8")) as Partial<SheetTruth>;
      if (!truth.image) return [];
      return [{ id, truth: truth as SheetTruth, bytes: readFileSync(join(dir, truth.image)) }];
    });
}

/** The README's normalisation of a class name: case, spaces, leader dots, price, sponsor, end punctuation. */
export function normaliseName(name: string): string {
  return name
    .toLowerCase()
    .replace(/\s+/g, " ")
    .replace(/(?:[.·…]\s*){2,}/g, " ")
    .replace(/\$.*$/, "")
    .replace(/\s*sponsored by.*$/, "")
    .replace(/\s+/g, " ")
    .replace(/^[\s\p{P}]+|[\s\p{P}]+$/gu, "");
}

/** The README's normalisation of a class number: no "Class", "No.", trailing ".", "-" or ")". */
export function normaliseNumber(number: string): string {
  return number
    .toLowerCase()
    .replace(/^\s*(?:class|no\.?)\s*/, "")
    .replace(/[\s.)-]+$/, "")
    .trim();
}

export interface ReadClass {
  number: string;
  name: string;
  date: string | null;
  session: { name: string; date?: string; startTime?: string } | null;
}

export interface SheetScore {
  id: string;
  kind: "scan" | "photo";
  truth: number;
  read: number;
  /** Classes read that do not match a truth class exactly (the README's count). */
  unmatched: number;
  /**
   * Classes made up from something that is no class: neither their number nor their name belongs to a
   * printed class (a footer, a phone number, a heading, prices). A misread name of a printed class is a
   * miss, not one of these.
   */
  phantoms: string[];
  /** Of the phantoms, those read from a line the truth lists as not a class. */
  phantomsFromNotClasses: number;
  /** Whether the sheet prints session headings. */
  printsSessions: boolean;
  /** Classes read right whose session (name, date, time) is right too. */
  sessionRight: number;
  /** Classes read right under a printed session heading. */
  sessionScored: number;
  /** Truth classes not read, as "number name". */
  missed: string[];
}

const words = (s: string) =>
  normaliseName(s)
    .split(/[^\p{L}\p{N}&]+/u)
    .filter(Boolean);

/** A read session fits a printed heading when its words are the heading's and its date and time agree. */
function sessionFits(read: ReadClass, truth: TruthSession): boolean {
  if (!read.session) return false;
  const heading = new Set(words(truth.heading));
  const name = words(read.session.name);
  if (name.length === 0 || !name.every((w) => heading.has(w))) return false;
  const date = read.session.date ?? read.date;
  const dateRight = truth.date.length === 5 ? date?.slice(5) === truth.date : date === truth.date;
  return dateRight && (read.session.startTime ?? null) === truth.time;
}

/** Shares of the longer name's words found in the other: a misread class still shares most of them. */
function similar(a: string, b: string): boolean {
  const wa = words(a);
  const wb = new Set(words(b));
  if (wa.length === 0 || wb.size === 0) return false;
  return wa.filter((w) => wb.has(w)).length / Math.max(wa.length, wb.size) >= 0.5;
}

export function scoreSheet(sheet: CorpusSheet, read: readonly ReadClass[]): SheetScore {
  const { truth } = sheet;
  const key = (number: string, name: string) => `${normaliseNumber(number)}\u0000${normaliseName(name)}`;
  const left = new Map<string, TruthClass[]>();
  for (const c of truth.classes)
    left.set(key(c.number, c.name), [...(left.get(key(c.number, c.name)) ?? []), c]);
  const sessions = new Map(truth.sessions.map((s) => [s.heading, s]));
  let correct = 0;
  let sessionRight = 0;
  let sessionScored = 0;
  const matched = new Set<TruthClass>();
  const phantoms: string[] = [];
  let fromNotClasses = 0;
  for (const c of read) {
    const hit = left.get(key(c.number, c.name))?.find((t) => !matched.has(t));
    if (hit) {
      matched.add(hit);
      correct++;
      const session = sessions.get(hit.session);
      if (session && session.headingPrinted !== false) {
        sessionScored++;
        if (sessionFits(c, session)) sessionRight++;
      }
      continue;
    }
    const number = normaliseNumber(c.number);
    const belongs = truth.classes.some(
      (t) =>
        (normaliseNumber(t.number) === number && similar(t.name, c.name)) ||
        normaliseName(t.name) === normaliseName(c.name) ||
        (similar(t.name, c.name) && normaliseName(t.name).includes(normaliseName(c.name))),
    );
    if (belongs) continue;
    phantoms.push(`${c.number} ${c.name}`);
    const name = normaliseName(c.name);
    if (name && truth.notClasses.some((n) => normaliseName(n).includes(name.slice(0, 20)))) fromNotClasses++;
  }
  return {
    id: sheet.id,
    kind: truth.capture.kind,
    truth: truth.classes.length,
    read: correct,
    unmatched: read.length - correct,
    phantoms,
    phantomsFromNotClasses: fromNotClasses,
    printsSessions: truth.sessions.some((s) => s.headingPrinted !== false),
    sessionRight,
    sessionScored,
    missed: truth.classes.filter((t) => !matched.has(t)).map((t) => `${t.number} ${t.name}`),
  };
}

/** A sheet's sessions are right when every class read right under a printed heading has its session right. */
export const sessionsRight = (s: SheetScore) => s.sessionScored > 0 && s.sessionRight === s.sessionScored;
