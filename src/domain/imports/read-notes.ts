/**
 * What the import preview says about the reading as a whole, beside its classes: a photo turned before it
 * could be read, a photo too blurred or dark for most of its lines, a picture with no class list in it.
 * The words are in texts-prize-lists.ts. Pure.
 */

export type ReadNote =
  | { kind: "turned"; degrees: number }
  | { kind: "blurred"; sure: number; lines: number }
  | { kind: "no-list"; lines: number };

/** Below this share of lines read surely, the photo itself is at fault (blur, dark, tiny print). */
export const SURE_SHARE = 0.5;

export interface Reading {
  /** Classes found. */
  classes: number;
  /** Lines OCR read, and how many of them it was unsure of (none for a PDF's text layer). */
  ocrLines: number;
  unsure: number;
  /** Lines of text read in all, by OCR or from a text layer. */
  textLines: number;
  /** Degrees a photo was turned to be read. */
  turned: number;
}

export function readNotes(reading: Reading): ReadNote[] {
  const notes: ReadNote[] = [];
  if (reading.turned !== 0) notes.push({ kind: "turned", degrees: reading.turned });
  const sure = reading.ocrLines - reading.unsure;
  if (reading.ocrLines > 0 && sure < SURE_SHARE * reading.ocrLines) {
    notes.push({ kind: "blurred", sure, lines: reading.ocrLines });
  }
  if (reading.classes === 0) notes.push({ kind: "no-list", lines: reading.textLines });
  return notes;
}
