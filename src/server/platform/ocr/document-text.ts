import { fileTypeFromBuffer } from "file-type";
import sharp from "sharp";
import type { TableGrid } from "#domain/imports/table-grid.ts";
import { layoutText } from "#domain/imports/word-layout.ts";
import { DocumentReadError } from "#server/platform/heavy/heavy-errors.ts";
import { DOCUMENT_ERRORS, OCR_IMAGE_TYPES } from "#server/platform/ocr/document-kind.ts";
import { type OcrEngine, UNSURE_LINE } from "#server/platform/ocr/ocr-engine.ts";
import { layoutConfidence, readPageBlocks } from "#server/platform/ocr/page-reader.ts";
import { PdfReadError, readPdfPages } from "#server/platform/ocr/pdf-pages.ts";
import { jpegForModel, prepareForOcr } from "#server/platform/ocr/preprocess.ts";

/**
 * The text of an uploaded class list: a photo or scan (recognised by OCR after pre-processing) or a PDF
 * (its text layer read directly, only scanned pages recognised). The type is sniffed from the bytes.
 * Runs in the document worker thread (platform/heavy, ADR 017), never on the server's event loop.
 */

export interface PageText {
  page: number;
  source: "text-layer" | "ocr";
  text: string;
  /** OCR pages: how long pre-processing and recognition took. */
  ms: number;
}

export interface DocumentText {
  kind: "image" | "pdf";
  /** The pages read (a long PDF's first ten). */
  pages: PageText[];
  /** Pages in the document, read or not. */
  totalPages: number;
  /** All pages' text, in order. */
  text: string;
  /** Lines OCR was unsure of, as read (before normalising). */
  unsureLines: string[];
  /** Lines OCR read in all (the sure and the unsure). */
  ocrLines: number;
  /** Degrees a photo was turned (clockwise) to be read: 180 for a page upside down; 0 when it was upright. */
  turned: number;
}

export interface ReadProgress {
  stage: "reading" | "recognizing";
  page: number;
  pages: number;
  /** Of the whole document, 0–1. */
  fraction: number;
}

/**
 * Below this mean word confidence (0–100) a photo may be upside down or on its side: it is read again
 * turned (half way round, then a quarter either way) until a reading reaches it, and the best reading is
 * kept. Upright pages, even photographed ones, read well above it; turned pages far below (fixture pages:
 * 93–94 upright, clean or photographed; 35–42 upside down).
 */
export const UPSIDE_DOWN_SUSPECT = 60;
/** A turn must read this much more confidently (0–100) than the page as it came to be taken. */
const TURN_MARGIN = 10;
/** The turns tried, clockwise degrees, most likely first: a page the wrong way up, then on its side. */
const TURNS = [180, 90, 270] as const;

interface Reading {
  text: string;
  unsureLines: string[];
  lines: number;
  confidence: number;
}

async function prepare(image: Buffer): Promise<{ regions: Buffer[]; tables: TableGrid[] }> {
  try {
    const { regions, tables } = await prepareForOcr(image);
    return { regions, tables };
  } catch (error) {
    if (error instanceof DocumentReadError) throw error;
    throw new DocumentReadError(DOCUMENT_ERRORS.unreadableImage);
  }
}

async function readRegions(
  regions: readonly Buffer[],
  ocr: OcrEngine,
  onFraction: (fraction: number) => void,
  tables: readonly TableGrid[] = [],
): Promise<Reading> {
  const texts: string[] = [];
  const unsureLines: string[] = [];
  let lines = 0;
  let confidence = 0;
  const share = 0.9 / regions.length;
  for (const [i, region] of regions.entries()) {
    const { layout, confidence: read } = await readPageBlocks(
      region,
      ocr,
      (p) => onFraction(0.1 + share * (i + p)),
      regions.length === 1 ? tables : [],
    );
    texts.push(layoutText(layout));
    for (const line of layout.blocks.flat()) if (line.confidence < UNSURE_LINE) unsureLines.push(line.text);
    lines += layout.blocks.flat().length;
    confidence += read / regions.length;
  }
  return { text: texts.join("\n\n"), unsureLines, lines, confidence };
}

/** How confidently the quick layout pass reads the pages turned by `turn` degrees (0–100). */
async function probe(regions: readonly Buffer[], ocr: OcrEngine, turn: number): Promise<number> {
  let sum = 0;
  for (const region of regions) {
    const turned =
      turn === 0 ? region : await sharp(region).rotate(turn).png({ compressionLevel: 1 }).toBuffer();
    sum += await layoutConfidence(turned, ocr);
  }
  return sum / regions.length;
}

async function recognise(
  image: Buffer,
  ocr: OcrEngine,
  onFraction: (fraction: number) => void,
  turns: boolean,
): Promise<Omit<Reading, "confidence"> & { ms: number; turned: number }> {
  const started = performance.now();
  const { regions, tables } = await prepare(image);
  onFraction(0.1);
  let best = await readRegions(regions, ocr, onFraction, tables);
  let turnedBy = 0;
  if (turns && best.confidence < UPSIDE_DOWN_SUSPECT) {
    // Turned as the page was found and flattened: each way is tried with the quick layout pass only, and
    // the page is read again in full only the way that reads clearly better. Progress is not reported
    // again: the bar has already reached the end once.
    let bestProbe = await probe(regions, ocr, 0);
    for (const turn of TURNS) {
      const again = await probe(regions, ocr, turn);
      if (again > bestProbe + TURN_MARGIN) [bestProbe, turnedBy] = [again, turn];
    }
    if (turnedBy !== 0) {
      const turned = await Promise.all(
        regions.map((r) => sharp(r).rotate(turnedBy).png({ compressionLevel: 1 }).toBuffer()),
      );
      best = await readRegions(turned, ocr, () => undefined);
    }
  }
  const { text, unsureLines, lines } = best;
  return { text, unsureLines, lines, ms: Math.round(performance.now() - started), turned: turnedBy };
}

/** A picture as JPEG for an LLM (see jpegForModel), with the same words as OCR when it cannot be read. */
export async function imageForModel(bytes: Buffer): Promise<Buffer> {
  const type = await fileTypeFromBuffer(bytes);
  try {
    return await jpegForModel(bytes);
  } catch {
    const heic = type?.mime === "image/heic" || type?.mime === "image/heif";
    throw new DocumentReadError(heic ? DOCUMENT_ERRORS.heic : DOCUMENT_ERRORS.unreadableImage);
  }
}

export async function readDocumentText(
  bytes: Buffer,
  ocr: OcrEngine,
  onProgress: (progress: ReadProgress) => void = () => undefined,
): Promise<DocumentText> {
  const type = await fileTypeFromBuffer(bytes);
  if (type?.mime === "application/pdf") {
    let pdfPages: Awaited<ReturnType<typeof readPdfPages>>;
    try {
      pdfPages = await readPdfPages(bytes, (page, pages) =>
        onProgress({ stage: "reading", page, pages, fraction: 0 }),
      );
    } catch (error) {
      if (error instanceof PdfReadError) throw new DocumentReadError(error.message);
      throw error;
    }
    const pages: PageText[] = [];
    const unsureLines: string[] = [];
    let ocrLines = 0;
    const total = pdfPages.pages.length;
    for (const [i, p] of pdfPages.pages.entries()) {
      const page = i + 1;
      const report = (within: number) =>
        onProgress({ stage: "recognizing", page, pages: total, fraction: (i + within) / total });
      if (p.kind === "text") {
        pages.push({ page, source: "text-layer", text: p.text, ms: 0 });
      } else {
        // A PDF's scanned pages are not turned: ten poor pages read four ways would outrun the deadline.
        const { text, ms, unsureLines: unsure, lines } = await recognise(p.png, ocr, report, false);
        pages.push({ page, source: "ocr", text, ms });
        unsureLines.push(...unsure);
        ocrLines += lines;
      }
      report(1);
    }
    return {
      kind: "pdf",
      pages,
      totalPages: pdfPages.total,
      text: pages.map((p) => p.text).join("\n\n"),
      unsureLines,
      ocrLines,
      turned: 0,
    };
  }

  if (!type || !OCR_IMAGE_TYPES.has(type.mime)) throw new DocumentReadError(DOCUMENT_ERRORS.unsupported);
  onProgress({ stage: "reading", page: 1, pages: 1, fraction: 0 });
  try {
    const { text, ms, unsureLines, lines, turned } = await recognise(
      bytes,
      ocr,
      (fraction) => onProgress({ stage: "recognizing", page: 1, pages: 1, fraction }),
      true,
    );
    return {
      kind: "image",
      pages: [{ page: 1, source: "ocr", text, ms }],
      totalPages: 1,
      text,
      unsureLines,
      ocrLines: lines,
      turned,
    };
  } catch (error) {
    // libheif here decodes AVIF only; HEVC-coded HEIC photos fail to decode.
    if (error instanceof DocumentReadError && (type.mime === "image/heic" || type.mime === "image/heif")) {
      throw new DocumentReadError(DOCUMENT_ERRORS.heic);
    }
    throw error;
  }
}
