/**
 * Prize lists laid out from the real class lists in tests/fixtures/walking-horse, the way a show office
 * prints them: title, dates, "Prize List", session headings, numbered classes with long names wrapped onto
 * an indented second line, prize money and "Registration Required" notes, page numbers. The parser tests,
 * the OCR tests and the OCR bench all read these, and know what a perfect reading gives.
 */
import { fixtureRecords } from "#tests/support/walking-horse.ts";

export interface FixtureClass {
  number: string;
  name: string;
  session: string;
}

export interface FixtureShow {
  title: string;
  year: number;
  classes: FixtureClass[];
}

export interface PrizeListLine {
  text: string;
  /** Wrapped name lines are indented under the name. */
  indent: boolean;
  kind: "title" | "furniture" | "heading" | "class" | "continuation";
}

export interface ExpectedClass {
  number: string;
  name: string;
  date: string | null;
}

export interface PrizeList {
  title: string;
  year: number;
  lines: PrizeListLine[];
  /** What a perfect reading finds: numbered classes in order. */
  expected: ExpectedClass[];
  /** Classes printed with a number the parser does not take ("A Stick Horse Showcase"). */
  unnumbered: string[];
}

const MONTHS = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"];

/** The date a fixture session names ("Thursday AM (Aug 21)"), read independently of the parser. */
function sessionDate(session: string, year: number): string | null {
  const m = /\(([A-Z][a-z]{2}) (\d{1,2})/.exec(session);
  if (!m) return null;
  const month = MONTHS.indexOf(m[1]!.toLowerCase()) + 1;
  return `${year}-${String(month).padStart(2, "0")}-${m[2]!.padStart(2, "0")}`;
}

/** The 12 shows of classes-other-shows.csv and the 2025 Celebration sheet, in file order. */
export function fixtureShows(): FixtureShow[] {
  const shows = new Map<string, FixtureShow>();
  for (const row of fixtureRecords("classes-other-shows.csv")) {
    const label = row.show!;
    let show = shows.get(label);
    if (!show) {
      const year = Number(/\b(?:19|20)\d\d\b/.exec(label)?.[0] ?? 2024);
      show = { title: label.replace(/\s*\(.*$/, "").trim(), year, classes: [] };
      shows.set(label, show);
    }
    show.classes.push({ number: row.number!, name: row.name!, session: row.session! });
  }
  const celebration: FixtureShow = {
    title: "2025 Tennessee Walking Horse National Celebration",
    year: 2025,
    classes: fixtureRecords("classes-celebration.csv").map((r) => ({
      number: r.number!,
      name: r.name!,
      session: r.session!,
    })),
  };
  return [celebration, ...shows.values()];
}

const FURNITURE_TAIL = /^\(?(?:registration required|continued)\)?\.?$/i;

/** Word-wraps at `width` characters, never leaving a lone furniture-like tail that a reader would drop. */
export function wrapName(name: string, width: number): string[] {
  if (name.length <= width) return [name];
  const words = name.split(" ");
  let split = words.length - 1;
  while (split > 1 && words.slice(0, split).join(" ").length > width) split--;
  // A wrapped line that starts with a number or reads as a note would be taken for a class or dropped.
  while (split > 1 && (FURNITURE_TAIL.test(words.slice(split).join(" ")) || /^\d/.test(words[split]!)))
    split--;
  const first = words.slice(0, split).join(" ");
  const rest = words.slice(split).join(" ");
  return [first, ...wrapName(rest, width)];
}

export interface LayoutOptions {
  /** Wrap names longer than this many characters; 0 keeps every name on one line. */
  wrapAt?: number;
  /** Add prize money, notes, column headers and page numbers. */
  furniture?: boolean;
}

export function layoutPrizeList(show: FixtureShow, options: LayoutOptions = {}): PrizeList {
  const wrapAt = options.wrapAt ?? 64;
  const furniture = options.furniture ?? true;
  const lines: PrizeListLine[] = [{ text: show.title, indent: false, kind: "title" }];
  const note = (text: string) => {
    if (furniture) lines.push({ text, indent: false, kind: "furniture" });
  };
  note("Prize List");
  note("Class No. Class Name");
  const expected: ExpectedClass[] = [];
  const unnumbered: string[] = [];
  // A division-ordered schedule prints the session after each class instead of heading each session.
  const trailingSessions = show.classes.every((c) => /^[A-Z][a-z]{2,4} [AP]M$/.test(c.session));
  let session: string | null = null;

  show.classes.forEach((c, i) => {
    if (!trailingSessions && c.session && c.session !== session) {
      session = c.session;
      lines.push({ text: c.session, indent: false, kind: "heading" });
    }
    const numbered = /^\d+[a-z]?$/i.test(c.number);
    const [first = "", ...rest] = wrapName(c.name, wrapAt > 0 ? wrapAt : Number.POSITIVE_INFINITY);
    const suffix = trailingSessions ? `    ${c.session}` : "";
    lines.push({ text: `${c.number} ${first}${rest.length ? "" : suffix}`, indent: false, kind: "class" });
    rest.forEach((part, j) => {
      lines.push({
        text: j === rest.length - 1 ? `${part}${suffix}` : part,
        indent: true,
        kind: "continuation",
      });
    });
    if (numbered) {
      expected.push({
        number: c.number.toUpperCase(),
        name: c.name,
        date: trailingSessions ? null : sessionDate(c.session, show.year),
      });
    } else unnumbered.push(`${c.number} ${c.name}`);
    if (i % 7 === 3) note("Premiums: $150 - $100 - $75 - $50");
    if (i % 9 === 5) note("Registration Required");
  });
  note("Page 1 of 1");
  return { title: show.title, year: show.year, lines, expected, unnumbered };
}

export const prizeListText = (list: PrizeList): string =>
  list.lines.map((l) => (l.indent ? `    ${l.text}` : l.text)).join("\n");
