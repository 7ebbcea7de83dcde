import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { heavyInputsTexts } from "#domain/texts/heavy-inputs.ts";
import { estimateSkew, ocrPageCount, prepareForOcr } from "#server/platform/ocr/preprocess.ts";
import { tallImageBomb } from "#tests/support/bombs.ts";

const lines = Array.from(
  { length: 14 },
  (_, i) => `${30 + i} Owner-Amateur Riders on Walking Horses, Optional Tack`,
);
const page = (width = 1200) =>
  sharp(
    Buffer.from(
      `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${Math.round(width * 0.8)}"><rect width="100%" height="100%" fill="#fff"/>${lines
        .map(
          (l, i) =>
            `<text x="${width * 0.06}" y="${(i + 2) * width * 0.045}" font-family="DejaVu Serif" font-size="${width * 0.025}">${l}</text>`,
        )
        .join("")}</svg>`,
    ),
  )
    .png()
    .toBuffer();

async function skewOf(png: Buffer): Promise<number> {
  const { data, info } = await sharp(png)
    .greyscale()
    .extractChannel(0)
    .raw()
    .toBuffer({ resolveWithObject: true });
  return estimateSkew(data, info.width, info.height);
}

describe("estimateSkew", () => {
  it.each([0, 1.5, 3, -3, 5])("finds text turned %s°", async (degrees) => {
    const turned = await sharp(await page())
      .rotate(degrees, { background: "#fff" })
      .png()
      .toBuffer();
    expect(await skewOf(turned)).toBeCloseTo(degrees, 0);
  });

  it("says 0 for a page without text", async () => {
    const blank = await sharp({ create: { width: 400, height: 300, channels: 3, background: "#fff" } })
      .png()
      .toBuffer();
    expect(await skewOf(blank)).toBe(0);
  });
});

describe("prepareForOcr", () => {
  it("turns a tilted page straight", async () => {
    const turned = await sharp(await page())
      .rotate(3, { background: "#fff" })
      .png()
      .toBuffer();
    const prepared = await prepareForOcr(turned);
    expect(prepared.deskewedBy).toBeCloseTo(3, 0);
    expect(await skewOf(prepared.png)).toBe(0);
  });

  it("stands a photo upright by its EXIF orientation", async () => {
    const sideways = await sharp(await page())
      .jpeg()
      .withMetadata({ orientation: 6 })
      .toBuffer();
    const prepared = await prepareForOcr(sideways);
    expect(prepared.height).toBeGreaterThan(prepared.width);
  });

  it.each([
    [600, 1700, "enlarges small text"],
    [1800, 1800, "keeps a page of the right size"],
    [4000, 2600, "reduces a very large photo"],
  ])("%i px wide becomes %i px (%s)", async (width, expected) => {
    const prepared = await prepareForOcr(await page(width));
    expect(prepared.width).toBe(expected);
    const meta = await sharp(prepared.png).metadata();
    expect([meta.format, meta.channels]).toEqual(["png", 1]);
  });

  it("evens out uneven light so the paper is white again", async () => {
    const { data, info } = await sharp(await page())
      .greyscale()
      .extractChannel(0)
      .raw()
      .toBuffer({ resolveWithObject: true });
    const shaded = Buffer.from(
      data.map((v, i) => Math.round(v * (0.55 + 0.45 * ((i % info.width) / info.width)))),
    );
    const png = await sharp(shaded, { raw: { width: info.width, height: info.height, channels: 1 } })
      .png()
      .toBuffer();
    const corner = async (image: Buffer, height: number) =>
      (
        await sharp(image)
          .extract({ left: 5, top: height - 60, width: 50, height: 50 })
          .stats()
      ).channels[0]!.mean;
    const before = await corner(png, info.height);
    expect(before).toBeLessThan(200);
    const prepared = await prepareForOcr(png);
    expect(await corner(prepared.png, prepared.height)).toBeGreaterThan(Math.max(230, before + 40));
  });

  it("refuses bytes that are not an image", async () => {
    await expect(prepareForOcr(Buffer.from("not an image"))).rejects.toThrow();
  });
});

describe("ocrPageCount: what a picture costs to read, from its size alone", () => {
  it.each([
    ["a phone photo of a page", 3024, 4032, 1],
    ["a scan of a Letter page at 200 dpi", 1700, 2200, 1],
    ["a small photo, enlarged to read", 800, 1100, 1],
    ["a landscape photo", 4032, 3024, 1],
    ["a page and a half, as two pages", 1700, 4000, 2],
    ["a long screenshot, four pages", 1000, 6400, 4],
    ["a wide strip six times as wide as tall", 6000, 1000, 1],
  ])("%s (%d × %d px): %d page(s)", (_label, width, height, pages) => {
    expect(ocrPageCount(width, height)).toBe(pages);
  });

  it.each([
    // Issue 19 item 5: 1,700 × 47,000 px (130 KB) took 37 s and 700 MB of OCR.
    ["the 1,700 × 47,000 px strip", 1700, 47_000, heavyInputsTexts.imageTooTall(1700, 47_000)],
    ["a strip just past four pages", 1000, 6500, heavyInputsTexts.imageTooTall(1000, 6500)],
    ["a strip seven times as wide as tall", 7000, 1000, heavyInputsTexts.imageTooWide(7000, 1000)],
    ["more than 80 megapixels", 10_000, 8001, heavyInputsTexts.imageTooManyPixels(10_000, 8001)],
  ])("refuses %s", (_label, width, height, message) => {
    expect(() => ocrPageCount(width, height)).toThrow(message);
  });
});

describe("prepareForOcr: long and oversized pictures", () => {
  it("refuses the 1,700 × 47,000 px strip from its header, before decoding it", async () => {
    const bomb = await tallImageBomb();
    const started = performance.now();
    await expect(prepareForOcr(bomb)).rejects.toThrow(heavyInputsTexts.imageTooTall(1700, 47_000));
    // Decoding 80 megapixels alone takes longer than this on any machine here.
    expect(performance.now() - started).toBeLessThan(2000);
  });

  it("reads a page-and-a-half picture as two pages, cut between lines", async () => {
    const texts = Array.from(
      { length: 60 },
      (_, i) =>
        `<text x="100" y="${120 + i * 62}" font-family="DejaVu Serif" font-size="28">${i + 1} Amateur Walking Horses</text>`,
    ).join("");
    const tall = await sharp(
      Buffer.from(
        `<svg xmlns="http://www.w3.org/2000/svg" width="1700" height="3900"><rect width="100%" height="100%" fill="#fff"/>${texts}</svg>`,
      ),
    )
      .png()
      .toBuffer();
    const prepared = await prepareForOcr(tall);
    expect(prepared.regions).toHaveLength(2);
    for (const region of prepared.regions) {
      const meta = await sharp(region).metadata();
      expect(meta.height! / meta.width!).toBeLessThanOrEqual(1.6 * 1.2);
      // A cut through a line of print would leave ink in the region's first or last rows.
      const { data, info } = await sharp(region)
        .extractChannel(0)
        .raw()
        .toBuffer({ resolveWithObject: true });
      const inkIn = (row: number) =>
        data.subarray(row * info.width, (row + 1) * info.width).some((v) => v < 128);
      expect(inkIn(0) || inkIn(info.height - 1)).toBe(false);
    }
  });
});
