import sharp from "sharp";
import { afterAll, describe, expect, it } from "vitest";
import { parseClassListText } from "#domain/imports/class-list-text.ts";
import { DOCUMENT_ERRORS } from "#server/platform/ocr/document-kind.ts";
import { type ReadProgress, readDocumentText } from "#server/platform/ocr/document-text.ts";
import { createOcrEngine } from "#server/platform/ocr/ocr-engine.ts";
import { renderPrizeListImage, renderPrizeListPdf } from "#tests/support/class-list-images.ts";
import { classScores } from "#tests/support/ocr-metrics.ts";
import { fixtureShows, layoutPrizeList, type PrizeList } from "#tests/support/prize-list.ts";

/**
 * Real OCR on the measured test set, kept small for CI (one clean page, one photographed page, one PDF
 * with a text layer and a scanned page). `npm run bench` measures the whole set.
 */
const ocr = createOcrEngine();
afterAll(() => ocr.close());

const OCR_TIMEOUT = 120_000;
const shows = fixtureShows();
const list = (title: string): PrizeList => layoutPrizeList(shows.find((s) => s.title.startsWith(title))!);

function scoresFor(text: string, truth: PrizeList) {
  const parsed = parseClassListText(text, { year: truth.year });
  return { parsed, ...classScores(truth.expected, parsed.classes) };
}

describe("readDocumentText on the measured test set", () => {
  it(
    "reads a clean page: at least 95 % of classes exactly right, with progress to the end",
    async () => {
      const truth = list("Smith County Horse Show");
      const progress: ReadProgress[] = [];
      const doc = await readDocumentText(await renderPrizeListImage(truth, "clean"), ocr, (p) =>
        progress.push(p),
      );
      expect(doc.kind).toBe("image");
      expect(doc.pages.map((p) => p.source)).toEqual(["ocr"]);
      const { parsed, recall, precision } = scoresFor(doc.text, truth);
      expect(parsed.showName).toBe(truth.title);
      expect(recall).toBeGreaterThanOrEqual(0.95);
      expect(precision).toBeGreaterThanOrEqual(0.95);
      const fractions = progress.map((p) => p.fraction);
      expect(fractions).toEqual([...fractions].sort((a, b) => a - b));
      expect(fractions.at(-1)).toBe(1);
      expect(progress.some((p) => p.stage === "recognizing" && p.fraction > 0.1 && p.fraction < 1)).toBe(
        true,
      );
    },
    OCR_TIMEOUT,
  );

  it(
    "reads a page photographed upside down: turned half way round when the first reading is poor",
    async () => {
      const truth = list("Smith County Horse Show");
      const upsideDown = await sharp(await renderPrizeListImage(truth, "clean"))
        .rotate(180)
        .png()
        .toBuffer();
      const doc = await readDocumentText(upsideDown, ocr);
      const { parsed, recall, precision } = scoresFor(doc.text, truth);
      expect(parsed.showName).toBe(truth.title);
      expect(recall).toBeGreaterThanOrEqual(0.95);
      expect(precision).toBeGreaterThanOrEqual(0.95);
    },
    OCR_TIMEOUT * 2,
  );

  it(
    "reads a page photographed on its side with no orientation tag: turned a quarter until it reads",
    async () => {
      const truth = list("Smith County Horse Show");
      const sideways = await sharp(await renderPrizeListImage(truth, "clean"))
        .rotate(90)
        .png()
        .toBuffer();
      const { recall, precision } = scoresFor((await readDocumentText(sideways, ocr)).text, truth);
      expect(recall).toBeGreaterThanOrEqual(0.95);
      expect(precision).toBeGreaterThanOrEqual(0.95);
    },
    OCR_TIMEOUT * 4,
  );

  it(
    "reads a photographed page (tilted, uneven light, noise, JPEG): at least 85 % of classes right",
    async () => {
      const truth = list("46th Celina Lions Club");
      const doc = await readDocumentText(await renderPrizeListImage(truth, "photo"), ocr);
      expect(scoresFor(doc.text, truth).recall).toBeGreaterThanOrEqual(0.85);
    },
    OCR_TIMEOUT,
  );

  // Issue 23: two-column lists photographed came out interleaved, with a phantom class "75".
  it(
    "reads a photographed two-column page column by column: at least 85 % right, no phantom class",
    async () => {
      const truth = list("Spring Pleasure Horse Jubilee");
      const doc = await readDocumentText(await renderPrizeListImage(truth, "two-columns-photo"), ocr);
      const { parsed, recall } = scoresFor(doc.text, truth);
      expect(recall).toBeGreaterThanOrEqual(0.85);
      const printed = new Set(truth.expected.map((c) => c.number));
      expect(parsed.classes.filter((c) => !printed.has(c.number))).toEqual([]);
    },
    OCR_TIMEOUT,
  );

  it(
    "reads a PDF's text layer as printed and recognises only its scanned page",
    async () => {
      const printed = list("Jackson County Horse Show");
      const scanned = list("GWHA Fun Show");
      const doc = await readDocumentText(await renderPrizeListPdf(printed, scanned), ocr);
      expect(doc.kind).toBe("pdf");
      expect(doc.pages.map((p) => p.source)).toEqual(["text-layer", "ocr"]);
      const first = scoresFor(doc.pages[0]!.text, printed);
      expect(first.parsed.classes.map(({ number, name, date }) => ({ number, name, date }))).toEqual(
        printed.expected,
      );
      // 23 of 26 since the page is read block by block (ADR 031): "git" for "gait", "Iraiming" for "Training".
      expect(scoresFor(doc.pages[1]!.text, scanned).recall).toBeGreaterThanOrEqual(0.85);
    },
    OCR_TIMEOUT,
  );
});

const truncatedPng = (await renderPrizeListImage(list("GWHA Fun Show"), "clean")).subarray(0, 400);

describe("readDocumentText refuses what it cannot read", () => {
  it.each([
    ["text", Buffer.from("30 Model Pleasure Walking Stallions"), DOCUMENT_ERRORS.unsupported],
    [
      "a zip file",
      Buffer.from([0x50, 0x4b, 0x03, 0x04, ...new Array(60).fill(0)]),
      DOCUMENT_ERRORS.unsupported,
    ],
    ["a PNG that is cut short", truncatedPng, DOCUMENT_ERRORS.unreadableImage],
    [
      "an HEIC photo (HEVC is not decoded here)",
      Buffer.concat([
        Buffer.from([0, 0, 0, 0x18]),
        Buffer.from("ftypheic"),
        Buffer.from([0, 0, 0, 0]),
        Buffer.from("mif1heic"),
        Buffer.alloc(64),
      ]),
      DOCUMENT_ERRORS.heic,
    ],
    [
      "a damaged PDF",
      Buffer.from("%PDF-1.7\n1 0 obj\n<<>>\n%%EOF"),
      "The PDF could not be read. It may be damaged.",
    ],
  ])("%s", async (_label, bytes, message) => {
    await expect(readDocumentText(bytes, ocr)).rejects.toThrow(message);
  });
});
