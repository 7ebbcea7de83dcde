/**
 * The OCR bench on the independent prize-list corpus (tests/fixtures/prize-lists, issue 37): each sheet read
 * by the production path (page finding, Tesseract in its worker thread, word layout, parser) and scored as
 * the corpus README says. `node --import tsx bench/ocr-corpus-bench.ts [--corpus DIR] [--only s03,s06]`
 * prints the per-sheet table; DIR may be a corpus regenerated with other seeds (its tools/build.mjs).
 * `--save-ocr OUT` keeps each sheet's OCR output (its text and unsure lines) in OUT; `--from-ocr OUT` scores
 * those saved readings again without running Tesseract, so the line-to-class rules can be tried on the whole
 * corpus in a second (the machine is shared: a full read costs about two minutes of CPU).
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { loadavg } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { normaliseLine } from "#domain/imports/class-list-lines.ts";
import { parseClassListText } from "#domain/imports/class-list-text.ts";
import { type DocumentText, readDocumentText } from "#server/platform/ocr/document-text.ts";
import { createOcrEngine } from "#server/platform/ocr/ocr-engine.ts";
import {
  CORPUS_DIR,
  corpusSheets,
  type SheetScore,
  type SheetTruth,
  scoreSheet,
  sessionsRight,
} from "#tests/support/prize-list-corpus.ts";

export const CORPUS_TARGETS = {
  scans: 0.97,
  photos: 0.92,
  phantoms: 0,
  sessionSheets: 0.95,
  secondsPerPage: 10,
};

export interface CorpusRow extends SheetScore {
  /** The text read and the classes parsed from it, for looking into a sheet. */
  text: string;
  classes: string[];
  /** Wall seconds for the page (pre-processing, OCR, layout). */
  seconds: number;
  /** CPU seconds the process spent on it, all threads. */
  cpuSeconds: number;
  /** Load average (1 min) when the page was done. */
  load: number;
  /** V8 heap in use and resident memory of the process after the page, MB (Tesseract's WebAssembly is in RSS). */
  heapMb: number;
  rssMb: number;
}

/** A fixed day, so sheets that print no year resolve the same way on every run. */
const TODAY = "2026-01-15";

type SavedReading = Pick<DocumentText, "text" | "unsureLines">;

export async function runCorpusBench(
  options: { dir?: string; only?: readonly string[]; saveOcr?: string; fromOcr?: string } = {},
) {
  const ocr = createOcrEngine({ pageTimeoutMs: 600_000 });
  const rows: CorpusRow[] = [];
  if (options.saveOcr) mkdirSync(options.saveOcr, { recursive: true });
  try {
    for (const sheet of corpusSheets(options.dir ?? CORPUS_DIR, options.only)) {
      const cpu = process.cpuUsage();
      const started = performance.now();
      const doc: SavedReading = options.fromOcr
        ? (JSON.parse(readFileSync(join(options.fromOcr, `${sheet.id}.json`), "utf8")) as SavedReading)
        : await readDocumentText(sheet.bytes, ocr);
      if (options.saveOcr)
        writeFileSync(
          join(options.saveOcr, `${sheet.id}.json`),
          JSON.stringify({ text: doc.text, unsureLines: doc.unsureLines }),
        );
      const seconds = (performance.now() - started) / 1000;
      const used = process.cpuUsage(cpu);
      const parsed = parseClassListText(doc.text, {
        today: TODAY,
        unsureLines: new Set(doc.unsureLines.map(normaliseLine)),
      });
      const row = {
        ...scoreSheet(sheet, parsed.classes),
        seconds,
        cpuSeconds: (used.user + used.system) / 1e6,
        load: loadavg()[0]!,
        heapMb: process.memoryUsage().heapUsed / 2 ** 20,
        rssMb: process.memoryUsage().rss / 2 ** 20,
        text: doc.text,
        classes: parsed.classes.map(
          (c) =>
            `${c.number} | ${c.name} | ${c.session?.name ?? ""} ${c.date ?? ""} ${c.session?.startTime ?? ""} ${c.doubts.join(",")}`,
        ),
      };
      rows.push(row);
      console.log(
        `${row.id.padEnd(26)} ${row.kind.padEnd(5)} ${String(row.read).padStart(2)}/${row.truth}  phantoms ${row.phantoms.length}  sessions ${sessionsRight(row) ? "right" : row.printsSessions ? "wrong" : "-"}  ${seconds.toFixed(1)} s (CPU ${row.cpuSeconds.toFixed(1)} s, load ${row.load.toFixed(1)}, heap ${row.heapMb.toFixed(0)} MB, RSS ${row.rssMb.toFixed(0)} MB)`,
      );
    }
  } finally {
    await ocr.close();
  }
  return rows;
}

/**
 * A list printed over several pages (s13), read as one import as a PDF of its pages is (their texts one after
 * the other) and scored against the whole document's truth: a session begun on page 1 goes on over page 2.
 */
export function wholeDocuments(rows: readonly CorpusRow[], dir = CORPUS_DIR) {
  const byDocument = new Map<string, CorpusRow[]>();
  for (const r of rows.filter((row) => /-p\d+$/.test(row.id))) {
    const id = r.id.replace(/-p\d+$/, "");
    byDocument.set(id, [...(byDocument.get(id) ?? []), r]);
  }
  return [...byDocument].flatMap(([id, pages]) => {
    const file = join(dir, `${id}.truth.json`);
    if (pages.length < 2 || !existsSync(file)) return [];
    const truth = JSON.parse(readFileSync(file, "utf8")) as SheetTruth;
    const parsed = parseClassListText(pages.map((p) => p.text).join("\n\n"), { today: TODAY });
    const score = scoreSheet(
      { id, truth: { ...truth, capture: { kind: pages[0]!.kind } }, bytes: Buffer.alloc(0) },
      parsed.classes,
    );
    return [{ ...score, sessionsRight: sessionsRight(score) }];
  });
}

export function corpusSummary(rows: readonly CorpusRow[]) {
  const share = (kind: "scan" | "photo") => {
    const of = rows.filter((r) => r.kind === kind);
    const truth = of.reduce((s, r) => s + r.truth, 0);
    return truth ? of.reduce((s, r) => s + r.read, 0) / truth : 1;
  };
  const printing = rows.filter((r) => r.printsSessions);
  return {
    scans: share("scan"),
    photos: share("photo"),
    phantoms: rows.reduce((s, r) => s + r.phantoms.length, 0),
    sessionSheets: printing.length ? printing.filter(sessionsRight).length / printing.length : 1,
    secondsPerPage: Math.max(...rows.map((r) => r.seconds)),
    cpuSecondsPerPage: Math.max(...rows.map((r) => r.cpuSeconds)),
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { values } = parseArgs({
    options: {
      corpus: { type: "string" },
      only: { type: "string" },
      "save-ocr": { type: "string" },
      "from-ocr": { type: "string" },
    },
  });
  const rows = await runCorpusBench({
    dir: values.corpus,
    only: values.only?.split(","),
    saveOcr: values["save-ocr"],
    fromOcr: values["from-ocr"],
  });
  const s = corpusSummary(rows);
  const pct = (n: number) => `${(100 * n).toFixed(1)} %`;
  console.log(
    `scans ${pct(s.scans)} (≥ ${pct(CORPUS_TARGETS.scans)}), photos ${pct(s.photos)} (≥ ${pct(CORPUS_TARGETS.photos)}), phantoms ${s.phantoms}, sessions right on ${pct(s.sessionSheets)} of sheets, slowest page ${s.secondsPerPage.toFixed(1)} s wall / ${s.cpuSecondsPerPage.toFixed(1)} s CPU`,
  );
  for (const whole of wholeDocuments(rows, values.corpus))
    console.log(
      `${whole.id} as one import: ${whole.read}/${whole.truth}  phantoms ${whole.phantoms.length}  sessions ${whole.sessionsRight ? "right" : "wrong"} (${whole.sessionRight} of ${whole.sessionScored} classes)`,
    );
  if (process.env.CORPUS_JSON) {
    writeFileSync(process.env.CORPUS_JSON, JSON.stringify(rows, null, 1));
  }
}
