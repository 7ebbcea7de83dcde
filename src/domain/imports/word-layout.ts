/**
 * The reading order of a page from the words OCR found on it (each with its box and confidence), not from
 * pixel projections that a shadow or a column starting lower defeats. The page is cut like a recursive
 * XY-cut: at the longest empty vertical strip with real text on both sides (a gutter; a column of class
 * numbers or prices is part of its lines, not a column of its own) into what is above it (a header),
 * its columns, and what is below it (a footer across both columns), each cut again the same way. Words
 * of one block are then chained into lines, left to right. Pure.
 */

export interface OcrWord {
  text: string;
  /** 0–100, as the OCR engine gives it. */
  confidence: number;
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

export interface LayoutLine {
  text: string;
  words: OcrWord[];
  /** The lowest word confidence in the line (0–100). */
  confidence: number;
}

export interface PageLayout {
  /** Blocks in reading order, each its lines top to bottom. */
  blocks: LayoutLine[][];
  /**
   * Per block, the stretch across the page between the gutters that bound it: words the layout's
   * reading missed (a lone "7" in a number column) lie there too.
   */
  spans: [number, number][];
}

/** A gutter is at least this many text heights wide… */
const GUTTER = 0.4;
/** …and empty over at least this share of its block's height, and this many text heights. */
const MIN_RUN = 0.4;
const MIN_LINES = 6;
/** Words this many text heights from a gutter are its neighbours… */
const NEAR = 1;
/** …and a side whose neighbours are this share class numbers or prices belongs to the other side. */
const MOSTLY = 0.5;
/** Each side of a gutter holds at least this many lines' worth of words with letters. */
const COLUMN_LINES = 3;
/** A word of a line is no further off its neighbour's middle than this share of the text height. */
const SAME_LINE = 0.55;
/** How much a horizontal gap counts against a line, next to a vertical offset. */
const GAP_WEIGHT = 0.1;

const middle = (w: OcrWord) => (w.y0 + w.y1) / 2;
const LABEL = /^(?:class|no\.?|#)$/i;

/** A word that says something: letters beyond a label ("Class", "No."), not a number, price or mark. */
const wordy = (w: OcrWord) => /[A-Za-z]{2}/.test(w.text) && !LABEL.test(w.text);

export function textHeight(words: readonly OcrWord[]): number {
  const heights = words
    .filter((w) => /[A-Za-z0-9]/.test(w.text))
    .map((w) => w.y1 - w.y0)
    .sort((a, b) => a - b);
  return heights[Math.floor(heights.length / 2)] ?? 10;
}

/** How many lines' worth of wordy words a side holds: distinct rows they sit on. */
function rowsOfText(words: readonly OcrWord[], height: number): number {
  const rows = words
    .filter(wordy)
    .map(middle)
    .sort((a, b) => a - b);
  let count = 0;
  let last = Number.NEGATIVE_INFINITY;
  for (const y of rows) {
    if (y - last > height * SAME_LINE) count++;
    last = y;
  }
  return count;
}

const CLASS_NUMBER = /^(?:class|no\.?|#)?\d{1,4}[A-Za-z]?[.):-]?$/i;
const PRICE = /\$|^\.{2,}|added$/i;
/** A class number a blurred photo misread ("ns." for "115.", "n7-" for "117-"): short, with its mark. */
const MISREAD_NUMBER = /^[^\s$]{1,3}[.):-]$/;
/** Of a column of numbers, at least this share read as numbers or as misread ones… */
const NUMBER_LIKE = 0.8;
/** …and their starts within this share of the text height of each other. */
const ALIGNED = 0.3;

/** Whether most of `words` are of a kind (class numbers, prices). */
const mostly = (words: readonly OcrWord[], kind: RegExp) =>
  words.length > 0 && words.filter((w) => kind.test(w.text)).length >= MOSTLY * words.length;

/**
 * Whether the words nearest a gutter on its left are a column of class numbers: mostly read as numbers,
 * or — a blurred photo reads half of them as letters — all starting together, as a printed column of
 * numbers does, and nearly all short with a number's mark after them. The line ends of a column of text
 * start wherever their last word does.
 */
function numberColumn(words: readonly OcrWord[], height: number): boolean {
  if (mostly(words, CLASS_NUMBER)) return true;
  if (words.length < COLUMN_LINES) return false;
  const starts = words.map((w) => w.x0);
  const alike = words.filter((w) => CLASS_NUMBER.test(w.text) || MISREAD_NUMBER.test(w.text)).length;
  return Math.max(...starts) - Math.min(...starts) <= ALIGNED * height && alike >= NUMBER_LIKE * words.length;
}

/** Per row, the word nearest a gutter: the last word left of it, or the first word right of it. */
function nearest(words: readonly OcrWord[], height: number, side: "left" | "right"): OcrWord[] {
  const rows: OcrWord[][] = [];
  // Marks ("-", "·") are no neighbours: "114 -" is a class number with its dash.
  const marked = words.filter((w) => /[A-Za-z0-9$]/.test(w.text));
  for (const w of marked.sort((a, b) => middle(a) - middle(b))) {
    const row = rows.at(-1);
    if (row && middle(w) - middle(row[0]!) <= height * SAME_LINE) row.push(w);
    else rows.push([w]);
  }
  return rows.map((row) =>
    row.reduce((a, b) => (side === "left" ? (b.x1 > a.x1 ? b : a) : b.x0 < a.x0 ? b : a)),
  );
}

interface Gutter {
  /** Where the block is cut: the middle of the empty strip. */
  x: number;
  /** The rows over which the strip is empty. */
  top: number;
  bottom: number;
}

/**
 * The longest empty vertical strip through the block with real text on both sides: a column's gutter.
 * It need not run from the block's top to its bottom (a header or a footer across the columns stops
 * it), but over most of it. A strip with class numbers just left of it (a table's number column) or
 * prices just right of it (a premium column) is no gutter: those belong to their lines.
 */
function findGutter(words: readonly OcrWord[], height: number): Gutter | null {
  const width = GUTTER * height;
  const minX = Math.min(...words.map((w) => w.x0));
  const maxX = Math.max(...words.map((w) => w.x1));
  const minY = Math.min(...words.map((w) => w.y0));
  const maxY = Math.max(...words.map((w) => w.y1));
  const tallest = Math.max(MIN_RUN * (maxY - minY), MIN_LINES * height);
  let best: Gutter | null = null;
  // A gutter starts where some word ends.
  const starts = [...new Set(words.map((w) => Math.ceil(w.x1)))].filter(
    (x) => x >= minX + height && x + width <= maxX - height,
  );
  for (const x of starts) {
    const blocked = words
      .filter((w) => w.x0 < x + width && w.x1 > x)
      .map((w) => [w.y0, w.y1] as const)
      .sort((a, b) => a[0] - b[0]);
    let reach = minY;
    let run: [number, number] = [minY, minY];
    for (const [y0, y1] of [...blocked, [maxY, maxY] as const]) {
      if (y0 - reach > run[1] - run[0]) run = [reach, y0];
      reach = Math.max(reach, y1);
    }
    const length = run[1] - run[0];
    if (length < tallest || (best && length <= best.bottom - best.top)) continue;
    const inRun = words.filter((w) => middle(w) >= run[0] && middle(w) <= run[1]);
    const left = inRun.filter((w) => w.x1 <= x);
    const right = inRun.filter((w) => w.x0 >= x + width);
    if (rowsOfText(left, height) < COLUMN_LINES || rowsOfText(right, height) < COLUMN_LINES) continue;
    const near = NEAR * height;
    const leftNeighbours = nearest(left, height, "left").filter((w) => w.x1 >= x - near);
    const rightNeighbours = nearest(right, height, "right").filter((w) => w.x0 <= x + width + near);
    if (numberColumn(leftNeighbours, height) || mostly(rightNeighbours, PRICE)) continue;
    best = { x: x + width / 2, top: run[0], bottom: run[1] };
  }
  return best;
}

/** A block's words and the stretch across the page it may use (between the gutters that bound it). */
interface Block {
  words: OcrWord[];
  span: [number, number];
}

function blocksOf(words: readonly OcrWord[], height: number, span: [number, number]): Block[] {
  if (words.length === 0) return [];
  const gutter = findGutter(words, height);
  if (gutter) {
    const within = words.filter((w) => middle(w) >= gutter.top && middle(w) <= gutter.bottom);
    const left = within.filter((w) => (w.x0 + w.x1) / 2 < gutter.x);
    // What stands right of the gutter but above the first column's top is a header, read first.
    const leftTop = Math.min(...left.map((w) => w.y0));
    const aboveRight = within.filter((w) => (w.x0 + w.x1) / 2 >= gutter.x && w.y1 < leftTop);
    const right = within.filter((w) => (w.x0 + w.x1) / 2 >= gutter.x && w.y1 >= leftTop);
    return [
      ...blocksOf([...words.filter((w) => middle(w) < gutter.top), ...aboveRight], height, span),
      ...blocksOf(left, height, [span[0], gutter.x]),
      ...blocksOf(right, height, [gutter.x, span[1]]),
      ...blocksOf(
        words.filter((w) => middle(w) > gutter.bottom),
        height,
        span,
      ),
    ];
  }
  return [{ words: [...words], span }];
}

/** Words of one block chained into lines: each word joins the line whose last word sits beside it. */
export function linesOf(words: readonly OcrWord[], height = textHeight(words)): LayoutLine[] {
  const lines: OcrWord[][] = [];
  for (const word of [...words].sort((a, b) => a.x0 - b.x0)) {
    let best: OcrWord[] | null = null;
    let bestCost = Number.POSITIVE_INFINITY;
    for (const line of lines) {
      const last = line.at(-1)!;
      const off = Math.abs(middle(last) - middle(word));
      const gap = Math.max(0, word.x0 - last.x1);
      // The line beside the word, not one far to its left that happens to sit as high.
      const cost = off + GAP_WEIGHT * gap;
      // Words come left to right by where they start (OCR's boxes may overlap their neighbours').
      if (off <= height * SAME_LINE && cost < bestCost) {
        best = line;
        bestCost = cost;
      }
    }
    if (best) best.push(word);
    else lines.push([word]);
  }
  return lines
    .sort((a, b) => middle(a[0]!) - middle(b[0]!))
    .map((line) => ({
      words: line,
      text: line.map((w) => w.text).join(" "),
      confidence: Math.min(...line.map((w) => w.confidence)),
    }));
}

export function layoutWords(words: readonly OcrWord[]): PageLayout {
  const height = textHeight(words);
  const blocks = blocksOf(words, height, [Number.NEGATIVE_INFINITY, Number.POSITIVE_INFINITY]);
  return { blocks: blocks.map((b) => linesOf(b.words, height)), spans: blocks.map((b) => b.span) };
}

export interface Box {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

/** The box around a block's words, with a margin of `margin` on every side. */
export function blockBox(lines: readonly LayoutLine[], margin: number): Box {
  const words = lines.flatMap((l) => l.words);
  return {
    x0: Math.min(...words.map((w) => w.x0)) - margin,
    y0: Math.min(...words.map((w) => w.y0)) - margin,
    x1: Math.max(...words.map((w) => w.x1)) + margin,
    y1: Math.max(...words.map((w) => w.y1)) + margin,
  };
}

/** The page as text: lines of a block one under another, blocks apart by a blank line. */
export const layoutText = (layout: PageLayout) =>
  layout.blocks.map((block) => block.map((l) => l.text).join("\n")).join("\n\n");
