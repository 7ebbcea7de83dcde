import { describe, expect, it } from "vitest";
import {
  parseResultCsv,
  parseResultText,
  placingProblems,
  type ResultLine,
} from "#domain/results/result-lines.ts";
import { resultsTexts } from "#domain/texts/results.ts";

const t = resultsTexts.problems;
const line = (lineNo: number, placing: number | null, horse = `Horse ${lineNo}`): ResultLine => ({
  lineNo,
  placing,
  horse,
  rider: "",
  owner: "",
});

describe("parseResultText", () => {
  it.each([
    ["1 Midnight Sun — Jane Doe (rider) — Smith Farms", 1, "Midnight Sun", "Jane Doe", "Smith Farms"],
    [
      "2nd  Gen's Black Magic - Bob Ray - Ray Stables, LLC",
      2,
      "Gen's Black Magic",
      "Bob Ray",
      "Ray Stables, LLC",
    ],
    ["3. The Royal Heir\tAnn Lee\tLee Farm", 3, "The Royal Heir", "Ann Lee", "Lee Farm"],
    ["4) Pusher's Delight | Rider: Tom Fox | Fox Hollow", 4, "Pusher's Delight", "Tom Fox", "Fox Hollow"],
    ["#5 Jose Jose, Carl Dee, Dee Family", 5, "Jose Jose", "Carl Dee", "Dee Family"],
    ["6 Only A Horse", 6, "Only A Horse", "", ""],
    ["S Shown Not Placed — Kim Ott", null, "Shown Not Placed", "Kim Ott", ""],
    ["12th Late Starter – Ed Moe – Moe's", 12, "Late Starter", "Ed Moe", "Moe's"],
    // No horse printed (issue 34): the rider is not taken for one.
    ["4 — Jane Roe (rider)", 4, "", "Jane Roe", ""],
    ["4 - Jane Roe (rider) - Roe Farm", 4, "", "Jane Roe", "Roe Farm"],
    ["4. – Jane Roe", 4, "", "Jane Roe", ""],
  ])("reads %j", (text, placing, horse, rider, owner) => {
    expect(parseResultText(text)).toEqual({
      lines: [{ lineNo: 1, placing, horse, rider, owner }],
      problems: [],
    });
  });

  it("skips blank lines and names a line with no placing when typed", () => {
    const parsed = parseResultText("1 A\n\nClass 32 Lite Shod\n2 B");
    expect(parsed.lines.map((l) => [l.lineNo, l.placing, l.horse])).toEqual([
      [1, 1, "A"],
      [4, 2, "B"],
    ]);
    expect(parsed.problems).toEqual([t.noPlacing(3, "Class 32 Lite Shod")]);
  });

  it("passes over headings in text read from a photo", () => {
    expect(parseResultText("RESULTS\nClass 32\n1 A — R — O", false)).toEqual({
      lines: [{ lineNo: 3, placing: 1, horse: "A", rider: "R", owner: "O" }],
      problems: [],
    });
  });

  it("flags a line without a horse, naming who is on it", () => {
    const parsed = parseResultText("1 Midnight Sun — Ann Lee\n2 — Jane Roe (rider)");
    expect(placingProblems(parsed.lines)).toEqual([t.noHorse(2, "Jane Roe")]);
    expect(t.noHorse(2, "Jane Roe")).toBe(
      'Line 2: no horse (only "Jane Roe"). Add the horse as printed or remove the line: a line without a horse is not published.',
    );
  });

  it("refuses placing 0", () => {
    expect(parseResultText("0 Zero").problems).toEqual([t.badPlacing(1, "0")]);
  });
});

describe("parseResultCsv", () => {
  it("reads columns with a header, keeping the file's line numbers", () => {
    const parsed = parseResultCsv(
      'Place,Horse,Rider,Owner\n1,Midnight Sun,Jane Doe,"Smith Farms, Inc."\n2,Gold Rush,,\n',
    );
    expect(parsed).toEqual({
      lines: [
        { lineNo: 2, placing: 1, horse: "Midnight Sun", rider: "Jane Doe", owner: "Smith Farms, Inc." },
        { lineNo: 3, placing: 2, horse: "Gold Rush", rider: "", owner: "" },
      ],
      problems: [],
    });
  });

  it("reads a file with no header and names a bad row by its file line", () => {
    const parsed = parseResultCsv("1,A,R,O\nx,B,R,O\n");
    expect(parsed.lines).toHaveLength(1);
    expect(parsed.problems).toEqual([t.noPlacing(2, "x B\tR\tO")]);
  });
});

describe("placingProblems", () => {
  it.each<[string, ResultLine[], boolean, string[]]>([
    ["1 to 3", [line(1, 1), line(2, 2), line(3, 3)], false, []],
    ["out of order is fine", [line(1, 2), line(2, 1)], false, []],
    ["shown without placing", [line(1, 1), line(2, null)], false, []],
    ["nothing", [], false, [t.noPlacings]],
    ["two 1sts", [line(1, 1), line(2, 1), line(3, 2)], false, [t.twice(2, 1, 1)]],
    ["gap 1, 2, 4", [line(1, 1), line(2, 2), line(3, 4)], false, [t.gap(3, 4, 3)]],
    ["gap the show meant", [line(1, 1), line(2, 2), line(3, 4)], true, []],
    ["no 1st", [line(1, 2)], false, [t.gap(1, 2, 1)]],
    ["no horse", [line(1, 1, "")], false, [t.noHorse(1, "")]],
    ["only punctuation", [line(1, 1, "—")], false, [t.noHorse(1, "")]],
    ["a dash where the horse should be", [line(1, 1, "— Jane Roe")], false, [t.noHorse(1, "")]],
    ["a name with a dash inside", [line(1, 1, "Jean-Luc")], false, []],
    ["the same line number twice", [line(1, 1), line(2, 2), line(2, 3)], false, [t.lineTwice(2)]],
    ["a line number three times", [line(4, 1), line(4, 2), line(4, 3)], false, [t.lineTwice(4)]],
  ])("%s", (_, lines, gaps, problems) => {
    expect(placingProblems(lines, gaps)).toEqual(problems);
  });

  it("takes a horse a person chose for a line whatever was printed, and only for that line", () => {
    const lines = [line(1, 1, "..."), line(2, 2, "—")];
    expect(placingProblems(lines, false, new Set([1]))).toEqual([t.noHorse(2, "")]);
    expect(placingProblems(lines, false, new Set([1, 2]))).toEqual([]);
  });

  it("refuses more than 300 lines", () => {
    const many = Array.from({ length: 301 }, (_, i) => line(i + 1, i + 1));
    expect(placingProblems(many)).toEqual([t.tooManyLines]);
  });
});
