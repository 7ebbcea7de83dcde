import sharp from "sharp";
import { type TableGrid, tableGrids } from "#domain/imports/table-grid.ts";
import { HEAVY_INPUT_LIMITS, heavyInputsTexts } from "#domain/texts/heavy-inputs.ts";
import { DocumentReadError } from "#server/platform/heavy/heavy-errors.ts";
import { removeLeaderDots } from "#server/platform/ocr/leader-dots.ts";
import { findPageQuad } from "#server/platform/ocr/page-finder.ts";
import { pageSize, warpPage } from "#server/platform/ocr/perspective-warp.ts";
import type { Quad } from "#server/platform/ocr/quad.ts";
import { removeRuledLines } from "#server/platform/ocr/ruled-lines.ts";
import { medianMarkHeight } from "#server/platform/ocr/text-height.ts";

/**
 * Gets a photographed or scanned page ready for Tesseract: upright by its EXIF orientation, grey,
 * contrast stretched, scaled so body text is large enough to read (phone photos of a whole page are
 * often ~1000 px wide, which leaves letters a few pixels tall) but no larger than needed, and turned
 * straight when it was shot a few degrees askew. A phone photo of a sheet on a table is first cut down to
 * the sheet, its perspective undone.
 */

/** A decompression bomb guard, as for pictures. */
export const MAX_INPUT_PIXELS = HEAVY_INPUT_LIMITS.imagePixels;
/** Pages narrower than this are enlarged (up to MAX_UPSCALE times); wider ones are reduced to MAX_WIDTH. */
const MIN_WIDTH = 1700;
const MAX_WIDTH = 2600;
const MAX_UPSCALE = 3;
/** The width a sheet found in a photo is enlarged to: about a 300 dpi scan of a letter page. */
const PHOTO_PAGE_WIDTH = 2400;
/**
 * A sheet photographed in low light (DIM_PAPER) is enlarged only until its marks (text-height.ts) are this
 * tall, px: a 300 dpi scan's are 23–28. Flattening its light multiplies its sensor noise, and enlarged to
 * 2,400 px (marks of 34) the noise swells into the letters.
 */
const MARK_HEIGHT = 26;
/** …and never below this width. */
const MIN_PHOTO_PAGE_WIDTH = 1500;
/**
 * A found sheet whose lightest tenth is darker than this (0–255) was photographed in low light: the
 * corpus's low-light photo 94–96 (with either seed), every other photo 215–242.
 */
const DIM_PAPER = 160;
/** A change of less than this share of the width is not worth a second resampling. */
const RESIZE_AT_LEAST = 0.03;

/** Skew search: ±6° in quarter degrees on a small copy; below MIN_SKEW the page is left as it is. */
const MAX_SKEW = 6;
const SKEW_STEP = 0.25;
const MIN_SKEW = 0.4;
const PROBE_WIDTH = 900;
/** After flattening, grey at least this light counts as paper. */
const PAPER = 215;

export interface PreparedImage {
  /** PNG, greyscale. */
  png: Buffer;
  width: number;
  height: number;
  /** Degrees the page was turned to straighten it (0 when it was straight). */
  deskewedBy: number;
  /** Whether a sheet was found in the photo and cut out of its background (page-finder.ts). */
  foundPage: boolean;
  /** The ruled tables of the page (table-grid.ts), when it is read as one region: their rows are read across. */
  tables: TableGrid[];
  /**
   * The pages to recognise one after another: the whole page, or a long picture cut into several, one
   * under another. Their reading order comes from the words read (word-layout.ts).
   */
  regions: Buffer[];
}

const targetWidthFor = (width: number) =>
  width < MIN_WIDTH ? Math.min(MIN_WIDTH, width * MAX_UPSCALE) : Math.min(width, MAX_WIDTH);

/**
 * How many pages a picture of this size (upright) is read as, checked from its header before it is
 * decoded: scaled to the width Tesseract reads well, it is cut into pages at most
 * HEAVY_INPUT_LIMITS.pageAspect times as tall as wide, and at most HEAVY_INPUT_LIMITS.imagePages of
 * them. Anything more (a 1,700 × 47,000 px strip would be 19 pages and 80 megapixels to recognise), or
 * a picture of more than 80 megapixels, is refused with its size.
 */
export function ocrPageCount(width: number, height: number): number {
  if (width * height > HEAVY_INPUT_LIMITS.imagePixels) {
    throw new DocumentReadError(heavyInputsTexts.imageTooManyPixels(width, height));
  }
  const longest = HEAVY_INPUT_LIMITS.imagePages * HEAVY_INPUT_LIMITS.pageAspect;
  if (width / height > longest) throw new DocumentReadError(heavyInputsTexts.imageTooWide(width, height));
  const scaledHeight = (height * targetWidthFor(width)) / width;
  const pages = Math.ceil(scaledHeight / (targetWidthFor(width) * HEAVY_INPUT_LIMITS.pageAspect) - 1e-9);
  if (pages > HEAVY_INPUT_LIMITS.imagePages) {
    throw new DocumentReadError(heavyInputsTexts.imageTooTall(width, height));
  }
  return Math.max(1, pages);
}

/**
 * The skew of text lines in a greyscale image, in degrees (positive: lines fall to the right), by the
 * projection-profile method: rows of ink are sharpest, so the row sums vary most, at the true angle.
 */
export function estimateSkew(grey: Uint8Array, width: number, height: number): number {
  let count = 0;
  for (let i = 0; i < grey.length; i++) if (grey[i]! < 128) count++;
  if (count < 100) return 0;
  const ink = new Int32Array(2 * count);
  let k = 0;
  for (let y = 0; y < height; y++) {
    const row = y * width;
    for (let x = 0; x < width; x++) {
      if (grey[row + x]! < 128) {
        ink[k++] = x;
        ink[k++] = y;
      }
    }
  }
  const score = (degrees: number) => {
    const slope = Math.tan((degrees * Math.PI) / 180);
    const offset = Math.ceil(Math.abs(slope) * width) + 1;
    const rows = new Float64Array(height + 2 * offset);
    for (let i = 0; i < ink.length; i += 2) rows[Math.round(ink[i + 1]! - ink[i]! * slope) + offset]! += 1;
    let sum = 0;
    let squares = 0;
    for (const r of rows) {
      sum += r;
      squares += r * r;
    }
    return squares / rows.length - (sum / rows.length) ** 2;
  };
  const straight = score(0);
  let best = 0;
  let bestScore = straight;
  for (let a = -MAX_SKEW; a <= MAX_SKEW + 1e-9; a += SKEW_STEP) {
    const s = score(a);
    if (s > bestScore) {
      best = a;
      bestScore = s;
    }
  }
  // A faint preference is noise, not skew.
  return Math.abs(best) >= MIN_SKEW && bestScore > straight * 1.05 ? best : 0;
}

export async function prepareForOcr(input: Buffer): Promise<PreparedImage> {
  const header = await sharp(input, { limitInputPixels: false }).metadata();
  // EXIF orientations 5–8 stand the picture on its side: its upright width is the stored height.
  const sideways = (header.orientation ?? 1) >= 5;
  const pageCount = ocrPageCount(
    sideways ? header.height : header.width,
    sideways ? header.width : header.height,
  );
  const upright = await pageOf(input);
  const foundPage = upright.foundPage;
  const dim = foundPage && lightestTenth(upright.data) < DIM_PAPER;
  // A sheet cut out of a photo is small (its letters a few pixels tall): it is enlarged to a scan's size.
  const targetWidth = foundPage ? PHOTO_PAGE_WIDTH : targetWidthFor(upright.info.width);
  const resized = await greyRaw(upright.data, upright.info.width, upright.info.height)
    .resize({ width: Math.round(targetWidth) })
    .extractChannel(0)
    .raw()
    .toBuffer({ resolveWithObject: true });
  const flat = await toPrintSize(
    await flattenLighting(resized.data, resized.info.width, resized.info.height),
    resized.info,
    dim,
  );
  // A 3 × 3 median removes sensor speckle (which Tesseract would read as marks) and keeps strokes; then
  // edges (not flat paper, where noise lives) are sharpened, which tells a blurred comma from a full stop.
  const scaled = await greyRaw(flat.data, flat.info.width, flat.info.height)
    .median(3)
    .sharpen({ sigma: 1.2, m1: 0, m2: 3 })
    .normalise()
    .extractChannel(0)
    .raw()
    .toBuffer({ resolveWithObject: true });
  const page = () => greyRaw(scaled.data, scaled.info.width, scaled.info.height);

  const probe = await page()
    .resize({ width: Math.min(PROBE_WIDTH, scaled.info.width) })
    .extractChannel(0)
    .raw()
    .toBuffer({ resolveWithObject: true });
  // A page cut out of its photo was straightened with its perspective.
  const skew = foundPage ? 0 : estimateSkew(probe.data, probe.info.width, probe.info.height);

  // Lines falling to the right by `skew` degrees come straight when turned back by as much.
  const straightened = skew === 0 ? page() : page().rotate(-skew, { background: "#ffffff" });
  const straight = await straightened.extractChannel(0).raw().toBuffer({ resolveWithObject: true });
  const rules = removeRuledLines(straight.data, straight.info.width, straight.info.height);
  removeLeaderDots(straight.data, straight.info.width, straight.info.height);
  const out = await greyRaw(straight.data, straight.info.width, straight.info.height)
    .toColourspace("b-w")
    .png({ compressionLevel: 1 })
    .toBuffer({ resolveWithObject: true });
  const prepared = { png: out.data, width: out.info.width, height: out.info.height, deskewedBy: skew };
  const regions: Buffer[] = [];
  for (const part of await splitPages(prepared, pageCount)) regions.push(part.png);
  // A long picture cut into several pages keeps its rules but not their places: its tables are read as blocks.
  const tables = regions.length === 1 ? tableGrids(rules.across, rules.down) : [];
  return { ...prepared, foundPage, regions, tables };
}

/** The grey level a tenth of the pixels are lighter than: the paper's light on a page of print. */
function lightestTenth(grey: Uint8Array): number {
  const counts = new Uint32Array(256);
  for (const v of grey) counts[v]!++;
  let above = 0;
  for (let v = 255; v > 0; v--) {
    above += counts[v]!;
    if (above >= grey.length / 10) return v;
  }
  return 0;
}

/**
 * A dim sheet, flattened, reduced so its marks are MARK_HEIGHT tall: reducing averages its noise away
 * rather than enlarging it into the letters. Measured after a median and a stretch, as it will be read.
 */
async function toPrintSize(
  flat: Buffer,
  info: { width: number; height: number },
  dim: boolean,
): Promise<{ data: Buffer; info: { width: number; height: number } }> {
  if (!dim) return { data: flat, info };
  const measured = await greyRaw(flat, info.width, info.height)
    .median(3)
    .normalise()
    .extractChannel(0)
    .raw()
    .toBuffer();
  const mark = medianMarkHeight(measured, info.width, info.height);
  if (mark === null) return { data: flat, info };
  const width = Math.max(MIN_PHOTO_PAGE_WIDTH, Math.round((info.width * MARK_HEIGHT) / mark));
  if (width > info.width * (1 - RESIZE_AT_LEAST)) return { data: flat, info };
  const smaller = await greyRaw(flat, info.width, info.height)
    .resize({ width })
    .extractChannel(0)
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { data: smaller.data, info: { width: smaller.info.width, height: smaller.info.height } };
}

/** Share of the page's size left out at its rim. */
const PAGE_INSET = 0.015;
/** Side of the small colour copy the page is looked for in. */
const FINDER_SIDE = 400;

/**
 * The photo upright by its EXIF orientation, grey; when it shows a sheet lying on a table, only that
 * sheet, its perspective and rotation undone (page-finder.ts, perspective-warp.ts).
 */
async function pageOf(input: Buffer) {
  const upright = sharp(input, { limitInputPixels: MAX_INPUT_PIXELS })
    .rotate()
    .flatten({ background: "#ffffff" });
  const grey = await upright
    .clone()
    .greyscale()
    .extractChannel(0)
    .raw()
    .toBuffer({ resolveWithObject: true });
  const small = await upright
    .clone()
    .resize({ width: FINDER_SIDE, height: FINDER_SIDE, fit: "inside" })
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const quad = findPageQuad(small.data, small.info.width, small.info.height, small.info.channels);
  if (!quad) return { data: grey.data, info: grey.info, foundPage: false };
  const scale = grey.info.width / small.info.width;
  // A little inside the edges: the paper's own rim and shadow are no print.
  const cx = quad.reduce((sum, p) => sum + p.x, 0) / 4;
  const cy = quad.reduce((sum, p) => sum + p.y, 0) / 4;
  const corners = quad.map((p) => ({
    x: (cx + (p.x - cx) * (1 - PAGE_INSET)) * scale,
    y: (cy + (p.y - cy) * (1 - PAGE_INSET)) * scale,
  })) as Quad;
  const size = pageSize(corners);
  const data = warpPage(grey.data, grey.info.width, grey.info.height, corners, size);
  return { data: Buffer.from(data.buffer, data.byteOffset, data.byteLength), info: size, foundPage: true };
}

/** A long page cut into `count` pages one under another, each cut at the emptiest row near its place. */
async function splitPages(
  page: { png: Buffer; width: number; height: number },
  count: number,
): Promise<{ png: Buffer; width: number; height: number }[]> {
  if (count <= 1) return [page];
  const { data, info } = await sharp(page.png).extractChannel(0).raw().toBuffer({ resolveWithObject: true });
  const ink = new Int32Array(info.height);
  for (let y = 0; y < info.height; y++) {
    for (let x = 0; x < info.width; x++) if (data[y * info.width + x]! < 128) ink[y]!++;
  }
  const band = info.height / count;
  const cuts = [0];
  for (let i = 1; i < count; i++) {
    let best = Math.round(i * band);
    for (let y = Math.round((i - 0.15) * band); y <= Math.round((i + 0.15) * band); y++) {
      if (ink[y]! < ink[best]!) best = y;
    }
    cuts.push(best);
  }
  cuts.push(info.height);
  return Promise.all(
    cuts.slice(1).map(async (end, i) => {
      const top = cuts[i]!;
      const png = await sharp(page.png)
        .extract({ left: 0, top, width: info.width, height: end - top })
        .png({ compressionLevel: 1 })
        .toBuffer();
      return { png, width: info.width, height: end - top };
    }),
  );
}

/**
 * Evens out a photo's light (a bright spot, a shadowed corner): each pixel divided by the paper around
 * it, estimated by a blur wide enough to wash out letters. Clean scans come out unchanged.
 */
async function flattenLighting(grey: Buffer, width: number, height: number): Promise<Buffer> {
  // Estimated on an eighth-size copy: the light changes slowly, and wide filters at full size are slow.
  const small = await greyRaw(grey, width, height)
    .resize({ width: Math.max(1, Math.round(width / 8)) })
    .extractChannel(0)
    .raw()
    .toBuffer({ resolveWithObject: true });
  const lightest = maxFilter(small.data, small.info.width, small.info.height, 4);
  const paper = await greyRaw(lightest, small.info.width, small.info.height)
    .blur(3)
    .resize({ width, height, fit: "fill" })
    .extractChannel(0)
    .raw()
    .toBuffer();
  const out = Buffer.alloc(grey.length);
  for (let i = 0; i < grey.length; i++) {
    const v = (grey[i]! * 255) / Math.max(paper[i]!, 1);
    // What is nearly paper becomes paper, so speckle in the margins is not read as marks.
    out[i] = v > PAPER ? 255 : Math.round(v);
  }
  return out;
}

/** The lightest value within `radius` of each pixel: letters vanish, the paper's light remains. */
function maxFilter(data: Buffer, width: number, height: number, radius: number): Buffer {
  return maxAlong(maxAlong(data, width, height, radius, 1, width), width, height, radius, width, 1);
}

/** One pass of the max filter: along rows (`step` 1) or columns (`step` = width). */
function maxAlong(
  data: Buffer,
  width: number,
  height: number,
  radius: number,
  step: number,
  lineStep: number,
) {
  const length = step === 1 ? width : height;
  const lines = step === 1 ? height : width;
  const out = Buffer.alloc(data.length);
  for (let line = 0; line < lines; line++) {
    for (let i = 0; i < length; i++) {
      let m = 0;
      for (let j = Math.max(0, i - radius); j <= Math.min(length - 1, i + radius); j++) {
        m = Math.max(m, data[line * lineStep + j * step]!);
      }
      out[line * lineStep + i * step] = m;
    }
  }
  return out;
}

const greyRaw = (data: Buffer, width: number, height: number) =>
  sharp(data, { raw: { width, height, channels: 1 }, limitInputPixels: MAX_INPUT_PIXELS });

/** Longest side of the JPEG sent to an LLM: a page's small print stays legible, the request stays small. */
const LLM_MAX_SIDE = 2000;

/** A photo as the JPEG the spec's image call takes: upright by EXIF, at most 2,000 px on its longer side. */
export async function jpegForModel(image: Buffer): Promise<Buffer> {
  return sharp(image, { limitInputPixels: MAX_INPUT_PIXELS })
    .rotate()
    .resize({ width: LLM_MAX_SIDE, height: LLM_MAX_SIDE, fit: "inside", withoutEnlargement: true })
    .jpeg({ quality: 85 })
    .toBuffer();
}
