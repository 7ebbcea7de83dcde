import { fileTypeFromBuffer } from "file-type";
import { DocumentReadError } from "#server/platform/heavy/heavy-errors.ts";

/**
 * What an uploaded class list is, sniffed from its bytes (never the name or the declared type): a PDF or a
 * picture we can read. Light enough for the main thread, which picks the LLM path for pictures by it.
 */

export const OCR_IMAGE_TYPES = new Set([
  "image/jpeg",
  "image/png",
  "image/webp",
  "image/heic",
  "image/heif",
  "image/avif",
  "image/tiff",
  "image/bmp",
  "image/gif",
]);

export const DOCUMENT_ERRORS = {
  unsupported: "That file is not a picture or a PDF. Upload a JPEG, PNG, WebP or HEIC photo, or a PDF.",
  unreadableImage: "That picture could not be read. It may be damaged; try another one.",
  heic: "HEIC photos cannot be read here. Share the photo as JPEG (on an iPhone: Settings › Camera › Formats › Most Compatible).",
} as const;

/** What an upload is, sniffed from its bytes: a PDF or a picture we can read; anything else is refused. */
export async function documentKind(bytes: Buffer): Promise<"pdf" | "image"> {
  const type = await fileTypeFromBuffer(bytes);
  if (type?.mime === "application/pdf") return "pdf";
  if (!type || !OCR_IMAGE_TYPES.has(type.mime)) throw new DocumentReadError(DOCUMENT_ERRORS.unsupported);
  return "image";
}
