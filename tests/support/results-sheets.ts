/**
 * Results sheets as shows print them (issue 22), for the upload tests of Post results: the page rendered
 * by sharp from SVG text to a PNG (as a phone or a scanner saves it), the same page as a scanned PDF (a
 * greyscale JPEG, no text layer) and as a PDF with a text layer. No noise: the same bytes every run.
 */
import sharp from "sharp";
import { makePdf, PAGE_HEIGHT, PAGE_WIDTH } from "#tests/support/pdf-writer.ts";

const PAGE = { width: 1700, height: 1100, margin: 110, line: 56, size: 34 };
const FONT = "DejaVu Sans, Liberation Sans, sans-serif";

const escapeXml = (s: string) =>
  s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

/** One line of the sheet a row, black on white: headings and placings alike. */
export async function resultsSheetPng(lines: readonly string[]): Promise<Buffer> {
  const texts = lines.map(
    (text, i) =>
      `<text x="${PAGE.margin}" y="${PAGE.margin + (i + 1) * PAGE.line}" font-family="${FONT}" font-size="${PAGE.size}" fill="#111111" xml:space="preserve">${escapeXml(text)}</text>`,
  );
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${PAGE.width}" height="${PAGE.height}"><rect width="100%" height="100%" fill="#ffffff"/>${texts.join("")}</svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

/** The sheet scanned to PDF: one page holding a greyscale JPEG at 200 dpi, nothing to read but by OCR. */
export async function scannedResultsSheetPdf(lines: readonly string[]): Promise<Buffer> {
  const { data, info } = await sharp(await resultsSheetPng(lines))
    .resize({
      width: Math.round((PAGE_WIDTH * 200) / 72),
      height: Math.round((PAGE_HEIGHT * 200) / 72),
      fit: "contain",
      position: "top",
      background: "#ffffff",
    })
    .greyscale()
    .jpeg({ quality: 80 })
    .toBuffer({ resolveWithObject: true });
  return makePdf([{ kind: "scan", jpeg: data, width: info.width, height: info.height }]);
}

/** The sheet exported to PDF by a word processor: a text layer, read without OCR. */
export function resultsSheetPdf(lines: readonly string[]): Buffer {
  return makePdf([
    { kind: "text", lines: lines.map((text, i) => ({ text, x: 54, y: 60 + i * 16, size: 12 })) },
  ]);
}
