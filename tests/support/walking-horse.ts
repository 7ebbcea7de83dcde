import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

const FIXTURES = fileURLToPath(new URL("../fixtures/walking-horse/", import.meta.url));

/** RFC 4180 CSV: quoted fields may hold commas, line breaks and doubled quotes. Blank lines are dropped. */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = "";
  let quoted = false;
  const endRow = () => {
    row.push(field);
    if (row.some((f) => f !== "")) rows.push(row);
    row = [];
    field = "";
  };
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ",") {
      row.push(field);
      field = "";
    } else if (c === "\n" || c === "\r") {
      if (c === "\r" && text[i + 1] === "\n") i++;
      endRow();
    } else field += c;
  }
  if (field !== "" || row.length > 0) endRow();
  return rows;
}

/** One column of a fixture CSV (tests/fixtures/walking-horse), blank values left out. */
export function fixtureColumn(file: string, name: string): string[] {
  const [header = [], ...rows] = parseCsv(readFileSync(`${FIXTURES}${file}`, "utf8"));
  const index = header.indexOf(name);
  if (index < 0) throw new Error(`${file} has no column ${name}`);
  return rows.map((r) => r[index] ?? "").filter((v) => v.trim() !== "");
}

/** Every row of a fixture CSV as a record keyed by the header. */
export function fixtureRecords(file: string): Record<string, string>[] {
  const [header = [], ...rows] = parseCsv(readFileSync(`${FIXTURES}${file}`, "utf8"));
  return rows.map((row) => Object.fromEntries(header.map((name, i) => [name, row[i] ?? ""])));
}
