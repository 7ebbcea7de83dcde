/**
 * OCR bench (`npm run bench`, or alone: `node --import tsx bench/ocr-bench.ts [--shows N] [--variants a,b]`).
 *
 * Renders real class lists from the fixture CSVs to page images (clean, rotated 3°, blurred, low contrast,
 * photographed, two columns straight, tilted 3° and photographed) and to a PDF (text-layer pages plus a scanned page), reads them with the
 * production path (sharp pre-processing, Tesseract in its worker thread, pdfjs), parses the text, and
 * reports per variant: character accuracy, class precision and recall (number and name exactly right),
 * classes read that are not on the page ("phantoms"), and seconds per page. Targets: ≥ 95 % of classes
 * right on clean pages (one or two columns), ≥ 85 % on the spoiled ones, no phantom class on a two-column
 * page, < 10 s per page on two cores. This is the second set; the measure is the independent corpus
 * (ocr-corpus-bench.ts), which `npm run bench` runs first.
 */
import { parseArgs } from "node:util";
import { parseClassListText } from "#domain/imports/class-list-text.ts";
import { readDocumentText } from "#server/platform/ocr/document-text.ts";
import { createOcrEngine } from "#server/platform/ocr/ocr-engine.ts";
import {
  IMAGE_VARIANTS,
  type ImageVariant,
  renderPrizeListImage,
  renderPrizeListPdf,
} from "#tests/support/class-list-images.ts";
import { characterAccuracy, classScores } from "#tests/support/ocr-metrics.ts";
import { fixtureShows, layoutPrizeList, type PrizeList, prizeListText } from "#tests/support/prize-list.ts";

import type { BenchModule } from "./lib/module.ts";
import { type BudgetCheck, mark, table } from "./lib/report.ts";
import { CORPUS_TARGETS, type CorpusRow, corpusSummary, runCorpusBench } from "./ocr-corpus-bench.ts";

export const TARGETS = { cleanRecall: 0.95, spoiledRecall: 0.85, secondsPerPage: 10 };

interface Row {
  variant: string;
  pages: number;
  charAccuracy: number;
  precision: number;
  recall: number;
  /** Classes read that match none on the page. */
  phantoms: number;
  secondsPerPage: number;
  /** CPU seconds per OCR page (all threads): what a page costs whatever else the machine is doing. */
  cpuSecondsPerPage: number;
}

const pct = (n: number) => `${(100 * n).toFixed(1)} %`;

export async function runOcrBench(
  options: { shows?: number; variants?: readonly string[] } = {},
): Promise<Row[]> {
  const lists = fixtureShows()
    .slice(0, options.shows ?? 5)
    .map((show) => layoutPrizeList(show));
  const variants = [...IMAGE_VARIANTS, "pdf"].filter(
    (v) => !options.variants || options.variants.includes(v),
  );
  // Generous: on a shared machine a page can wait a long time for a core; the bench reports, never aborts.
  const ocr = createOcrEngine({ pageTimeoutMs: 600_000 });
  const rows: Row[] = [];
  try {
    for (const variant of variants) {
      let chars = 0;
      let expectedCount = 0;
      let readCount = 0;
      let correct = 0;
      let phantoms = 0;
      let ocrMs = 0;
      let cpuMicros = 0;
      let pages = 0;
      const measure = async (bytes: Buffer, truth: PrizeList[]) => {
        const cpu = process.cpuUsage();
        const doc = await readDocumentText(bytes, ocr);
        const used = process.cpuUsage(cpu);
        cpuMicros += used.user + used.system;
        const ocrPages = doc.pages.filter((p) => p.source === "ocr");
        ocrMs += ocrPages.reduce((sum, p) => sum + p.ms, 0);
        pages += doc.pages.length;
        const parsed = parseClassListText(doc.text, { year: truth[0]!.year });
        const expected = truth.flatMap((t) => t.expected);
        const scores = classScores(expected, parsed.classes);
        const printed = new Set(expected.map((c) => c.number));
        phantoms += parsed.classes.filter((c) => !printed.has(c.number)).length;
        chars += characterAccuracy(truth.map(prizeListText).join("\n"), doc.text) * expected.length;
        expectedCount += expected.length;
        readCount += parsed.classes.length;
        correct += scores.correct;
      };
      if (variant === "pdf") {
        for (let i = 0; i + 1 < lists.length; i += 2) {
          await measure(await renderPrizeListPdf(lists[i]!, lists[i + 1]!), [lists[i]!, lists[i + 1]!]);
        }
      } else {
        for (const list of lists)
          await measure(await renderPrizeListImage(list, variant as ImageVariant), [list]);
      }
      const ocrPageCount = variant === "pdf" ? Math.floor(lists.length / 2) : lists.length;
      rows.push({
        variant,
        pages,
        charAccuracy: chars / expectedCount,
        precision: readCount ? correct / readCount : 0,
        recall: correct / expectedCount,
        phantoms,
        secondsPerPage: ocrMs / 1000 / Math.max(1, ocrPageCount),
        cpuSecondsPerPage: cpuMicros / 1e6 / Math.max(1, ocrPageCount),
      });
      const row = rows.at(-1)!;
      console.log(
        `${variant.padEnd(13)} pages ${String(row.pages).padStart(2)}  chars ${pct(row.charAccuracy).padStart(7)}  ` +
          `precision ${pct(row.precision).padStart(7)}  recall ${pct(row.recall).padStart(7)}  phantoms ${row.phantoms}  ` +
          `${row.secondsPerPage.toFixed(2)} s/OCR page (CPU ${row.cpuSecondsPerPage.toFixed(2)} s)`,
      );
    }
  } finally {
    await ocr.close();
  }
  return rows;
}

const recallTarget = (variant: string) =>
  variant === "clean" || variant === "pdf" || variant === "two-columns"
    ? TARGETS.cleanRecall
    : TARGETS.spoiledRecall;
/** Issue 23: a two-column page read across its gutter made up a class "75". */
const phantomsCount = (variant: string) => variant.startsWith("two-columns");

/** The corpus table and its budgets (issue 37): the measure. */
function corpusSection(rows: readonly CorpusRow[]): { body: string; budgets: BudgetCheck[] } {
  const s = corpusSummary(rows);
  const body = table(
    [
      "sheet",
      "capture",
      "classes read",
      "phantoms",
      "sessions",
      "s / page",
      "CPU s / page",
      "load",
      "heap / RSS MB",
    ],
    rows.map((r) => [
      r.id,
      r.kind,
      `${r.read} / ${r.truth}`,
      r.phantoms.length,
      r.printsSessions
        ? r.sessionScored > 0 && r.sessionRight === r.sessionScored
          ? "right"
          : "wrong"
        : "–",
      r.seconds.toFixed(1),
      r.cpuSeconds.toFixed(1),
      r.load.toFixed(1),
      `${r.heapMb.toFixed(0)} / ${r.rssMb.toFixed(0)}`,
    ]),
  );
  return {
    body,
    budgets: [
      {
        name: "OCR corpus: scans read",
        ok: s.scans >= CORPUS_TARGETS.scans,
        detail: `${pct(s.scans)} ≥ ${pct(CORPUS_TARGETS.scans)}`,
      },
      {
        name: "OCR corpus: photos read",
        ok: s.photos >= CORPUS_TARGETS.photos,
        detail: `${pct(s.photos)} ≥ ${pct(CORPUS_TARGETS.photos)}`,
      },
      { name: "OCR corpus: no phantom class", ok: s.phantoms === 0, detail: `${s.phantoms} phantom(s)` },
      {
        name: "OCR corpus: sessions and dates right",
        ok: s.sessionSheets >= CORPUS_TARGETS.sessionSheets,
        detail: `${pct(s.sessionSheets)} of sheets ≥ ${pct(CORPUS_TARGETS.sessionSheets)}`,
      },
      {
        name: "OCR corpus: time per page",
        ok: s.secondsPerPage <= CORPUS_TARGETS.secondsPerPage,
        detail: `slowest ${s.secondsPerPage.toFixed(1)} s ≤ ${CORPUS_TARGETS.secondsPerPage} s (CPU ${s.cpuSecondsPerPage.toFixed(1)} s)`,
      },
    ],
  };
}

/**
 * The OCR bench as a module of `npm run bench`: the independent corpus (the measure, issue 37), then our
 * own generator's pages and PDFs as a second set.
 */
export const ocrBench: BenchModule = {
  name: "ocr",
  perEngine: false,
  async run() {
    const corpus = corpusSection(await runCorpusBench());
    const rows = await runOcrBench();
    return {
      title: "Class lists from images and PDFs (OCR)",
      body: `The independent prize-list corpus (tests/fixtures/prize-lists: 14 scans and phone photos, 442 classes), each sheet read by the production path (page finding, Tesseract in its worker thread, word layout, parser) and scored as its README says: a class is read only with its number and whole name right; a phantom is a class made from something that is no class. Seconds are wall time per page; CPU time counts this process (all threads).\n\n${corpus.body}\n\nSecond set: five real class lists from the fixtures per variant, drawn by our own generator. CPU time counts this process only.\n\n${table(
        [
          "variant",
          "pages",
          "characters",
          "precision",
          "recall",
          "phantoms",
          "s / page",
          "CPU s / page",
          "budget",
        ],
        rows.map((r) => [
          r.variant,
          r.pages,
          pct(r.charAccuracy),
          pct(r.precision),
          pct(r.recall),
          r.phantoms,
          r.secondsPerPage.toFixed(2),
          r.cpuSecondsPerPage.toFixed(2),
          `recall ≥ ${pct(recallTarget(r.variant))} ${mark(r.recall >= recallTarget(r.variant))}, < ${TARGETS.secondsPerPage} s ${mark(r.secondsPerPage < TARGETS.secondsPerPage)}`,
        ]),
      )}`,
      budgets: [
        ...corpus.budgets,
        ...rows.flatMap((r) => [
          ...(phantomsCount(r.variant)
            ? [
                {
                  name: `OCR ${r.variant}: no phantom class`,
                  ok: r.phantoms === 0,
                  detail: `${r.phantoms} phantom(s)`,
                },
              ]
            : []),
          {
            name: `OCR ${r.variant}: classes right`,
            ok: r.recall >= recallTarget(r.variant),
            detail: `${pct(r.recall)} ≥ ${pct(recallTarget(r.variant))}`,
          },
          {
            name: `OCR ${r.variant}: time per page`,
            ok: r.secondsPerPage < TARGETS.secondsPerPage,
            detail: `${r.secondsPerPage.toFixed(2)} s < ${TARGETS.secondsPerPage} s`,
          },
        ]),
      ],
    };
  },
};

if (import.meta.url === `file://${process.argv[1]}`) {
  const { values } = parseArgs({ options: { shows: { type: "string" }, variants: { type: "string" } } });
  console.log("OCR bench: class lists from the fixtures, read by sharp + Tesseract + pdfjs");
  const rows = await runOcrBench({
    shows: values.shows ? Number(values.shows) : undefined,
    variants: values.variants?.split(","),
  });
  const misses = rows.filter(
    (r) =>
      r.recall < recallTarget(r.variant) ||
      r.secondsPerPage >= TARGETS.secondsPerPage ||
      (phantomsCount(r.variant) && r.phantoms > 0),
  );
  console.log(
    misses.length ? `Below target: ${misses.map((r) => r.variant).join(", ")}` : "All OCR targets met.",
  );
}
