import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { heavyInputsTexts } from "#domain/texts/heavy-inputs.ts";
import { layoutTextItems, readPdfPages, renderScale } from "#server/platform/ocr/pdf-pages.ts";
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
    const { pages, total } = await readPdfPages(pdf, (page) => seen.push(page));
    expect(total).toBe(2);
    expect(seen).toEqual([1, 2]);
    expect(pages[0]).toEqual({
      kind: "text",
      text: "Jackson County Horse Show\n\n1 Leadline (Open)\n2 Yearling Halter Open",
    });
    expect(pages[1]!.kind).toBe("scan");
    const meta = await sharp((pages[1] as { png: Buffer }).png).metadata();
    expect([meta.width, meta.height]).toEqual([1700, 2200]);
  });

  it("reads the first ten pages of a 40-page PDF and says how many it has", async () => {
    const line = (n: number) => ({
      text: `${n} Two Year Old Walking Colts and Geldings`,
      x: 72,
      y: 72,
      size: 11,
    });
    const pdf = makePdf(
      Array.from({ length: 40 }, (_, i) => ({ kind: "text" as const, lines: [line(i + 1)] })),
    );
    const seen: number[] = [];
    const { pages, total } = await readPdfPages(pdf, (page) => seen.push(page));
    expect(total).toBe(40);
    expect(seen).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(pages.map((p) => (p.kind === "text" ? p.text.split(" ")[0] : ""))).toEqual(seen.map(String));
  });

  it("refuses a damaged file", async () => {
    await expect(readPdfPages(Buffer.from("%PDF-1.4\nthis is not really a pdf"))).rejects.toThrow(
      "The PDF could not be read. It may be damaged.",
    );
  });

  // Issue 19 item 4: a 1 KB page with no text and a 7,200-pt size was rendered at 200 dpi (20,000 px
  // square, 2 GB) before anything looked at its size.
  it("refuses a 7,200-pt page without text by its size, before rendering it", async () => {
    const pdf = makePdf([{ kind: "text", lines: [], mediaBox: { width: 7200, height: 7200 } }]);
    expect(pdf.length).toBeLessThan(1024);
    await expect(readPdfPages(pdf)).rejects.toThrow(heavyInputsTexts.pageTooLarge(1, 100, 100));
  });
});

describe("renderScale", () => {
  it.each([
    ["US Letter", 612, 792, 200],
    ["US Legal", 612, 1008, 200],
    ["tabloid, 11 × 17 in", 792, 1224, 200],
    // 24 × 36 in is 864 square inches: 12 Mpx leaves about 118 dpi.
    ["a 24 × 36 in poster", 1728, 2592, Math.sqrt(12_000_000 / 864)],
  ])("renders %s at %d × %d pt at a bounded dpi", (_label, width, height, dpi) => {
    const scale = renderScale(1, width, height);
    expect(scale * 72).toBeCloseTo(dpi, 5);
    expect(width * scale * height * scale).toBeLessThanOrEqual(12_000_000 + 1);
  });

  it.each([
    ["a 100-inch page", 7200, 7200, heavyInputsTexts.pageTooLarge(3, 100, 100)],
    ["a 25 × 37 in page", 1800, 2664, heavyInputsTexts.pageTooLarge(3, 25, 37)],
    ["a 10 × 200 in strip", 720, 14_400, heavyInputsTexts.pageTooLarge(3, 10, 200)],
  ])("refuses %s with its size", (_label, width, height, message) => {
    expect(() => renderScale(3, width, height)).toThrow(message);
  });
});
