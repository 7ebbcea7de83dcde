/**
 * What an admin reads when an uploaded or fetched file is too big or too costly to read: calendars,
 * PDFs and pictures are read in worker threads with limits (docs/decisions/017-heavy-input-workers.md),
 * and each limit says what it refused and what to do instead. Server and tests import these words.
 */

const whole = (n: number) => Math.round(n).toLocaleString("en-US");
/** Inches and seconds to one decimal, without a trailing ".0". */
const tenths = (n: number) => (Math.round(n * 10) / 10).toLocaleString("en-US");

export const HEAVY_INPUT_LIMITS = {
  /** Seconds before Retry-After asks a refused client to come back. */
  retryAfterSeconds: 60,
  /** PDF pages read from one file; the rest are left out and the preview says so. */
  pdfPages: 10,
  /** A PDF page larger than this (in square inches, a 24 × 36 in poster) is not rendered. */
  pageSquareInches: 24 * 36,
  /** Pixels a scanned PDF page is rendered at, at most (about a tabloid page at 200 dpi). */
  renderPixels: 12_000_000,
  /** Pixels a picture may decode to. */
  imagePixels: 80_000_000,
  /** A picture is read as at most this many pages, one under another (a long screenshot). */
  imagePages: 4,
  /** One such page is at most this many times as tall as it is wide. */
  pageAspect: 1.6,
} as const;

export const heavyInputsTexts = {
  busy: "Ringside is busy reading other files. Try again in a minute.",
  tookTooLong: (seconds: number) =>
    `Reading that file took longer than ${tenths(seconds)} seconds, so it was stopped. Try a smaller file.`,
  tooComplex:
    "Reading that file needed more memory than the server allows, so it was stopped. Try a smaller file.",
  pageTooLarge: (page: number, width: number, height: number) =>
    `Page ${page} is ${tenths(width)} × ${tenths(height)} inches, too large to read. Pages up to 24 × 36 inches can be read.`,
  imageTooManyPixels: (width: number, height: number) =>
    `The picture is ${whole(width)} × ${whole(height)} pixels, more than ${whole(HEAVY_INPUT_LIMITS.imagePixels / 1_000_000)} megapixels. Send a smaller picture.`,
  imageTooTall: (width: number, height: number) =>
    `The picture is ${whole(width)} × ${whole(height)} pixels: too tall to read as one page. Crop it into pages and send them one at a time.`,
  imageTooWide: (width: number, height: number) =>
    `The picture is ${whole(width)} × ${whole(height)} pixels: too wide to read as one page. Crop it into pages and send them one at a time.`,
} as const;
