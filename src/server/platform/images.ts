import type { MultipartFile } from "@fastify/multipart";
import type { FastifyRequest } from "fastify";
import { ERROR_CODES } from "#domain/app/errors.ts";
import { AppError, badRequest } from "#server/platform/errors.ts";

/** Pictures from a phone camera fit easily; anything larger is refused before it is decoded. */
export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;
/** Stored pictures are at most this many pixels on their longer side. */
export const MAX_IMAGE_SIDE = 1024;
/** A decompression bomb guard: 10 MB of PNG can claim billions of pixels. */
const MAX_INPUT_PIXELS = 80_000_000;

/** The formats we accept, by the type sniffed from the bytes (never the client's declared type). */
const ACCEPTED_TYPES = new Set([
  "image/jpeg",
  "image/png",
  "image/webp",
  "image/gif",
  "image/avif",
  "image/heic",
  "image/heif",
  "image/tiff",
  "image/bmp",
]);

export const IMAGE_ERRORS = {
  missing: "Choose a picture to upload.",
  notImage: "That file is not a picture. Upload a JPEG, PNG, WebP, GIF, AVIF, HEIC or TIFF image.",
  corrupt: "That picture could not be read. It may be damaged; try another one.",
  tooLarge: "That picture is larger than 10 MB. Choose a smaller one.",
  notMultipart: "Send the picture as multipart/form-data.",
} as const;

/** Options for @fastify/multipart: one file, a few small fields, the size cap. */
export const multipartOptions = {
  limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 4, fieldSize: 1024, parts: 5 },
  throwFileSizeLimit: true,
} as const;

export interface ProcessedImage {
  contentType: "image/webp";
  bytes: Buffer;
  width: number;
  height: number;
}

const tooLarge = () => new AppError(413, ERROR_CODES.payloadTooLarge, IMAGE_ERRORS.tooLarge);

/**
 * Reads the one uploaded file of a multipart request into memory (at most MAX_UPLOAD_BYTES),
 * turning the plugin's errors into messages a person understands.
 */
export async function readUpload(request: FastifyRequest): Promise<Buffer> {
  if (!request.isMultipart()) throw badRequest(IMAGE_ERRORS.notMultipart);
  let file: MultipartFile | undefined;
  try {
    file = await request.file();
    if (!file) throw badRequest(IMAGE_ERRORS.missing);
    const bytes = await file.toBuffer();
    // toBuffer() only notices the cap when a chunk arrives after it; when the cap falls exactly on a
    // chunk boundary the parser marks the file truncated and the read ends cleanly with 10 MB of it.
    if (file.file.truncated || bytes.length > MAX_UPLOAD_BYTES) throw tooLarge();
    if (bytes.length === 0) throw badRequest(IMAGE_ERRORS.missing);
    return bytes;
  } catch (error) {
    if (error instanceof AppError) throw error;
    const code = (error as { code?: string }).code;
    if (code === "FST_REQ_FILE_TOO_LARGE") throw tooLarge();
    if (code === "FST_INVALID_MULTIPART_CONTENT_TYPE") throw badRequest(IMAGE_ERRORS.notMultipart);
    if (code === "FST_FILES_LIMIT" || code === "FST_PARTS_LIMIT" || code === "FST_FIELDS_LIMIT") {
      throw badRequest("Upload one picture at a time.");
    }
    throw badRequest(IMAGE_ERRORS.corrupt);
  }
}

/**
 * Sniffs the type from the bytes, then re-encodes with sharp: rotated upright per EXIF,
 * at most MAX_IMAGE_SIDE px, WebP, metadata stripped. Nothing of the original reaches a browser.
 */
export async function processImage(input: Buffer): Promise<ProcessedImage> {
  if (input.length > MAX_UPLOAD_BYTES) throw tooLarge();
  // Loaded on first upload, not at start-up: sharp's native library is a tenth of a cold start.
  const [{ fileTypeFromBuffer }, { default: sharp }] = await Promise.all([
    import("file-type"),
    import("sharp"),
  ]);
  const sniffed = await fileTypeFromBuffer(input);
  if (!sniffed || !ACCEPTED_TYPES.has(sniffed.mime)) throw badRequest(IMAGE_ERRORS.notImage);
  try {
    const { data, info } = await sharp(input, { limitInputPixels: MAX_INPUT_PIXELS })
      .rotate()
      .resize({ width: MAX_IMAGE_SIDE, height: MAX_IMAGE_SIDE, fit: "inside", withoutEnlargement: true })
      .webp({ quality: 82 })
      .toBuffer({ resolveWithObject: true });
    return { contentType: "image/webp", bytes: data, width: info.width, height: info.height };
  } catch {
    throw badRequest(IMAGE_ERRORS.corrupt);
  }
}
