import { describe, expect, it } from "vitest";
import { parseClassListText } from "#domain/imports/class-list-text.ts";
import { fixtureShows, layoutPrizeList, prizeListText } from "#tests/support/prize-list.ts";

/** Whole pages: lists laid out from the real fixtures, and lists as phones read them (issue 37). */
describe("whole prize lists laid out from the fixtures", () => {
  const shows = fixtureShows();

  it("covers the 12 fixture shows and the 2025 Celebration", () => {
    expect(shows).toHaveLength(13);
  });

  it.each(shows.map((s) => [s.title, s] as const))("%s", (_title, show) => {
    for (const layout of [{ wrapAt: 0, furniture: false }, { wrapAt: 64 }, { wrapAt: 40 }]) {
      const list = layoutPrizeList(show, layout);
      const result = parseClassListText(prizeListText(list), { year: list.year });
      expect(result.showName).toBe(show.title);
      expect(result.classes.map(({ number, name, date }) => ({ number, name, date }))).toEqual(list.expected);
      expect(result.unplaced).toEqual(list.unnumbered);
      expect(result.classes.filter((c) => c.doubts.length > 0).map((c) => [c.number, c.doubts])).toEqual([]);
    }
  });
});

describe("prize lists as phones read them (issue 37)", () => {
  const first = (text: string) => parseClassListText(text, { today: "2026-01-15" }).classes[0]!;

  it.each([
    [
      "leader dots and what OCR made of them",
      "2. Trail Pleasure. ..........coouiiiiiii ie 850",
      "Trail Pleasure",
    ],
    ["leader dots and a price read as 8150", "2. Drivers, Fine Harness ....8150", "Drivers, Fine Harness"],
    [
      "an ellipsis that is part of the name",
      "50 Riders on Walking Stal[lions...]",
      "Riders on Walking Stal[lions...]",
    ],
  ])("a name ends before %s", (_label, line, name) => {
    expect(first(line).name).toBe(name);
  });

  it.each([
    [
      "a number printed with a dash against it",
      "5 Owner-Amateur Riders\n6- Open Amateur, Canter",
      ["5 Owner-Amateur Riders", "6 Open Amateur, Canter"],
    ],
    [
      "a wrapped name whose last line starts with a number",
      "12 Lead Line Ponies, Riders\n6 and Under",
      ["12 Lead Line Ponies, Riders 6 and Under"],
    ],
    [
      "a narrow column read after a wide one: its full lines are measured against its own",
      "1 Amateur Owned & Trained Trail Pleasure Walking Horses, No Professional Training\n\n10 Park Performance\nWalking Horse Specialty\n11 Model Mares",
      [
        "1 Amateur Owned & Trained Trail Pleasure Walking Horses, No Professional Training",
        "10 Park Performance Walking Horse Specialty",
        "11 Model Mares",
      ],
    ],
  ])("reads %s", (_label, text, classes) => {
    expect(
      parseClassListText(text, { today: "2026-01-15" }).classes.map((c) => `${c.number} ${c.name}`),
    ).toEqual(classes);
  });

  it("leaves sponsor lines out, whole, split or misread, and specks before a number", () => {
    const result = parseClassListText(
      "Class 1 Amateur Rider on 4 Year Old Mares\nsponsored by Double J Ranch\nClass 2 Walking Horse Stake\nsponsored\nby Tim Gray Stables\nE 3. Open Specialty\nspamored by Country Kitchen Restourant\n4. Juvenile Walking Horse (17 yrs &\nunder)\nspomaeed by: Jimesy Ler Waller lmurarce\n5. Open Lite Shod\nxpomored by Cedutr Ridge Truller Sules",
      { today: "2026-01-15" },
    );
    expect(result.classes.map((c) => `${c.number} ${c.name}`)).toEqual([
      "1 Amateur Rider on 4 Year Old Mares",
      "2 Walking Horse Stake",
      "3 Open Specialty",
      "4 Juvenile Walking Horse (17 yrs & under)",
      "5 Open Lite Shod",
    ]);
    expect(result.unplaced).toEqual([]);
  });

  it.each([
    [
      "a heading without its year takes the header's",
      "Celina Lions Club Horse Show\nSaturday, June 20, 2009\nSATURDAY NIGHT, JUNE 20 — 6:30 P.M.\n1. Trail Pleasure",
      [{ name: "SATURDAY NIGHT", date: "2009-06-20", startTime: "18:30" }],
    ],
    [
      "headings that print only a weekday take the show's day",
      "Eagleville Lions Club Horse Show\nJune 18 & 19, 2010\nFRIDAY NIGHT — 7:00 P.M.\n1. Open Gaited Breeds\nSATURDAY NIGHT — 6:30 P.M.\n15. Model Pleasure",
      [
        { name: "FRIDAY NIGHT", date: "2010-06-18", startTime: "19:00" },
        { name: "SATURDAY NIGHT", date: "2010-06-19", startTime: "18:30" },
      ],
    ],
    [
      "a heading read in two pieces",
      "Red Carpet Horse Show\nSaturday, July 23, 2022\nSaturday\nNight — 6:30 P.M.\n12. Amateur Rider",
      [{ name: "Saturday Night", date: "2022-07-23", startTime: "18:30" }],
    ],
    [
      "a table's caption under the header's date line, half read",
      "Jackson County Horse Show\nSaturday, July 12, 2008 — 6:00 P.M.\nSaturday, July 12, .\n1 Adult Academy Specialty",
      [{ name: "Saturday", date: "2008-07-12", startTime: "18:00" }],
    ],
  ])("%s", (_label, text, sessions) => {
    expect(parseClassListText(text, { today: "2026-01-15" }).classes.map((c) => c.session)).toEqual(sessions);
  });
});
