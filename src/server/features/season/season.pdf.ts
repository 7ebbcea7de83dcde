import { existsSync, readFileSync } from "node:fs";
import { PassThrough, type Writable } from "node:stream";
import { buffer } from "node:stream/consumers";
import { type Font, create as openFont } from "fontkit";
import PDFDocument from "pdfkit";
import QRCode from "qrcode";
import type { BarnSchedule } from "#domain/contracts/season.ts";
import { formatDayHeading, formatShowDates } from "#domain/dates/show-dates.ts";
import { formatClockTime } from "#domain/show-day/show-sessions.ts";
import { seasonTexts } from "#domain/texts/season.ts";
import { slicer } from "#server/platform/turns.ts";
import { fitColumns, unbreakablePieces } from "./sheet-columns.ts";

/**
 * The barn schedule as a PDF (issue 25), made on the server with pdfkit so it can be shared from a
 * phone: the show's name, dates and location, the date printed, a QR code to the show, then days →
 * sessions → classes as a table whose cells wrap (long, HTML-looking or right-to-left names are text,
 * never markup, and never run past their column). A Unicode font (DejaVu Sans) is used when the
 * system has it, so names outside Latin-1 print; else pdfkit's Helvetica.
 *
 * The PDF streams out as it is drawn (issue 31, ADR 030): the drawing gives the event loop a turn every
 * 10 ms and waits while the client has not taken what was sent, so a sheet of thousands of lines holds
 * neither the loop nor, for a slow phone, the server's memory.
 */

const t = seasonTexts.print;
const FONT_DIRS = ["/usr/share/fonts/truetype/dejavu", "/usr/share/fonts/dejavu", "/usr/share/fonts/TTF"];
const fontFiles = (() => {
  for (const dir of FONT_DIRS) {
    const regular = `${dir}/DejaVuSans.ttf`;
    const bold = `${dir}/DejaVuSans-Bold.ttf`;
    if (existsSync(regular) && existsSync(bold)) return { regular, bold };
  }
  return null;
})();

function parsedFont(file: string): Font {
  const font = openFont(readFileSync(file));
  if (!("layout" in font)) throw new Error(`${file} is a font collection`);
  return font;
}

/**
 * The fonts, read and parsed once for every sheet. Given a file, pdfkit reads and parses it again for
 * each document, and the parse (its tables, on first layout) held the event loop 50–240 ms per sheet;
 * pdfkit takes a parsed fontkit font as well (each document still embeds its own subset), though its
 * type declarations say only file names and bytes.
 */
let parsed: { regular: PDFKit.Mixins.PDFFontSource; bold: PDFKit.Mixins.PDFFontSource } | undefined;
const fonts = () =>
  (parsed ??= fontFiles
    ? {
        regular: parsedFont(fontFiles.regular) as unknown as PDFKit.Mixins.PDFFontSource,
        bold: parsedFont(fontFiles.bold) as unknown as PDFKit.Mixins.PDFFontSource,
      }
    : { regular: "Helvetica", bold: "Helvetica-Bold" });

const PAPER = { letter: "LETTER", a4: "A4" } as const;
const MARGIN = 40;
/** Column shares of the table's width, before each column grows to hold its longest word whole. */
const COLUMNS = [
  ["number", 0.08],
  ["className", 0.3],
  ["horse", 0.17],
  ["rider", 0.15],
  ["owner", 0.17],
  ["time", 0.13],
] as const;

function drawQr(doc: PDFKit.PDFDocument, url: string, x: number, y: number, size: number) {
  const qr = QRCode.create(url, { errorCorrectionLevel: "M" });
  const n = qr.modules.size;
  const cell = size / n;
  for (let row = 0; row < n; row++)
    for (let col = 0; col < n; col++)
      if (qr.modules.get(row, col)) doc.rect(x + col * cell, y + row * cell, cell, cell);
  doc.fill("#000000");
}

/** Until `out` has taken what it holds (or is gone): the client reads at its own pace. */
function taken(out: Writable): Promise<void> {
  if (!out.writableNeedDrain || out.destroyed) return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      out.off("drain", done);
      out.off("close", done);
      resolve();
    };
    out.on("drain", done);
    out.on("close", done);
  });
}

type PdfOptions = { large: boolean; paper: keyof typeof PAPER };

/** The sheet as a PDF in one buffer (tests, the bench). */
export async function schedulePdf(schedule: BarnSchedule, opts: PdfOptions): Promise<Buffer> {
  const out = new PassThrough();
  const [, bytes] = await Promise.all([writeSchedulePdf(schedule, opts, out), buffer(out)]);
  return bytes;
}

/**
 * Draws the sheet into `out` as a PDF and ends it; stops drawing when `out` is destroyed (the client
 * went away). A failure destroys `out` with the error.
 */
export async function writeSchedulePdf(
  schedule: BarnSchedule,
  opts: PdfOptions,
  out: Writable,
): Promise<void> {
  const doc = new PDFDocument({
    size: PAPER[opts.paper],
    margin: MARGIN,
    info: { Title: t.title(schedule.show.name), Creator: "Ringside" },
  });
  doc.registerFont("body", fonts().regular);
  doc.registerFont("bold", fonts().bold);
  doc.on("data", (chunk: Buffer) => {
    if (!out.destroyed) out.write(chunk);
  });
  const ended = new Promise<void>((resolve, reject) => {
    doc.on("end", resolve);
    doc.on("error", reject);
  });
  // Awaited at the end; a failure while the drawing waits for its turn must not go unhandled meanwhile.
  ended.catch(() => {});

  const size = opts.large ? 15 : 9.5;
  const width = doc.page.width - 2 * MARGIN;
  const bottom = () => doc.page.height - MARGIN;
  const qrSize = opts.large ? 96 : 80;

  // Header: name, dates and location, printed date, QR code at the right.
  const textWidth = width - qrSize - 16;
  const top = doc.y;
  doc
    .font("bold")
    .fontSize(size * 1.8)
    .text(schedule.show.name, MARGIN, top, { width: textWidth });
  doc
    .font("body")
    .fontSize(size * 1.1)
    .text(`${formatShowDates(schedule.show.startDate, schedule.show.endDate)} · ${schedule.show.location}`, {
      width: textWidth,
    });
  doc
    .fontSize(size)
    .fillColor("#444444")
    .text(t.printed(formatDayHeading(schedule.printedOn)), { width: textWidth });
  doc.text(t.scan, { width: textWidth });
  doc.fillColor("#000000");
  drawQr(doc, schedule.show.url, MARGIN + width - qrSize, top, qrSize);
  doc.y = Math.max(doc.y, top + qrSize) + size;

  const padding = 3;
  const c = t.columns;
  const turn = slicer();
  const header = [c.number, c.name, c.horse, c.rider, c.owner, c.time];
  const cellsOf = (line: BarnSchedule["days"][number]["sessions"][number]["lines"][number]) => [
    line.number,
    line.className,
    line.horse,
    line.rider,
    line.owner,
    line.time,
  ];
  // Each column's longest unbreakable piece (a word, or up to a hyphen), measured once per distinct piece.
  const measured = new Map<string, number>();
  const needs = header.map(() => 0);
  const measure = (cells: readonly string[], font: "body" | "bold") => {
    doc.font(font).fontSize(size);
    cells.forEach((cell, i) => {
      for (const piece of unbreakablePieces(cell)) {
        const key = `${font}\u0000${piece}`;
        let w = measured.get(key);
        if (w === undefined) {
          w = doc.widthOfString(piece);
          measured.set(key, w);
        }
        // A point of slack: pdfkit's wrapper must not find the piece a hair too wide.
        needs[i] = Math.max(needs[i]!, w + 2 * padding + 1);
      }
    });
  };
  measure(header, "bold");
  for (const day of schedule.days)
    for (const session of day.sessions)
      for (const line of session.lines) {
        measure(cellsOf(line), "body");
        await turn();
        if (out.destroyed) return;
      }
  const widths = fitColumns(
    COLUMNS.map(([, share]) => share),
    needs,
    width,
  );
  const row = (cells: readonly string[], font: "body" | "bold") => {
    doc.font(font).fontSize(size);
    const heights = cells.map((c, i) => doc.heightOfString(c || " ", { width: widths[i]! - 2 * padding }));
    const height = Math.max(...heights) + 2 * padding;
    if (doc.y + height > bottom()) doc.addPage();
    const y = doc.y;
    let x = MARGIN;
    cells.forEach((c, i) => {
      doc.text(c, x + padding, y + padding, { width: widths[i]! - 2 * padding });
      x += widths[i]!;
    });
    doc
      .moveTo(MARGIN, y + height)
      .lineTo(MARGIN + width, y + height)
      .lineWidth(0.5)
      .strokeColor("#bbbbbb")
      .stroke();
    doc.x = MARGIN;
    doc.y = y + height;
  };
  const heading = (text: string, scale: number) => {
    const needed =
      doc
        .font("bold")
        .fontSize(size * scale)
        .heightOfString(text, { width }) +
      size * 3;
    if (doc.y + needed > bottom()) doc.addPage();
    doc.text(text, MARGIN, doc.y + size * 0.4, { width });
  };

  for (const day of schedule.days) {
    heading(formatDayHeading(day.date), 1.35);
    for (const session of day.sessions) {
      heading(
        t.sessionHeading(
          session.name,
          session.startTime ? formatClockTime(session.startTime) : null,
          session.ring,
        ),
        1.1,
      );
      row(header, "bold");
      for (const line of session.lines) {
        row(cellsOf(line), "body");
        await turn();
        await taken(out);
        if (out.destroyed) return;
      }
    }
  }
  doc.end();
  try {
    await ended;
  } catch (error) {
    out.destroy(error as Error);
    return;
  }
  out.end();
}
