import { describe, expect, it } from "vitest";
import { layoutText, layoutWords, type OcrWord } from "#domain/imports/word-layout.ts";

/** Words of a line laid out from x, 40 px tall, 14 px per letter and a 14 px space. */
function line(text: string, x: number, y: number, confidence = 95): OcrWord[] {
  const words: OcrWord[] = [];
  let at = x;
  for (const word of text.split(" ")) {
    words.push({ text: word, confidence, x0: at, y0: y, x1: at + 14 * word.length, y1: y + 40 });
    at += 14 * word.length + 14;
  }
  return words;
}

const column = (x: number, y: number, lines: readonly string[], pitch = 60) =>
  lines.flatMap((text, i) => line(text, x, y + i * pitch));

const left = Array.from({ length: 8 }, (_, i) => `${i + 1}. Amateur Walking Horses $50`);
const right = Array.from({ length: 8 }, (_, i) => `${i + 15}. Youth Riders Specialty`);

describe("layoutWords: reading order from the words' boxes", () => {
  it.each([
    [
      "two columns with a header across them: header, left column, right column",
      [
        ...line("Eagleville Lions Club Horse Show", 600, 100),
        ...column(100, 300, left),
        ...column(1000, 300, right),
      ],
      ["Eagleville Lions Club Horse Show", left.join("\n"), right.join("\n")],
    ],
    [
      "the right column starting lower and a footer across both: still column by column",
      [
        ...column(100, 300, left),
        ...column(1000, 420, right),
        ...line("Admission $5 · Stalls $30 per night — (931) 555-0100 · Entries close June 11", 200, 1000),
      ],
      [
        left.join("\n"),
        right.join("\n"),
        "Admission $5 · Stalls $30 per night — (931) 555-0100 · Entries close June 11",
      ],
    ],
    [
      "a gutter of 30 px between two columns (issue 37's sheet): not read across",
      [...column(100, 300, left), ...column(100 + 14 * 31 + 30, 300, right)],
      [left.join("\n"), right.join("\n")],
    ],
    [
      "three columns",
      [...column(100, 300, left), ...column(800, 300, right), ...column(1500, 300, left)],
      [left.join("\n"), right.join("\n"), left.join("\n")],
    ],
  ])("%s", (_label, words, blocks) => {
    expect(layoutText(layoutWords(words)).split("\n\n")).toEqual(blocks);
  });

  it("keeps a column of class numbers with their names (a table's No. column is no column)", () => {
    const numbers = Array.from({ length: 8 }, (_, i) => line(`${i + 1}`, 100, 300 + i * 60)).flat();
    const names = column(
      300,
      300,
      Array.from({ length: 8 }, () => "Amateur Walking Horses"),
    );
    expect(layoutText(layoutWords([...numbers, ...names]))).toBe(
      Array.from({ length: 8 }, (_, i) => `${i + 1} Amateur Walking Horses`).join("\n"),
    );
  });

  // Issue 37, s10: a blurred photo's number column read "14-", "ns.", "16", "n7-", "ns-", "ns-" was cut
  // off its names, and six classes were lost.
  it.each([
    ["read as numbers", ["114-", "115.", "116", "117-", "118-", "119-"], [0, 0, 0, 0, 0, 0], true],
    ["half misread as letters", ["14-", "ns.", "16", "n7-", "ns-", "ns-"], [0, 0, 0, 0, 0, 0], true],
    [
      "not starting together: a text column's line ends",
      ["is.", "so-", "on:", "it.", "to-", "be."],
      [0, 30, 12, 25, 5, 18],
      false,
    ],
  ])("a column of class numbers %s, kept with its names: %s", (_label, numbers, shifts, kept) => {
    const words = [
      ...numbers.flatMap((n, i) => line(n, 100 + shifts[i]!, 300 + i * 60)),
      ...column(
        260,
        300,
        Array.from({ length: 6 }, () => "Amateur Walking Horses"),
      ),
    ];
    expect(layoutText(layoutWords(words)).startsWith(`${numbers[0]} Amateur Walking Horses`)).toBe(kept);
  });

  it("keeps prices printed in a column of their own on their lines", () => {
    const names = column(
      100,
      300,
      Array.from({ length: 8 }, () => "Amateur Walking Horses"),
    );
    const prices = Array.from({ length: 8 }, (_, i) => line("$100", 1200, 300 + i * 60)).flat();
    expect(layoutText(layoutWords([...names, ...prices]))).toBe(
      Array.from({ length: 8 }, () => "Amateur Walking Horses $100").join("\n"),
    );
  });

  it("follows a line that bows (a curled page) and gives it its least confident word", () => {
    const words = line("12. Park Pleasure Walking Horses", 100, 300).map((w, i) => ({
      ...w,
      y0: w.y0 + i * 8,
      y1: w.y1 + i * 8,
      confidence: i === 2 ? 40 : 90,
    }));
    const [block] = layoutWords([...words, ...line("13. Model Mares", 100, 400)]).blocks;
    expect(block!.map((l) => l.text)).toEqual(["12. Park Pleasure Walking Horses", "13. Model Mares"]);
    expect(block![0]!.confidence).toBe(40);
  });
});
