import { describe, expect, it } from "vitest";
import { sessionHeading } from "#domain/imports/class-list-lines.ts";
import { LONGEST_LINE, parseClassListText } from "#domain/imports/class-list-text.ts";
import { fixtureRecords } from "#tests/support/walking-horse.ts";

const parse = (text: string, year = 2025) => parseClassListText(text, { year });
const numbersAndNames = (text: string) => parse(text).classes.map((c) => [c.number, c.name]);

describe("parseClassListText: one class per line", () => {
  const rows = ["classes-celebration.csv", "classes-celebration-other-years.csv", "classes-other-shows.csv"]
    .flatMap((file) => fixtureRecords(file))
    .filter((r) => /^\d+[a-z]?$/i.test(r.number!))
    .map((r) => [r.number!, r.name!] as const);

  it("reads every numbered fixture class (388 rows) exactly", () => {
    expect(rows.length).toBeGreaterThan(300);
    for (const [number, name] of rows) {
      expect(numbersAndNames(`${number} ${name}`), `${number} ${name}`).toEqual([
        [number.toUpperCase(), name],
      ]);
    }
  });

  it.each([
    [
      "36A Owner-Amateur Riders on Three-Year-Old Trail Pleasure",
      "36A",
      "Owner-Amateur Riders on Three-Year-Old Trail Pleasure",
    ],
    ["59E Auxiliary Equitation, Medal Class", "59E", "Auxiliary Equitation, Medal Class"],
    ["2a Mare Halter", "2A", "Mare Halter"],
    ["Class 36A Amateur Country Pleasure", "36A", "Amateur Country Pleasure"],
    // OCR lost the space (corpus s12, s08).
    ["Class1 Amateur Walking Ponies", "1", "Amateur Walking Ponies"],
    ["5 O/AEnglish Trail Pleasure", "5", "O/A English Trail Pleasure"],
    // A speck before a number whose name starts with an age (s11), an S read for a "$" (s13).
    ["© 3. 3 Year Old Walking Amateur $100 |", "3", "3 Year Old Walking Amateur"],
    ["4. Walking Pony (17 & under) $50 / $30 / S20", "4", "Walking Pony (17 & under)"],
    ["CLASS 7: Fine Harness", "7", "Fine Harness"],
    ["12 Two Year Old Walking Colts", "12", "Two Year Old Walking Colts"],
    ["12. Two Year Old Walking Colts", "12", "Two Year Old Walking Colts"],
    ["12) Two Year Old Walking Colts", "12", "Two Year Old Walking Colts"],
    ["12 - Two Year Old Walking Colts", "12", "Two Year Old Walking Colts"],
    ["No. 12 Two Year Old Walking Colts", "12", "Two Year Old Walking Colts"],
    ["#12 Two Year Old Walking Colts", "12", "Two Year Old Walking Colts"],
    ["*30 Model Pleasure Walking Stallions", "30", "Model Pleasure Walking Stallions"],
    ["• 30 Model Pleasure Walking Stallions", "30", "Model Pleasure Walking Stallions"],
    ["0 Kids' Lead Line", "0", "Kids' Lead Line"],
    ["627 All Day Pleasure - Western", "627", "All Day Pleasure - Western"],
    ["20 2 & 3 Yr Old Park Pleas. Eng. Spec.", "20", "2 & 3 Yr Old Park Pleas. Eng. Spec."],
    ["3O Model Pleasure Walking Stallions", "30", "Model Pleasure Walking Stallions"],
    ["l2 Two Year Old Walking Colts", "12", "Two Year Old Walking Colts"],
    ["38 Walking Horse Stake ........ $500 Added", "38", "Walking Horse Stake"],
    ["38 Walking Horse Stake $1,000", "38", "Walking Horse Stake"],
    ["5 Show Pleasure, Open, Specialty ($100-75-50)", "5", "Show Pleasure, Open, Specialty"],
    ["14 Park Pleasure  ........", "14", "Park Pleasure"],
    [
      "31 Walking Horses, Optional Tack (Registration Required)",
      "31",
      "Walking Horses, Optional Tack (Registration Required)",
    ],
    ["41 Owner–Amateur Riders", "41", "Owner–Amateur Riders"],
    // Specks a photo's OCR reads before the number.
    [". 3 Amateur Country Pleasure", "3", "Amateur Country Pleasure"],
    ["S$ 5 Youth 17 & Under Plantation Pleasure", "5", "Youth 17 & Under Plantation Pleasure"],
    ["' 12 Fine Harness", "12", "Fine Harness"],
  ])("%j → %s %j", (line, number, name) => {
    expect(numbersAndNames(line)).toEqual([[number, name]]);
  });

  it.each([
    ["2025 Tennessee Walking Horse National Celebration", "a year is a title, not class 2025"],
    ["15.2 & Under Open", "15.2 is a height"],
    ["6-11 Years", "an age band"],
    ["17 & Under", "no name after the number"],
    ["3YR Old Trail", "no space after the number"],
    ["A Stick Horse Showcase", "a letter alone is not a class number"],
    ["42", "a number alone"],
  ])("%j is not a class line (%s)", (line) => {
    expect(parse(line).classes).toEqual([]);
  });
});

describe("parseClassListText: names over two lines", () => {
  it.each([
    [
      "wrapped line directly under",
      "31 Owner-Amateur Riders on Four & Five-Year-Old All Day Pleasure\nWalking Horses, Optional Tack (Registration Required)",
      "Owner-Amateur Riders on Four & Five-Year-Old All Day Pleasure Walking Horses, Optional Tack (Registration Required)",
    ],
    [
      "indented wrapped line",
      "39 Two-Year-Old Park Pleasure Walking Horses, Optional Tack (includes\n     Futurity nominated Two-Year-Old Park Pleasure Mares, Geldings & Stallions)",
      "Two-Year-Old Park Pleasure Walking Horses, Optional Tack (includes Futurity nominated Two-Year-Old Park Pleasure Mares, Geldings & Stallions)",
    ],
    [
      "a word broken at its hyphen",
      "36 Owner-Amateur Riders on Three-\nYear-Old Trail Pleasure Walking Horses",
      "Owner-Amateur Riders on Three-Year-Old Trail Pleasure Walking Horses",
    ],
    [
      "after a blank line when the name runs on (trailing comma)",
      "4 Walking Horse Aux. Equitation Adult,\n\n18 and Over, Canter",
      "Walking Horse Aux. Equitation Adult, 18 and Over, Canter",
    ],
    [
      "after a blank line when the next line starts in lower case",
      "47 Owner-Amateur Riders on Walking Ponies\n\nand Horses, Stallions",
      "Owner-Amateur Riders on Walking Ponies and Horses, Stallions",
    ],
    [
      "a number-led line after a trailing comma",
      "11 Amateur Riders on Walking Horses,\n50 & Over, Specialty",
      "Amateur Riders on Walking Horses, 50 & Over, Specialty",
    ],
  ])("%s", (_label, text, name) => {
    const result = parse(text);
    expect(result.classes.map((c) => c.name)).toEqual([name]);
    expect(result.unplaced).toEqual([]);
  });

  it("reports a line that is no continuation as not read, never glued to the class above", () => {
    const result = parse("12 Two Year Old Walking Colts\nthis line is junk\n13 Walking Horse Stake");
    expect(result.classes.map((c) => [c.name, c.lines])).toEqual([
      ["Two Year Old Walking Colts", ["12 Two Year Old Walking Colts"]],
      ["Walking Horse Stake", ["13 Walking Horse Stake"]],
    ]);
    expect(result.unplaced).toEqual(["this line is junk"]);
    // Where it was printed, so the preview can put it back there: after the first class.
    expect(result.unplacedAt).toEqual([{ after: 0, session: null }]);
  });

  it("reads no rule over a line longer than any a list prints: its beginning is listed, the classes around it kept", () => {
    const long = `${"Walking Horse ".repeat(7_000)}Stake`;
    const result = parse(
      `Spring Show\n${long}\n12 Two Year Old Walking Colts\n${long}\n13 Walking Horse Stake`,
    );
    expect(result.showName).toBe("Spring Show");
    expect(result.classes.map((c) => [c.number, c.name])).toEqual([
      ["12", "Two Year Old Walking Colts"],
      ["13", "Walking Horse Stake"],
    ]);
    const listed = `${long.slice(0, LONGEST_LINE)}…`;
    expect(result.unplaced).toEqual([listed, listed]);
    expect(result.unplacedAt).toEqual([
      { after: -1, session: null },
      { after: 0, session: null },
    ]);
    // Class 12 was followed by a line not read: a person checks that its name was not cut short.
    expect(result.classes.map((c) => c.doubts)).toEqual([["line-below-unread"], []]);
  });

  it("says where each line not read was printed: after which class, under which session", () => {
    const result = parse(
      "Spring Show\n87th Annual\nFriday Night, May 14 2027\nS$ Walking Horse Stake\n1 Lead Line\nthis line is junk\n2 Park",
    );
    expect(result.unplaced).toEqual(["87th Annual", "S$ Walking Horse Stake", "this line is junk"]);
    const friday = { name: "Friday Night", date: "2027-05-14" };
    expect(result.unplacedAt).toEqual([
      { after: -1, session: null },
      { after: -1, session: friday },
      { after: 0, session: friday },
    ]);
  });

  it("says which lines a wrapped name was joined from", () => {
    const result = parse(
      "31 Owner-Amateur Riders on Four & Five-Year-Old All Day Pleasure\nWalking Horses, Optional Tack\n32 Fine Harness",
    );
    expect(result.classes[0]!.lines).toEqual([
      "31 Owner-Amateur Riders on Four & Five-Year-Old All Day Pleasure",
      "Walking Horses, Optional Tack",
    ]);
  });

  it("does not glue an unrelated line after a blank line onto the class above", () => {
    const result = parse(
      "Thursday AM (Aug 21)\n30 Model Pleasure Walking Stallions\n\nShown in hand only\n31 Fine Harness",
    );
    expect(result.classes.map((c) => c.name)).toEqual(["Model Pleasure Walking Stallions", "Fine Harness"]);
    expect(result.unplaced).toEqual(["Shown in hand only"]);
  });

  // Corpus s10's narrow columns: the premium or the next class in running order ends the entry lines below.
  it.each([
    [
      "its premium",
      "113- Owner-\nAmateur\nYouth Riders\n12-14 Years\non Walking\nMares or\nGeldings $500 Added\n114 - Amateur Show",
    ],
    [
      "the next class in running order",
      "113- Owner-\nAmateur\nYouth Riders\n12-14 Years\non Walking\nMares or\nGeldings\n114 - Amateur Show",
    ],
  ])("takes up to six wrapped lines when %s ends the entry below", (_label, text) => {
    expect(numbersAndNames(text)).toEqual([
      ["113", "Owner-Amateur Youth Riders 12-14 Years on Walking Mares or Geldings"],
      ["114", "Amateur Show"],
    ]);
  });

  it("reads '5S.' after class 4 as class 5, its 5 read twice (corpus s13, s08), but keeps a lettered class", () => {
    expect(numbersAndNames("4. Walking Pony\n5S. Open Amateur Specialty\n6. Amateur Rider")).toEqual([
      ["4", "Walking Pony"],
      ["5", "Open Amateur Specialty"],
      ["6", "Amateur Rider"],
    ]);
    expect(numbersAndNames("12. Walking Pony\n5S. Open Amateur Specialty")).toEqual([
      ["12", "Walking Pony"],
      ["5S", "Open Amateur Specialty"],
    ]);
  });

  it("drops a speck read as a quote before a wrapped line's first word (corpus s08, s05)", () => {
    expect(
      numbersAndNames(
        "10 Elite Owner-Amateur Gentlemen Riders $50 / $30 / $20\n‘on Walking Stallions\n11 Juvenile Walking Horse (17 yrs &\n'under, no stallions)",
      ),
    ).toEqual([
      ["10", "Elite Owner-Amateur Gentlemen Riders on Walking Stallions"],
      ["11", "Juvenile Walking Horse (17 yrs & under, no stallions)"],
    ]);
  });

  it("takes up to three wrapped lines, not a fourth", () => {
    const result = parse("1 Alpha Beta\nGamma Delta\nEpsilon Zeta\nIota Kappa\nEta Theta");
    expect(result.classes.map((c) => c.name)).toEqual(["Alpha Beta Gamma Delta Epsilon Zeta Iota Kappa"]);
    expect(result.unplaced).toEqual(["Eta Theta"]);
  });
});

describe("session headings", () => {
  it.each([
    ["Thursday AM (Aug 21)", 2025, { name: "Thursday AM", date: "2025-08-21" }],
    ["Wednesday PM (Mar 19)", 2008, { name: "Wednesday PM", date: "2008-03-19" }],
    [
      "Saturday PM (Apr 25, 3:00 pm start)",
      2009,
      { name: "Saturday PM", date: "2009-04-25", startTime: "15:00" },
    ],
    ["Friday PM (Aug 5)", 2011, { name: "Friday PM", date: "2011-08-05" }],
    ["Saturday, June 20 - 6:00 PM", 2009, { name: "Saturday", date: "2009-06-20", startTime: "18:00" }],
    ["Friday Evening, August 22nd, 2025", 2019, { name: "Friday Evening", date: "2025-08-22" }],
    ["Sat. 8/30", 2025, { name: "Sat.", date: "2025-08-30" }],
    ["Sat 8/30/24", 2025, { name: "Sat", date: "2024-08-30" }],
    ["Final Saturday PM", 2025, { name: "Final Saturday PM" }],
    ["Fri AM", 2025, { name: "Fri AM" }],
    ["Thurs PM", 2025, { name: "Thurs PM" }],
    ["Session 3 - Friday Morning", 2025, { name: "Session 3 - Friday Morning" }],
    ["Saturday PM (Feb 30)", 2025, { name: "Saturday PM" }],
    // As real lists print them (issue 23).
    ["THURSDAY EVENING — 7:00 P.M.", 2025, { name: "THURSDAY EVENING", startTime: "19:00" }],
    ["Saturday Morning Session 9 AM", 2025, { name: "Saturday Morning Session", startTime: "09:00" }],
    ["Friday Night at 7", 2025, { name: "Friday Night", startTime: "19:00" }],
    // OCR lost the "AM" (corpus s10): a bare hour ending the heading after its part of the day.
    ["Thursday Morning Session 8", 2025, { name: "Thursday Morning Session", startTime: "08:00" }],
    ["Saturday 8", 2025, { name: "Saturday 8" }],
    ["Friday Evening 25:00", 2025, { name: "Friday Evening 25:00" }],
    ["Saturday Afternoon - Noon", 2025, { name: "Saturday Afternoon", startTime: "12:00" }],
    ["Thursday Night 7:30", 2025, { name: "Thursday Night", startTime: "19:30" }],
  ])("%j in %i: %j", (heading, year, session) => {
    const result = parseClassListText(`${heading}\n12 Fine Harness`, { year });
    expect(result.classes).toEqual([
      {
        number: "12",
        name: "Fine Harness",
        date: "date" in session ? session.date : null,
        session,
        lines: ["12 Fine Harness"],
        doubts: [],
      },
    ]);
    expect(result.unplaced).toEqual([]);
  });

  it("names every session of the Celebration sheet as printed, with its date", () => {
    const names = new Set(fixtureRecords("classes-celebration.csv").map((r) => r.session!));
    for (const heading of names) {
      const parts = sessionHeading(heading)!;
      expect(parts, heading).not.toBeNull();
      expect(heading.startsWith(parts.name)).toBe(true);
      expect(parts.printed).not.toBeNull();
    }
  });

  it("dates a heading without a year by its weekday, read on the admin's day", () => {
    const result = parseClassListText("Friday Night, May 14\n1 Lead Line", { today: "2026-11-27" });
    expect(result.classes[0]).toMatchObject({
      date: "2027-05-14",
      session: { name: "Friday Night", date: "2027-05-14" },
      doubts: [],
    });
  });

  it("flags the classes of a heading whose weekday matches no nearby year", () => {
    const result = parseClassListText("Sunday, Feb 29\n1 Lead Line\n2 Fine Harness", {
      today: "2026-11-27",
    });
    expect(result.classes.map((c) => [c.date, c.doubts])).toEqual([
      ["2028-02-29", ["weekday-mismatch"]],
      ["2028-02-29", ["weekday-mismatch"]],
    ]);
  });

  it("is not a heading when words other than times and dates follow the weekday", () => {
    const result = parse("Saturday Night Lights Classic\n1 Fine Harness");
    expect(result.showName).toBe("Saturday Night Lights Classic");
    expect(result.classes[0]!.session).toBeNull();
  });

  it("takes a trailing session code from a division-ordered schedule", () => {
    const result = parse("636 All Day Pleasure - English    Wed PM\n686 All Day Pleasure - Western Sat AM");
    expect(
      result.classes.map(({ number, name, date, session }) => ({ number, name, date, session })),
    ).toEqual([
      { number: "636", name: "All Day Pleasure - English", date: null, session: { name: "Wed PM" } },
      { number: "686", name: "All Day Pleasure - Western", date: null, session: { name: "Sat AM" } },
    ]);
  });
});

describe("doubtful lines", () => {
  it.each([
    [
      "a phantom number between two in order",
      "12 Lead Line\n75 Walking Horse Stake\n13 Fine Harness",
      "75",
      "out-of-sequence",
    ],
    [
      "a number going backwards",
      "12 Lead Line\n13 Fine Harness\n9 Park Pleasure\n14 Stake",
      "9",
      "out-of-sequence",
    ],
    ["a number seen twice", "12 Lead Line\n13 Fine Harness\n13 Park Pleasure", "13", "repeated-number"],
    [
      "two names run together",
      "30 Model Pleasure Walking Stallions 45 Amateur Park Pleasure\n31 Fine Harness",
      "30",
      "run-together",
    ],
  ])("%s is marked", (_label, text, number, doubt) => {
    const flagged = parse(text).classes.filter((c) => c.doubts.length > 0);
    expect(flagged.map((c) => [c.number, c.doubts])).toEqual([[number, [doubt]]]);
  });

  it("is not moved by a new session numbering from 1 again, or by names with ages and heights", () => {
    const result = parse(
      "Friday PM\n1 Lead Line\n2 Two Year Old Walking Colts\n3 Riders 14 & Under\nSaturday PM\n1 Amateur Walking Horses 15 Years and Over\n2 Stake",
    );
    expect(result.classes.flatMap((c) => c.doubts)).toEqual([]);
  });

  it("marks a class whose next line was not read with it (a name cut short, or junk)", () => {
    const result = parse("3 Amateur Country Pleasure Walking\n\nHorses\n4 Novice Rider Trail Pleasure");
    expect(result.classes.map((c) => [c.name, c.doubts])).toEqual([
      ["Amateur Country Pleasure Walking", ["line-below-unread"]],
      ["Novice Rider Trail Pleasure", []],
    ]);
    expect(result.unplaced).toEqual(["Horses"]);
  });

  it("marks a class read from a line OCR was unsure of", () => {
    const result = parseClassListText("12 Lead Line\n13 Ladies Flne Hamess", {
      year: 2025,
      unsureLines: new Set(["13 Ladies Flne Hamess"]),
    });
    expect(result.classes.map((c) => c.doubts)).toEqual([[], ["unsure-reading"]]);
  });

  it("lists a line OCR was unsure of for a person when no word of a class name is left in it", () => {
    // Corpus s05's reading of "8. Country Pleasure Walking Horses, Optional Tack" in a dim photo.
    const result = parseClassListText("12 Lead Line\n13 Socoiry Plemsre Wk Haves, Opelocal", {
      year: 2025,
      unsureLines: new Set(["13 Socoiry Plemsre Wk Haves, Opelocal"]),
    });
    expect(result.classes.map((c) => c.number)).toEqual(["12"]);
    expect(result.unplaced).toEqual(["13 Socoiry Plemsre Wk Haves, Opelocal"]);
  });

  it("takes a line OCR was unsure of once a word read with 'rn' as 'm' is mended to a class name's", () => {
    const result = parseClassListText("12 Lead Line\n13 Flne Hamess", {
      year: 2025,
      unsureLines: new Set(["13 Flne Hamess"]),
    });
    expect(result.classes.map((c) => [c.number, c.name, c.doubts])).toEqual([
      ["12", "Lead Line", []],
      ["13", "Flne Harness", ["unsure-reading"]],
    ]);
  });
});

describe("page furniture and the show name", () => {
  it.each([
    "Page 2",
    "Page 2 of 4",
    "- 3 -",
    "2 of 4",
    "Registration Required",
    "(Registration Required)",
    "(continued)",
    "Class No. Class Name",
    "No. Class",
    "Class Name",
    "Prize List",
    "CLASS SCHEDULE",
    "Premiums: $150 - $100 - $75 - $50",
    "$500 Added",
    "Stake: $1,000 added money",
    "www.twhnc.com",
    "Call (931) 684-5915 for stalls",
    "Entries close August 5",
    "Judge: Jimmy McConnell",
    "Admission $10, children under 12 free",
  ])("%j is left out", (line) => {
    const result = parse(
      `Thursday AM (Aug 21)\n30 Model Pleasure Walking Stallions\n\n${line}\n\n31 Fine Harness`,
    );
    expect(result.classes.map((c) => c.name)).toEqual(["Model Pleasure Walking Stallions", "Fine Harness"]);
    expect(result.unplaced).toEqual([]);
  });

  it("reads the show name from the header and lists the other header lines apart", () => {
    const result = parse(
      "Prize List\n87th Annual\nTennessee Walking Horse National Celebration\nAugust 20-30, 2025\nShelbyville, Tennessee\nThursday AM (Aug 21)\n30 Model Pleasure Walking Stallions",
    );
    expect(result.showName).toBe("Tennessee Walking Horse National Celebration");
    expect(result.unplaced).toEqual(["87th Annual", "August 20-30, 2025", "Shelbyville, Tennessee"]);
  });

  it("falls back to the first header line with words", () => {
    expect(parse("Gainesboro Evening\n1 Leadline").showName).toBe("Gainesboro Evening");
    expect(parse("1 Leadline").showName).toBeNull();
  });

  it("gives nothing for empty or unreadable text", () => {
    expect(parse("")).toEqual({ showName: null, classes: [], unplaced: [], unplacedAt: [] });
    expect(parse("~~ ,. ;;\n\n")).toEqual({
      showName: null,
      classes: [],
      unplaced: ["~~ ,. ;;"],
      unplacedAt: [{ after: -1, session: null }],
    });
  });
});
