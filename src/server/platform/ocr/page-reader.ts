import sharp from "sharp";
import type { TableGrid } from "#domain/imports/table-grid.ts";
import {
  blockBox,
  type LayoutLine,
  layoutWords,
  linesOf,
  type OcrWord,
  type PageLayout,
} from "#domain/imports/word-layout.ts";
import { type OcrEngine, UNSURE_LINE } from "#server/platform/ocr/ocr-engine.ts";

/**
 * Reads one prepared page in two passes. First Tesseract finds every piece of text on a half-size copy
 * ("sparse": no layout of its own, which on a two-column page reads lines across the gutter and on a
 * numbered list cuts the numbers off as a block of their own); the words' boxes give the page's blocks
 * in reading order (word-layout.ts). Then each block is read at full size as one column of lines, and
 * its words, each with its confidence, are chained into lines.
 */

/** The layout pass reads a copy this much smaller: boxes need no fine print. */
const LAYOUT_SCALE = 0.5;
/** A block is read with this many text heights of paper around it… */
const MARGIN = 0.6;
/** …and reaches at most this many more towards the gutters that bound it. */
const SPAN_REACH = 4;

/**
 * A block read with a mean word confidence below this (0–100) is read again at half size, and the reading
 * whose words are surer is kept: small bold print blurred in a photo and enlarged with its page fills its
 * letters in (the corpus's ruled table, s08, read "WesomikeShod" for "Western Lite Shod" at full size).
 */
const HALF_SIZE_BELOW = 80;
/** A line read unsurely is read again on its own, this many times larger… */
const REREAD_SCALE = 2;
/** …with this many of its text heights of paper above and below it, and across at its ends. */
const REREAD_MARGIN_Y = 0.2;
const REREAD_MARGIN_X = 0.5;

export interface PageReading {
  layout: PageLayout;
  /** Mean word confidence over the page's words (0–100): a page read upside down scores low. */
  confidence: number;
}

const meanConfidence = (words: readonly OcrWord[]) =>
  words.length ? words.reduce((sum, w) => sum + w.confidence, 0) / words.length : 0;

const real = (words: readonly OcrWord[]) => words.filter((w) => w.text.trim() !== "");

/** The half-size copy the layout pass reads. */
async function layoutCopy(png: Buffer) {
  const meta = await sharp(png).metadata();
  const small = await sharp(png)
    .resize({ width: Math.round((meta.width ?? 0) * LAYOUT_SCALE) })
    .png({ compressionLevel: 1 })
    .toBuffer();
  return { small, width: meta.width ?? 0, height: meta.height ?? 0 };
}

/** How confidently the layout pass reads a page (mean word confidence, 0–100): a turned page reads low. */
export async function layoutConfidence(png: Buffer, ocr: OcrEngine): Promise<number> {
  const { small } = await layoutCopy(png);
  return meanConfidence(real((await ocr.recognize(small, undefined, "sparse")).words));
}

export async function readPageBlocks(
  png: Buffer,
  ocr: OcrEngine,
  onFraction: (fraction: number) => void,
  tables: readonly TableGrid[] = [],
): Promise<PageReading> {
  const { small, width, height } = await layoutCopy(png);
  const sparse = await ocr.recognize(small, (p) => onFraction(0.3 * p), "sparse");
  const found = real(sparse.words).map((w) => ({
    ...w,
    x0: w.x0 / LAYOUT_SCALE,
    y0: w.y0 / LAYOUT_SCALE,
    x1: w.x1 / LAYOUT_SCALE,
    y1: w.y1 / LAYOUT_SCALE,
  }));
  const first = layoutWords(found);
  const textHeight = found.length
    ? found.map((w) => w.y1 - w.y0).sort((a, b) => a - b)[Math.floor(found.length / 2)]!
    : 0;
  const blocks: LayoutLine[][] = [];
  const words: OcrWord[] = [];
  // A block inside a ruled table is read with its table (below), which takes its place in reading order.
  let tablesAt = -1;
  for (const [i, block] of first.blocks.entries()) {
    const box = blockBox(block, MARGIN * textHeight);
    if (tables.some((t) => inTable(t, box))) {
      if (tablesAt < 0) tablesAt = blocks.length;
      continue;
    }
    // Across, the block reaches to the gutters that bound it: a column of lone digits the sparse pass
    // missed stays with its names.
    // (Not towards the page's edge, where the paper's rim would be read as "|".)
    const [spanLeft, spanRight] = first.spans[i]!;
    if (Number.isFinite(spanLeft))
      box.x0 = Math.min(box.x0, Math.max(spanLeft, box.x0 - SPAN_REACH * textHeight));
    if (Number.isFinite(spanRight))
      box.x1 = Math.max(box.x1, Math.min(spanRight, box.x1 + SPAN_REACH * textHeight));
    const share = 0.7 / first.blocks.length;
    const lines = await readBox(png, { width, height }, box, ocr, (p) => onFraction(0.3 + share * (i + p)));
    words.push(...lines.flat());
    // Tesseract's own lines follow its boxes, which overlap their neighbours: the words are chained anew.
    if (lines.length) blocks.push(linesOf(lines.flat()));
  }
  // A ruled table is read as one block inside its outer rules, in Tesseract's block mode, which reads its
  // rows as lines across: number, name and premium together. Block by block, its number column, parted
  // from its names by a rule, was read on its own and lost. (Row by row, each row a crop of its own, read
  // the corpus's s08 as well but lost 4 classes on its seed-changed twin: fewer letters to adapt to.)
  const tableBlocks: LayoutLine[][] = [];
  for (const table of tables) {
    const box = { x0: table.x0, y0: table.rows[0]![0], x1: table.x1, y1: table.rows.at(-1)![1] };
    const read = await readBox(png, { width, height }, box, ocr);
    words.push(...read.flat());
    if (read.length) tableBlocks.push(linesOf(read.flat()));
  }
  blocks.splice(tablesAt < 0 ? blocks.length : tablesAt, 0, ...tableBlocks);
  const reread = await rereadUnsure(png, { width, height }, blocks, ocr);
  return { layout: { blocks: reread, spans: first.spans }, confidence: meanConfidence(words) };
}

/** Whether a block's box lies in a table: its middle is inside the table's rules. */
function inTable(table: TableGrid, box: { x0: number; y0: number; x1: number; y1: number }): boolean {
  const x = (box.x0 + box.x1) / 2;
  const y = (box.y0 + box.y1) / 2;
  return x > table.x0 && x < table.x1 && y > table.rows[0]![0] && y < table.rows.at(-1)![1];
}

/**
 * The words of one part of the page, read as a block at full size, and again at half size when unsure
 * (HALF_SIZE_BELOW), the surer reading kept; per line of Tesseract's, in page coordinates.
 */
async function readBox(
  png: Buffer,
  size: { width: number; height: number },
  box: { x0: number; y0: number; x1: number; y1: number },
  ocr: OcrEngine,
  onFraction?: (fraction: number) => void,
): Promise<OcrWord[][]> {
  const left = Math.max(0, Math.floor(box.x0));
  const top = Math.max(0, Math.floor(box.y0));
  const cropWidth = Math.min(size.width, Math.ceil(box.x1)) - left;
  const cropHeight = Math.min(size.height, Math.ceil(box.y1)) - top;
  if (cropWidth < 8 || cropHeight < 8) return [];
  const crop = await sharp(png)
    .extract({ left, top, width: cropWidth, height: cropHeight })
    .png({ compressionLevel: 1 })
    .toBuffer();
  const full = await ocr.recognize(crop, onFraction, "block");
  let read = full;
  let scale = 1;
  if (meanConfidence(real(full.words)) < HALF_SIZE_BELOW) {
    const half = await ocr.recognize(
      await sharp(crop)
        .resize({ width: Math.round(cropWidth * 0.5) })
        .png({ compressionLevel: 1 })
        .toBuffer(),
      undefined,
      "block",
    );
    if (meanConfidence(real(half.words)) > meanConfidence(real(full.words))) [read, scale] = [half, 0.5];
  }
  const place = (w: OcrWord) => ({
    ...w,
    x0: w.x0 / scale + left,
    y0: w.y0 / scale + top,
    x1: w.x1 / scale + left,
    y1: w.y1 / scale + top,
  });
  return read.lines.map((line) => real(line).map(place)).filter((line) => line.length > 0);
}

/**
 * Each line read with less confidence than UNSURE_LINE is read again alone, cut out of the page and
 * enlarged (small or blurred print gives Tesseract's line reader more to go on), and the second reading
 * is kept when its least sure word is surer than the first's. All in one mode, after the blocks.
 */
async function rereadUnsure(
  png: Buffer,
  size: { width: number; height: number },
  blocks: readonly LayoutLine[][],
  ocr: OcrEngine,
): Promise<LayoutLine[][]> {
  const out: LayoutLine[][] = [];
  for (const block of blocks) {
    const lines: LayoutLine[] = [];
    for (const line of block) {
      lines.push(line.confidence < UNSURE_LINE ? await rereadLine(png, size, line, ocr) : line);
    }
    out.push(lines);
  }
  return out;
}

async function rereadLine(
  png: Buffer,
  size: { width: number; height: number },
  line: LayoutLine,
  ocr: OcrEngine,
): Promise<LayoutLine> {
  const heights = line.words.map((w) => w.y1 - w.y0).sort((a, b) => a - b);
  const h = heights[Math.floor(heights.length / 2)]!;
  const left = Math.max(0, Math.floor(Math.min(...line.words.map((w) => w.x0)) - REREAD_MARGIN_X * h));
  const top = Math.max(0, Math.floor(Math.min(...line.words.map((w) => w.y0)) - REREAD_MARGIN_Y * h));
  const right = Math.min(
    size.width,
    Math.ceil(Math.max(...line.words.map((w) => w.x1)) + REREAD_MARGIN_X * h),
  );
  const bottom = Math.min(
    size.height,
    Math.ceil(Math.max(...line.words.map((w) => w.y1)) + REREAD_MARGIN_Y * h),
  );
  if (right - left < 8 || bottom - top < 8) return line;
  const crop = await sharp(png)
    .extract({ left, top, width: right - left, height: bottom - top })
    .resize({ width: Math.round((right - left) * REREAD_SCALE), kernel: "cubic" })
    .png({ compressionLevel: 1 })
    .toBuffer();
  const read = await ocr.recognize(crop, undefined, "line");
  const words = real(read.words).map((w) => ({
    ...w,
    x0: w.x0 / REREAD_SCALE + left,
    y0: w.y0 / REREAD_SCALE + top,
    x1: w.x1 / REREAD_SCALE + left,
    y1: w.y1 / REREAD_SCALE + top,
  }));
  if (words.length === 0) return line;
  const confidence = Math.min(...words.map((w) => w.confidence));
  // Kept only when it reads the line surely and word for word as many words: a line reader given a crop
  // may split a word ("Owner he! -Amateur") or take a speck for one.
  if (confidence < UNSURE_LINE || words.length !== line.words.length) return line;
  return { words, text: words.map((w) => w.text).join(" "), confidence };
}
