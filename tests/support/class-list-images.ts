/**
 * The measured OCR test set: prize lists (tests/support/prize-list.ts) rendered by sharp from SVG text to
 * page images, clean and spoiled the ways phone photos and scans are, and to PDFs with and without a
 * text layer. Everything is deterministic (noise comes from a seeded generator), so a test that passes
 * once passes every time.
 */
import sharp from "sharp";
import { makePdf, PAGE_HEIGHT, PAGE_WIDTH, type PdfTextLine } from "#tests/support/pdf-writer.ts";
import { type PrizeList, type PrizeListLine, wrapName } from "#tests/support/prize-list.ts";
import { seededRandom } from "#tests/support/seeded-random.ts";

export const IMAGE_VARIANTS = [
  "clean",
  "rotated",
  "blurred",
  "low-contrast",
  "photo",
  "two-columns",
  "two-columns-rotated",
  "two-columns-photo",
] as const;
export type ImageVariant = (typeof IMAGE_VARIANTS)[number];

const PAGE = { width: 1700, minHeight: 2200, margin: 110, line: 38, size: 25, indent: 70 };
const FONT = "DejaVu Serif, Liberation Serif, serif";
const HEADING_FONT = "DejaVu Sans, Liberation Sans, sans-serif";

const escapeXml = (s: string) =>
  s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

interface Column {
  x: number;
  /** The row its first line sits on. */
  firstRow: number;
  lines: PrizeListLine[];
}

function svgText(line: PrizeListLine, x: number, y: number, fill: string): string {
  const bold = line.kind === "title" || line.kind === "heading";
  const size = line.kind === "title" ? PAGE.size + 9 : PAGE.size;
  return `<text x="${line.indent ? x + PAGE.indent : x}" y="${y}" font-family="${bold ? HEADING_FONT : FONT}" font-size="${size}"${bold ? ' font-weight="bold"' : ""} fill="${fill}" xml:space="preserve">${escapeXml(line.text)}</text>`;
}

function pageSvg(columns: Column[], colours: { ink: string; paper: string }): string {
  const rows = Math.max(...columns.map((c) => c.firstRow + c.lines.length));
  const height = Math.max(PAGE.minHeight, PAGE.margin * 2 + rows * PAGE.line);
  const texts = columns.flatMap((c) =>
    c.lines.map((line, i) => svgText(line, c.x, PAGE.margin + (c.firstRow + i + 1) * PAGE.line, colours.ink)),
  );
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${PAGE.width}" height="${height}"><rect width="100%" height="100%" fill="${colours.paper}"/>${texts.join("")}</svg>`;
}

/** Re-wraps a list's class names for a narrower column. */
function rewrap(lines: readonly PrizeListLine[], width: number): PrizeListLine[] {
  const out: PrizeListLine[] = [];
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (line.kind !== "class") {
      if (line.kind !== "continuation") out.push(line);
      continue;
    }
    let text = line.text;
    while (lines[i + 1]?.kind === "continuation") text += ` ${lines[++i]!.text}`;
    const [first = "", ...rest] = wrapName(text, width);
    out.push({ ...line, text: first });
    for (const part of rest) out.push({ text: part, indent: true, kind: "continuation" });
  }
  return out;
}

/** The header across the page, then the classes in two columns split at a class boundary near the middle. */
function twoColumns(lines: readonly PrizeListLine[]): Column[] {
  const narrow = rewrap(lines, 40);
  const headerEnd = narrow.findIndex((l) => l.kind === "heading" || l.kind === "class");
  const header = narrow.slice(0, headerEnd);
  const body = narrow.slice(headerEnd);
  let split = Math.ceil(body.length / 2);
  while (split < body.length && body[split]!.kind === "continuation") split++;
  const firstRow = header.length + 1;
  return [
    { x: PAGE.margin, firstRow: 0, lines: header },
    { x: PAGE.margin, firstRow, lines: body.slice(0, split) },
    { x: PAGE.width / 2 + 30, firstRow, lines: body.slice(split) },
  ];
}

/** Uneven light (a bright spot top right, darker bottom left), sensor noise, a soft focus, JPEG. */
async function photograph(png: Buffer): Promise<Buffer> {
  const { data, info } = await sharp(png)
    .resize({ width: 1350 })
    .rotate(-1.5, { background: "#ffffff" })
    .greyscale()
    .extractChannel(0)
    .raw()
    .toBuffer({ resolveWithObject: true });
  // Seeded, so the "photo" noise is the same on every run.
  const random = seededRandom(20250821);
  const gaussian = () => Math.sqrt(-2 * Math.log(random() || 1e-9)) * Math.cos(2 * Math.PI * random());
  const out = Buffer.alloc(data.length);
  for (let y = 0; y < info.height; y++) {
    for (let x = 0; x < info.width; x++) {
      const i = y * info.width + x;
      const light = 1 - 0.4 * ((x / info.width - 0.85) ** 2 + (y / info.height - 0.1) ** 2);
      out[i] = Math.max(0, Math.min(255, Math.round(data[i]! * light + 14 * gaussian())));
    }
  }
  return sharp(out, { raw: { width: info.width, height: info.height, channels: 1 } })
    .blur(0.7)
    .jpeg({ quality: 72 })
    .toBuffer();
}

/** A prize list as a page image: PNG, or JPEG for the photographed variant. */
export async function renderPrizeListImage(list: PrizeList, variant: ImageVariant): Promise<Buffer> {
  const colours =
    variant === "low-contrast" ? { ink: "#8f8f8f", paper: "#d4d4d4" } : { ink: "#111111", paper: "#ffffff" };
  const columns = variant.startsWith("two-columns")
    ? twoColumns(list.lines)
    : [{ x: PAGE.margin, firstRow: 0, lines: list.lines }];
  const png = await sharp(Buffer.from(pageSvg(columns, colours)))
    .png()
    .toBuffer();
  switch (variant) {
    case "rotated":
    case "two-columns-rotated":
      return sharp(png).rotate(3, { background: "#ffffff" }).png().toBuffer();
    case "blurred":
      return sharp(png).blur(1.8).png().toBuffer();
    case "photo":
    case "two-columns-photo":
      return photograph(png);
    default:
      return png;
  }
}

const PDF = { margin: 54, top: 60, line: 14, size: 10.5, indent: 24 };

const PDF_LINES_PER_PAGE = 48;

/** A prize list as PDF pages with a text layer, as a word processor exports it. */
export function prizeListPdfPages(list: PrizeList): { kind: "text"; lines: PdfTextLine[] }[] {
  const pages: { kind: "text"; lines: PdfTextLine[] }[] = [];
  list.lines.forEach((line, i) => {
    const row = i % PDF_LINES_PER_PAGE;
    if (row === 0) pages.push({ kind: "text", lines: [] });
    pages.at(-1)!.lines.push({
      text: line.text,
      x: PDF.margin + (line.indent ? PDF.indent : 0),
      y: PDF.top + row * PDF.line,
      size: line.kind === "title" ? PDF.size + 3 : PDF.size,
    });
  });
  return pages;
}

/** A prize list as a scanned PDF page: a greyscale JPEG and no text layer. */
export async function scannedPdfPage(list: PrizeList) {
  const png = await renderPrizeListImage(list, "clean");
  const { data, info } = await sharp(png)
    .resize({
      width: Math.round((PAGE_WIDTH * 200) / 72),
      height: Math.round((PAGE_HEIGHT * 200) / 72),
      fit: "contain",
      background: "#ffffff",
    })
    .greyscale()
    .jpeg({ quality: 80 })
    .toBuffer({ resolveWithObject: true });
  return { kind: "scan" as const, jpeg: data, width: info.width, height: info.height };
}

/** The text-layer pages of one list, then (optionally) another list as a scanned page. */
export async function renderPrizeListPdf(textList: PrizeList, scannedList?: PrizeList): Promise<Buffer> {
  const pages = [...prizeListPdfPages(textList), ...(scannedList ? [await scannedPdfPage(scannedList)] : [])];
  return makePdf(pages);
}
