import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { layoutTextItems, readPdfPages } from "#server/platform/ocr/pdf-pages.ts";
import { scannedPdfPage } from "#tests/support/class-list-images.ts";
import { makePdf } from "#tests/support/pdf-writer.ts";
import { fixtureShows, layoutPrizeList } from "#tests/support/prize-list.ts";

const item = (str: string, x: number, y: number, width = str.length * 5, height = 10) => ({
  str,
  transform: [height, 0, 0, height, x, y],
  width,
  height,
});

describe("layoutTextItems", () => {
  it.each([
    [
      "items on one baseline join left to right, lines run top to bottom",
      [
        item("Model Stallions", 100, 700),
        item("30", 72, 700, 10),
        item("Fine Harness", 100, 686),
        item("31", 72, 686, 10),
      ],
      "30 Model Stallions\n31 Fine Harness",
    ],
    [
      "a wide vertical gap leaves a blank line",
      [item("Title", 72, 740), item("1 Leadline", 72, 700)],
      "Title\n\n1 Leadline",
    ],
    [
      "pieces of one word touching are joined without a space",
      [item("Walk", 72, 700, 20), item("ing", 92, 700, 15)],
      "Walking",
    ],
    [
      "a far-off piece on the line is its own segment (a prize-money column)",
      [item("38 Walking Horse Stake", 72, 700, 110), item("$500", 450, 700, 20)],
      "38 Walking Horse Stake\n$500",
    ],
  ])("%s", (_label, items, expected) => {
    expect(layoutTextItems(items)).toBe(expected);
  });

  it("reads a second column after the first", () => {
    const items = [0, 1, 2, 3, 4, 5].flatMap((i) => [
      item(`${i + 1} Left class`, 72, 700 - 14 * i, 60),
      item(`${i + 11} Right class`, 320, 700 - 14 * i, 60),
    ]);
    const lines = layoutTextItems(items).split("\n").filter(Boolean);
    expect(lines).toEqual([
      ...[1, 2, 3, 4, 5, 6].map((n) => `${n} Left class`),
      ...[11, 12, 13, 14, 15, 16].map((n) => `${n} Right class`),
    ]);
  });
});

describe("readPdfPages", () => {
  const list = layoutPrizeList(fixtureShows()[6]!);

  it("reads a text layer directly and renders a scanned page for OCR", async () => {
    const pdf = makePdf([
      {
        kind: "text",
        lines: [
          { text: "Jackson County Horse Show", x: 72, y: 72, size: 14 },
          { text: "1 Leadline (Open)", x: 72, y: 100, size: 11 },
          { text: "2 Yearling Halter Open", x: 72, y: 114, size: 11 },
        ],
      },
      await scannedPdfPage(list),
    ]);
    const seen: number[] = [];
    const pages = await readPdfPages(pdf, (page) => seen.push(page));
    expect(seen).toEqual([1, 2]);
    expect(pages[0]).toEqual({
      kind: "text",
      text: "Jackson County Horse Show\n\n1 Leadline (Open)\n2 Yearling Halter Open",
    });
    expect(pages[1]!.kind).toBe("scan");
    const meta = await sharp((pages[1] as { png: Buffer }).png).metadata();
    expect([meta.width, meta.height]).toEqual([1700, 2200]);
  });

  it.each([
    [
      "a damaged file",
      Buffer.from("%PDF-1.4\nthis is not really a pdf"),
      "The PDF could not be read. It may be damaged.",
    ],
    [
      "too many pages",
      makePdf(Array.from({ length: 31 }, () => ({ kind: "text" as const, lines: [] }))),
      "The PDF has 31 pages; at most 30 can be read at once.",
    ],
  ])("refuses %s", async (_label, bytes, message) => {
    await expect(readPdfPages(bytes)).rejects.toThrow(message);
  });
});
