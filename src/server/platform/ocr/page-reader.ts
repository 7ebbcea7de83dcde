import sharp from "sharp";
import {
  blockBox,
  type LayoutLine,
  layoutWords,
  linesOf,
  type OcrWord,
  type PageLayout,
} from "#domain/imports/word-layout.ts";
import type { OcrEngine } from "#server/platform/ocr/ocr-engine.ts";

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
  for (const [i, block] of first.blocks.entries()) {
    const box = blockBox(block, MARGIN * textHeight);
    // Across, the block reaches to the gutters that bound it: a column of lone digits the sparse pass
    // missed stays with its names.
    // (Not towards the page's edge, where the paper's rim would be read as "|".)
    const [spanLeft, spanRight] = first.spans[i]!;
    if (Number.isFinite(spanLeft))
      box.x0 = Math.min(box.x0, Math.max(spanLeft, box.x0 - SPAN_REACH * textHeight));
    if (Number.isFinite(spanRight))
      box.x1 = Math.max(box.x1, Math.min(spanRight, box.x1 + SPAN_REACH * textHeight));
    const left = Math.max(0, Math.floor(box.x0));
    const top = Math.max(0, Math.floor(box.y0));
    const cropWidth = Math.min(width, Math.ceil(box.x1)) - left;
    const cropHeight = Math.min(height, Math.ceil(box.y1)) - top;
    if (cropWidth < 8 || cropHeight < 8) continue;
    const crop = await sharp(png)
      .extract({ left, top, width: cropWidth, height: cropHeight })
      .png({ compressionLevel: 1 })
      .toBuffer();
    const share = 0.7 / first.blocks.length;
    const read = await ocr.recognize(crop, (p) => onFraction(0.3 + share * (i + p)), "block");
    const place = (w: OcrWord) => ({
      ...w,
      x0: w.x0 + left,
      y0: w.y0 + top,
      x1: w.x1 + left,
      y1: w.y1 + top,
    });
    const lines = read.lines.map((line) => real(line).map(place)).filter((line) => line.length > 0);
    words.push(...lines.flat());
    // Tesseract's own lines follow its boxes, which overlap their neighbours: the words are chained anew.
    if (lines.length) blocks.push(linesOf(lines.flat()));
  }
  return { layout: { blocks, spans: first.spans }, confidence: meanConfidence(words) };
}
