import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { estimateSkew, prepareForOcr } from "#server/platform/ocr/preprocess.ts";

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

describe("reading order: pages set in two columns", () => {
  const svgPage = (texts: { x: number; y: number; text: string }[]) =>
    sharp(
      Buffer.from(
        `<svg xmlns="http://www.w3.org/2000/svg" width="1700" height="1400"><rect width="100%" height="100%" fill="#fff"/>${texts
          .map(
            (t) => `<text x="${t.x}" y="${t.y}" font-family="DejaVu Serif" font-size="25">${t.text}</text>`,
          )
          .join("")}</svg>`,
      ),
    )
      .png()
      .toBuffer();
  const rows = (x: number, from: number, label: string) =>
    Array.from({ length: 24 }, (_, i) => ({
      x,
      y: 200 + i * 40,
      text: `${from + i} ${label} Walking Horses`,
    }));
  const title = {
    x: 110,
    y: 100,
    text: "Tennessee Walking Horse National Celebration Prize List, all sessions",
  };

  it.each([
    [
      "a header across two columns: header, left, right",
      [title, ...rows(110, 1, "Amateur"), ...rows(900, 31, "Youth")],
      3,
    ],
    ["two columns without a header: left, right", [...rows(110, 1, "Amateur"), ...rows(900, 31, "Youth")], 2],
    ["one column: the whole page", [title, ...rows(110, 1, "Amateur Riders on Two-Year-Old")], 1],
    [
      "one column with prize money on the right: the whole page",
      [
        title,
        ...rows(110, 1, "Amateur"),
        ...Array.from({ length: 24 }, (_, i) => ({ x: 1300, y: 200 + i * 40, text: "$50" })),
      ],
      1,
    ],
  ])("%s", async (_label, texts, regions) => {
    const prepared = await prepareForOcr(await svgPage(texts));
    expect(prepared.regions).toHaveLength(regions);
  });
});
