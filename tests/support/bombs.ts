/**
 * The three inputs of issue 19 that froze the server, made small enough to build in a test: a folded
 * 2 MB calendar whose events hide from a count of raw lines, a 1 KB PDF page 7,200 pt square with no
 * text, and a 1,700 × 47,000 px picture that compresses to about 130 KB.
 */
import sharp from "sharp";
import { CALENDAR_LIMITS } from "#domain/contracts/admin.ts";
import { makePdf } from "#tests/support/pdf-writer.ts";

/** One event, its BEGIN and END lines folded (RFC 5545) in the middle of the word. */
const foldedEvent = (i: number) =>
  `BEGIN:VEV\r\n ENT\r\nUID:bomb-${i}@ringside.test\r\nSUMMARY:Bomb Show ${i}\r\nDTSTART;VALUE=DATE:2026${String((i % 12) + 1).padStart(2, "0")}${String((i % 28) + 1).padStart(2, "0")}\r\nLOCATION:Shelbyville\\, TN\r\nEND:VEV\r\n ENT\r\n`;

/** As many folded events as fit in `bytes` (by default the 2 MB a calendar may be). */
export function foldedCalendarBomb(bytes: number = CALENDAR_LIMITS.fileBytes): Buffer {
  const head = "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//Ringside//bomb//EN\r\n";
  const tail = "END:VCALENDAR\r\n";
  const parts = [head];
  let size = head.length + tail.length;
  for (let i = 0; ; i++) {
    const event = foldedEvent(i);
    if (size + event.length > bytes) break;
    parts.push(event);
    size += event.length;
  }
  parts.push(tail);
  return Buffer.from(parts.join(""));
}

/**
 * A calendar within every limit (1,990 events, 1.7 MB) that still takes ical.js a second or more to
 * parse: what the event loop would have carried for every import before parsing moved to a worker.
 */
export function heavyCalendar(): Buffer {
  const parts = ["BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//Ringside//heavy//EN\r\n"];
  for (let i = 0; i < 1990; i++) {
    parts.push(
      `BEGIN:VEVENT\r\nUID:heavy-${i}@ringside.test\r\nSUMMARY:Heavy Show ${i}\r\nDESCRIPTION:${"Classes for walking horses ".repeat(26)}\r\nDTSTART;VALUE=DATE:20260101\r\nLOCATION:Shelbyville\r\nEND:VEVENT\r\n`,
    );
  }
  parts.push("END:VCALENDAR\r\n");
  return Buffer.from(parts.join(""));
}

/** How many events a calendar made by foldedCalendarBomb holds. */
export const eventsIn = (calendar: Buffer) => calendar.toString().split("BEGIN:VEV\r\n ENT").length - 1;

/** A PDF of one empty page 7,200 pt (100 in) square: under 1 KB. */
export const hugePagePdf = () =>
  makePdf([{ kind: "text", lines: [], mediaBox: { width: 7200, height: 7200 } }]);

let tall: Promise<Buffer> | undefined;

/** A white 1,700 × 47,000 px PNG (about 130 KB; built once per test file, in about a second). */
export function tallImageBomb(): Promise<Buffer> {
  tall ??= sharp({
    create: { width: 1700, height: 47_000, channels: 3, background: "#fff" },
    limitInputPixels: false,
  })
    .toColourspace("b-w")
    .png({ compressionLevel: 9 })
    .toBuffer();
  return tall;
}
