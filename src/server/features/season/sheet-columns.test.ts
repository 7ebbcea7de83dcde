import { describe, expect, it } from "vitest";
import type { BarnSchedule } from "#domain/contracts/season.ts";
import { openPdf } from "#tests/support/pdf-read.ts";
import { schedulePdf } from "./season.pdf.ts";
import { fitColumns, MOST, unbreakablePieces } from "./sheet-columns.ts";

describe("unbreakablePieces", () => {
  it.each([
    ["Midnight Masterpiece", ["Midnight", "Masterpiece"]],
    ["Class", ["Class"]],
    ["Two-Year-Old  Walking\tHorse", ["Two-", "Year-", "Old", "Walking", "Horse"]],
    ["≈ 8:14 AM", ["≈", "8:14", "AM"]],
    ["", []],
  ])("%j → %j", (text, pieces) => {
    expect(unbreakablePieces(text)).toEqual(pieces);
  });
});

describe("fitColumns", () => {
  const shares = [0.1, 0.4, 0.2, 0.3];
  const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
  it.each([
    { what: "needs all met by the shares: the shares", needs: [5, 10, 10, 10], want: [50, 200, 100, 150] },
    {
      what: "a narrow column grows to its word, the others share what is left",
      needs: [80, 10, 10, 10],
      want: [80, 420 * (0.4 / 0.9), 420 * (0.2 / 0.9), 420 * (0.3 / 0.9)],
    },
    {
      what: "a column made short by another's growth grows too",
      needs: [200, 10, 90, 10],
      want: [200, 210 * (0.4 / 0.7), 90, 210 * (0.3 / 0.7)],
    },
    {
      what: "needs that fill the width exactly",
      needs: [125, 125, 125, 125],
      want: [125, 125, 125, 125],
    },
    {
      what: "needs beyond the width: scaled down, only then does a word break",
      needs: [200, 200, 200, 200],
      want: [125, 125, 125, 125],
    },
  ])("$what", ({ needs, want }) => {
    const got = fitColumns(shares, needs, 500);
    expect(sum(got)).toBeCloseTo(500, 6);
    for (const [i, w] of got.entries()) expect(w, `column ${i}`).toBeCloseTo(want[i]!, 6);
  });
  it("a word longer than MOST of the table does not take the table: it breaks", () => {
    const got = fitColumns(shares, [10, 10_000, 10, 10], 500);
    expect(got[1]).toBeCloseTo(500 * MOST, 6);
    expect(sum(got)).toBeCloseTo(500, 6);
  });
});

/** The PDF's runs of text, one per line drawn in a cell. */
async function pdfRuns(bytes: Buffer): Promise<string[]> {
  const doc = await openPdf(bytes);
  const runs: string[] = [];
  for (let n = 1; n <= doc.numPages; n++) {
    const content = await (await doc.getPage(n)).getTextContent();
    for (const item of content.items) if ("str" in item && item.str.trim() !== "") runs.push(item.str.trim());
  }
  await doc.destroy();
  return runs;
}

const sheet: BarnSchedule = {
  show: {
    id: "show-1",
    name: "Spring Fling",
    location: "Shelbyville, TN",
    startDate: "2026-05-02",
    endDate: "2026-05-02",
    url: "http://localhost:3000/shows/show-1",
  },
  scope: "mine",
  printedOn: "2026-04-20",
  days: [
    {
      date: "2026-05-02",
      sessions: [
        {
          name: "Saturday Evening",
          startTime: "19:00",
          ring: "Main Ring",
          lines: [
            {
              number: "12",
              className: "Amateur Owner Two-Year-Old Specialty Championship",
              horse: "Midnight Masterpiece",
              rider: "Bartholomew Fitzgerald",
              owner: "Casey Owner",
              time: "7:42 PM",
            },
          ],
        },
      ],
    },
  ],
  qrSvg: "",
};

describe("the schedule PDF's cells", () => {
  it.each([
    [false, "letter"],
    [true, "letter"],
    [true, "a4"],
  ] as const)(
    "large %s on %s: every word whole, lines broken only at spaces and hyphens",
    async (large, paper) => {
      const runs = await pdfRuns(await schedulePdf(sheet, { large, paper }));
      const words = runs.flatMap((run) => unbreakablePieces(run));
      for (const word of [
        "Class",
        "Horse",
        "Owner",
        "Rider",
        "Midnight",
        "Masterpiece",
        "Bartholomew",
        "Fitzgerald",
        "Championship",
        "Specialty",
      ])
        expect(words, word).toContain(word);
      // Nothing printed is a piece of a word: every run is made of the sheet's own words.
      const known = new Set(
        [
          "Class Class name Horse Rider Owner Est. time",
          ...sheet.days[0]!.sessions[0]!.lines.flatMap((l) => Object.values(l)),
        ].flatMap(unbreakablePieces),
      );
      const table = words.slice(words.indexOf("Est.") - 6);
      for (const word of table.filter((w) => /^[A-Za-z]/.test(w) && !/Saturday|Evening|Main|Ring/.test(w)))
        expect(known, word).toContain(word);
    },
  );
});
