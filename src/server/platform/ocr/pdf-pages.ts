import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import type { PDFDocumentProxy, PDFPageProxy } from "pdfjs-dist/legacy/build/pdf.mjs";
import { HEAVY_INPUT_LIMITS, heavyInputsTexts } from "#domain/texts/heavy-inputs.ts";

/**
 * PDF pages through pdfjs-dist 5.6 (the last release for Node 20): the text layer read directly, laid
 * out into lines as printed; a page without one (a scan) rendered to an image for OCR. pdfjs renders on
 * Node through @napi-rs/canvas, which it depends on and which npm installs as a prebuilt binary from the
 * registry (docs/decisions/014-class-list-import-and-show-prediction.md). It runs in the document worker
 * thread (ADR 017): a scan is rendered there, at a bounded size checked before any pixel is drawn.
 */

const require = createRequire(import.meta.url);
const PDFJS_ROOT = dirname(require.resolve("pdfjs-dist/package.json"));

/** A page whose text layer holds fewer letters than this is treated as scanned. */
const MIN_TEXT_LAYER_LETTERS = 20;
/** Scans are rendered at 200 dpi: enough for Tesseract, and a Letter page stays 1700 × 2200. */
const RENDER_DPI = 200;
/** Below this a page's print is too small for Tesseract; a page that needs less to fit is refused. */
const MIN_RENDER_DPI = 100;

export type PdfPage = { kind: "text"; text: string } | { kind: "scan"; png: Buffer };

export interface PdfPages {
  /** The pages read: the first HEAVY_INPUT_LIMITS.pdfPages of the document. */
  pages: PdfPage[];
  /** Pages in the document. */
  total: number;
}

export class PdfReadError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "PdfReadError";
  }
}

interface TextItem {
  str: string;
  transform: number[];
  width: number;
  height: number;
}

interface Segment {
  x: number;
  y: number;
  size: number;
  text: string;
}

/** Lays text items out into lines: items on one baseline joined left to right, blank lines at wide gaps. */
export function layoutTextItems(items: readonly TextItem[]): string {
  const pieces = items
    .filter((i) => i.str.trim() !== "")
    .map((i) => ({
      x: i.transform[4]!,
      y: i.transform[5]!,
      size: Math.max(1, Math.abs(i.height) || Math.abs(i.transform[3]!)),
      end: i.transform[4]! + i.width,
      str: i.str,
    }))
    .sort((a, b) => b.y - a.y || a.x - b.x);

  // Items on one baseline (PDF y grows upwards) form a line; a wide gap starts a new segment, so a
  // second column or a prize-money column is read on its own.
  const segments: Segment[] = [];
  let line: typeof pieces = [];
  const flush = () => {
    line.sort((a, b) => a.x - b.x);
    let current: Segment | null = null;
    let end = 0;
    for (const p of line) {
      if (current && p.x - end < 4 * p.size) {
        current.text += p.x - end > 0.2 * p.size && !current.text.endsWith(" ") ? ` ${p.str}` : p.str;
      } else {
        current = { x: p.x, y: p.y, size: p.size, text: p.str };
        segments.push(current);
      }
      end = p.end;
    }
    line = [];
  };
  for (const p of pieces) {
    if (line.length && Math.abs(line[0]!.y - p.y) > line[0]!.size * 0.5) flush();
    line.push(p);
  }
  flush();

  // Segments that start far right of the page's left margin, in a column most of them share, come after.
  const left = Math.min(...segments.map((s) => s.x));
  const starts = segments.filter((s) => s.x > left + 100).map((s) => Math.round(s.x / 20) * 20);
  const counts = new Map<number, number>();
  for (const x of starts) counts.set(x, (counts.get(x) ?? 0) + 1);
  const [columnX, columnCount] = [...counts.entries()].sort((a, b) => b[1] - a[1])[0] ?? [0, 0];
  const twoColumns = columnCount >= 5 && columnCount >= segments.length * 0.25;
  const ordered = twoColumns
    ? [...segments.filter((s) => s.x < columnX - 20), ...segments.filter((s) => s.x >= columnX - 20)]
    : segments;

  const out: string[] = [];
  let previous: Segment | null = null;
  for (const s of ordered) {
    if (previous && (previous.y - s.y > 1.8 * s.size || s.y > previous.y)) out.push("");
    out.push(s.text.replace(/\s+/g, " ").trim());
    previous = s;
  }
  return out.join("\n");
}

async function open(bytes: Buffer): Promise<PDFDocumentProxy> {
  // Loaded on first use: pdfjs is large, and the server should start (and refuse bad settings) quickly.
  const { getDocument } = await import("pdfjs-dist/legacy/build/pdf.mjs");
  try {
    return await getDocument({
      data: new Uint8Array(bytes),
      isEvalSupported: false,
      useSystemFonts: false,
      disableFontFace: true,
      standardFontDataUrl: join(PDFJS_ROOT, "standard_fonts/"),
      cMapUrl: join(PDFJS_ROOT, "cmaps/"),
      cMapPacked: true,
      wasmUrl: join(PDFJS_ROOT, "wasm/"),
      verbosity: 0,
    }).promise;
  } catch (error) {
    const name = (error as { name?: string }).name;
    if (name === "PasswordException") throw new PdfReadError("The PDF is protected by a password.");
    throw new PdfReadError("The PDF could not be read. It may be damaged.");
  }
}

/**
 * The scale a scanned page is rendered at: 200 dpi, less for a large page so it stays within
 * HEAVY_INPUT_LIMITS.renderPixels. A page larger than a 24 × 36 in poster, or one that would need less
 * than 100 dpi to fit, is refused with its size, before anything is drawn.
 */
export function renderScale(pageNumber: number, widthPt: number, heightPt: number): number {
  const inches = { width: widthPt / 72, height: heightPt / 72 };
  const area = inches.width * inches.height;
  const dpi = Math.min(RENDER_DPI, Math.sqrt(HEAVY_INPUT_LIMITS.renderPixels / Math.max(area, 1e-6)));
  if (area > HEAVY_INPUT_LIMITS.pageSquareInches || dpi < MIN_RENDER_DPI) {
    throw new PdfReadError(heavyInputsTexts.pageTooLarge(pageNumber, inches.width, inches.height));
  }
  return dpi / 72;
}

async function renderScan(doc: PDFDocumentProxy, page: PDFPageProxy, pageNumber: number): Promise<Buffer> {
  // The page's own size (UserUnit included) is checked before a canvas is made for it.
  const size = page.getViewport({ scale: 1 });
  const viewport = page.getViewport({ scale: renderScale(pageNumber, size.width, size.height) });
  const factory = doc.canvasFactory as {
    create(w: number, h: number): { canvas: { toBuffer(type: "image/png"): Buffer }; context: unknown };
  };
  const { canvas, context } = factory.create(Math.ceil(viewport.width), Math.ceil(viewport.height));
  await page.render({ canvasContext: context, viewport, canvas } as unknown as Parameters<
    typeof page.render
  >[0]).promise;
  return canvas.toBuffer("image/png");
}

/**
 * The first pages of the PDF (HEAVY_INPUT_LIMITS.pdfPages), each as text (from its text layer) or as a
 * PNG to recognise (a scanned page), and how many pages the document has.
 */
export async function readPdfPages(
  bytes: Buffer,
  onPage?: (page: number, pages: number) => void,
): Promise<PdfPages> {
  const doc = await open(bytes);
  try {
    const count = Math.min(doc.numPages, HEAVY_INPUT_LIMITS.pdfPages);
    const pages: PdfPage[] = [];
    for (let n = 1; n <= count; n++) {
      onPage?.(n, count);
      const page = await doc.getPage(n);
      const content = await page.getTextContent();
      const text = layoutTextItems(content.items.flatMap((i) => ("str" in i ? [i] : [])));
      if ((text.match(/[A-Za-z]/g)?.length ?? 0) >= MIN_TEXT_LAYER_LETTERS) {
        pages.push({ kind: "text", text });
      } else {
        pages.push({ kind: "scan", png: await renderScan(doc, page, n) });
      }
      page.cleanup();
    }
    return { pages, total: doc.numPages };
  } finally {
    await doc.destroy();
  }
}
