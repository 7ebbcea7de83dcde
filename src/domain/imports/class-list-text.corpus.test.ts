import { describe, expect, it } from "vitest";
import { parseClassListText } from "#domain/imports/class-list-text.ts";

/**
 * Lines as OCR read them from the prize-list corpus (tests/fixtures/prize-lists, issue 37), each beside the
 * class lines printed around it: what must become a class, what must not, and where a wrapped name ends.
 */
const parse = (text: string) => parseClassListText(text, { year: 2024 });
const read = (text: string) => parse(text).classes.map((c) => `${c.number} ${c.name}`);

describe("wrapped names as OCR reads them from the corpus", () => {
  it.each([
    [
      "a name wrapped after a comma, then 'Registration Required', then the next class (s04)",
      "30 - Park Pleasure Walking Horses, Optional Tack,\nRegistration Required\n31- Yth Equit 17&Under Champ Cntr, Pattern req.",
      [
        "30 Park Pleasure Walking Horses, Optional Tack, Registration Required",
        "31 Yth Equit 17&Under Champ Cntr, Pattern req.",
      ],
    ],
    [
      "the rest of a name in lower case (s04)",
      "8- Gaited Gelding/Stallion Halter .. $200\n9. Tennessee Walking Horse Pleasure 2\ngait: walk, running walk (English or\nWestern) $50\n10 - 2 Year Old Amateur ... $50",
      [
        "8 Gaited Gelding/Stallion Halter",
        "9 Tennessee Walking Horse Pleasure 2 gait: walk, running walk (English or Western)",
        "10 2 Year Old Amateur",
      ],
    ],
    [
      "a short first line whose entry ends with its premium lines below (s03)",
      "16. Pleasure Horse (Clay County Only -\nNo Canter) $60\n17. Plantation Pleasure\nWalking Horses, Five\nYears and Over $50/$30/ $20\n18. Amateur Stallions, Specialty $75",
      [
        "16 Pleasure Horse (Clay County Only - No Canter)",
        "17 Plantation Pleasure Walking Horses, Five Years and Over",
        "18 Amateur Stallions, Specialty",
      ],
    ],
    [
      "a line that runs on in lower case after a short first line (s03)",
      "1. Open Gaited Breeds 3\nGait Pleasure: walk,\nfavorite gait, canter\n(English or Western) $50 / $30 / $20\n2.  Owner-Amateur Gentleman\nDrivers, Fine Harness $150",
      [
        "1 Open Gaited Breeds 3 Gait Pleasure: walk, favorite gait, canter (English or Western)",
        "2 Owner-Amateur Gentleman Drivers, Fine Harness",
      ],
    ],
    [
      "'90 Days' after a line ending in 'within' is the name's end, not class 90 (s06)",
      "39 Western Lite Shod\n40 Amateur Owned and Trained Walking\nHorses, No Professional Training within\n90 Days (Canter)\n\n41 English Lite Shod Walking Horses",
      [
        "39 Western Lite Shod",
        "40 Amateur Owned and Trained Walking Horses, No Professional Training within 90 Days (Canter)",
        "41 English Lite Shod Walking Horses",
      ],
    ],
    [
      "'11,' as OCR reads '11.' on a photo starts class 11 (s13 page 1)",
      "10. Yearling World Grand Championship $50/ 530/820\n11, Park Performance Walking Horse Specialty (pads\nnot to exceed 1 inch thick) $60\n12. Junior Country Pleasure (gaited only) Rider 15 and under",
      [
        "10 Yearling World Grand Championship",
        "11 Park Performance Walking Horse Specialty (pads not to exceed 1 inch thick)",
        "12 Junior Country Pleasure (gaited only) Rider 15 and under",
      ],
    ],
    [
      "a name in a narrow column, all name words up to the next class (s09)",
      "9. All Day Pleasure - Youth Riders on Walking Horses\n10. Park Performance\nWalking Horse Specialty\n(pads not to exceed 1 inch\nthick)\n11. Lite Shod Western Pleasure",
      [
        "9 All Day Pleasure - Youth Riders on Walking Horses",
        "10 Park Performance Walking Horse Specialty (pads not to exceed 1 inch thick)",
        "11 Lite Shod Western Pleasure",
      ],
    ],
    [
      "a parenthesis open over five lines to its premium (s12)",
      "Class 26 Park Performance 4 Yr. & Under\nClass 27 Two-Year-Old\nWalking Mares\n(includes Futurity\nnominated Two-\nYear-Old\nPerformance Mares) $50 / $30 / $20\nClass 28 Fine Harness $60",
      [
        "26 Park Performance 4 Yr. & Under",
        "27 Two-Year-Old Walking Mares (includes Futurity nominated Two-Year-Old Performance Mares)",
        "28 Fine Harness",
      ],
    ],
    [
      "an intermission line between two classes is left out (s01, s05)",
      "8. Country Pleasure Walking Horses, Optional\nTack\nIntermission — Drag Ring (15 minutes)\n9. Walking Pony (17 & under)",
      ["8 Country Pleasure Walking Horses, Optional Tack", "9 Walking Pony (17 & under)"],
    ],
  ])("%s", (_label, text, classes) => {
    expect(read(text)).toEqual(classes);
  });

  it("takes a full line's last words, printed as a title, into its name (s04: 'World Grand Championship')", () => {
    const result = parse(
      "18 - Amateur 15.2 and Under Stallions, Specialty\n19 - Owner-Amateur Three & Under Trail Pleasure\nWorld Grand Championship\nSaturday Morning Session 9 AM\n20 - Model Stallions $75",
    );
    expect(result.classes.map((c) => `${c.number} ${c.name}`)).toEqual([
      "18 Amateur 15.2 and Under Stallions, Specialty",
      "19 Owner-Amateur Three & Under Trail Pleasure World Grand Championship",
      "20 Model Stallions",
    ]);
    expect(result.classes[2]!.session).toEqual({ name: "Saturday Morning Session", startTime: "09:00" });
  });
});

describe("lines that are no class, as OCR reads them from the corpus", () => {
  it("a header line OCR reads with a number before it is no class (s05)", () => {
    const result = parse(
      "WHOA /Kiwanis Horse Show\nJunie 26 & 27\n4 Teanessee Miller Coliseum, Murfreesbom, TN\n1 WHOA SANCTIONED\n\nFriday Night, June 26 — 7 PM\n1. Owner-Amateur Riders on Park Performance\n2. Park Performance Walking Horse Specialty",
    );
    expect(result.classes.map((c) => c.number)).toEqual(["1", "2"]);
    expect(result.unplaced).toContain("4 Teanessee Miller Coliseum, Murfreesbom, TN");
    expect(result.unplaced).toContain("1 WHOA SANCTIONED");
  });

  it("classes before the first heading stay classes when they rise (a page 2 going on from page 1, s13)", () => {
    const result = parse(
      "Page 2\n39, Youth 17 & Under West Trail Pleas. Spec.\n40. Country Pleasure - Amateur English\nSUNDAY AFTERNOON, JUNE 28 — 1:00 PM.\n50. Walking Horse Amateur Rider, Canter Class - $100",
    );
    expect(result.unplaced).toEqual([]);
    expect(result.classes.map((c) => `${c.number} ${c.name}`)).toEqual([
      "39 Youth 17 & Under West Trail Pleas. Spec.",
      "40 Country Pleasure - Amateur English",
      "50 Walking Horse Amateur Rider, Canter Class",
    ]);
    expect(result.classes.map((c) => c.session?.name ?? null)).toEqual([null, null, "SUNDAY AFTERNOON"]);
  });

  it("an unsure line whose name holds no word is listed for a person, a sure one or a real name stays a class (s08)", () => {
    const unsure = [
      "8 WesomikeShod m0",
      "9 LseShodOpen $50",
      "7 Equitation, Adult, PH, Specialty",
      "5 TaiPleasweEngSpeciay",
    ];
    const text = ["6 Any Age, FS, Canter", ...unsure, "10 McDonald Farms Open", "11 ParkPleasure Open"].join(
      "\n",
    );
    const result = parseClassListText(text, { year: 2021, unsureLines: new Set(unsure) });
    expect(result.classes.map((c) => `${c.number} ${c.name}`)).toEqual([
      "6 Any Age, FS, Canter",
      "7 Equitation, Adult, PH, Specialty",
      "10 McDonald Farms Open",
      "11 ParkPleasure Open",
    ]);
    expect(result.unplaced).toEqual(["8 WesomikeShod m0", "9 LseShodOpen $50", "5 TaiPleasweEngSpeciay"]);
  });

  it("a heading is not run on into the class numbers OCR read alone below it (s10)", () => {
    const result = parse("Thursday Morning Session 8\n\n14-\n1s.\n116 - Two Year Old Open");
    expect(result.classes.map((c) => [c.number, c.session])).toEqual([
      ["116", { name: "Thursday Morning Session", startTime: "08:00" }],
    ]);
  });

  it.each([
    ["104 Plantation Pleasure 116 - 2 Year Old Open", ["104 Plantation Pleasure", "116 2 Year Old Open"]],
    [
      "14 Model Pleasure Walking Geldings 15, O/A English Trail Pleasure, Three Years Old",
      ["14 Model Pleasure Walking Geldings", "15 O/A English Trail Pleasure, Three Years Old"],
    ],
    [
      "11 Owner-Amateur Riders on Two-Year- 35. Amateur Owned and Trained Lite-Shod 36. Academy 12-14 Years Specialty",
      [
        "11 Owner-Amateur Riders on Two-Year-",
        "35 Amateur Owned and Trained Lite-Shod",
        "36 Academy 12-14 Years Specialty",
      ],
    ],
    ["5 Youth Riders 12 - 17 Years", ["5 Youth Riders 12 - 17 Years"]],
    ["3 Riders 6-11 Years on Walking Horses", ["3 Riders 6-11 Years on Walking Horses"]],
    ["12 Amateur 15.2 & Under, 2 & 3 Year Olds", ["12 Amateur 15.2 & Under, 2 & 3 Year Olds"]],
  ])(
    "%j read across a gutter is cut into its classes, each marked (seed-changed s05, s10, s13)",
    (line, classes) => {
      const result = parse(line);
      expect(result.classes.map((c) => `${c.number} ${c.name}`)).toEqual(classes);
      const cut = classes.length > 1;
      expect(result.classes.every((c) => c.doubts.includes("run-together") === cut)).toBe(true);
    },
  );

  it("takes a line opening with a lone S straight under class 4 for class 5, marked, and under another class not (a generated photo)", () => {
    const lines = (number: string) =>
      [
        "3. Amateur Country Pleasure Walking Horses",
        `${number}. Novice Rider Trail Pleasure`,
        "S Youth 17 & Under Plantation Pleasure",
      ].join("\n");
    const four = parse(lines("4")).classes;
    expect(four.map((c) => `${c.number} ${c.name}`)).toEqual([
      "3 Amateur Country Pleasure Walking Horses",
      "4 Novice Rider Trail Pleasure",
      "5 Youth 17 & Under Plantation Pleasure",
    ]);
    expect(four[2]!.doubts).toContain("run-together");
    expect(parse(lines("7")).classes.map((c) => c.number)).not.toContain("5");
  });

  it("takes OCR's '{' for '(' opening a line, a quote after a class number and ';' before a heading's date (s05, round 3)", () => {
    const result = parse(
      [
        "Friday Night, June 26 — 7 PM",
        "2. Park Performance Walking Horse Specialty",
        "{pads not to exceed 1 inch thick)",
        "11. O/A Western Country Pleasure Walking Horses",
        '12." Juvenile Specialty Walking Horse (17 yrs &',
        "under, no stallions)",
        "Saturday Morning; June 27 —9AM",
        "16. Show Class, Any Age, FS, Canter",
      ].join("\n"),
    );
    expect(
      result.classes.map((c) => [`${c.number} ${c.name}`, c.session?.name, c.session?.startTime]),
    ).toEqual([
      [
        "2 Park Performance Walking Horse Specialty (pads not to exceed 1 inch thick)",
        "Friday Night",
        "19:00",
      ],
      ["11 O/A Western Country Pleasure Walking Horses", "Friday Night", "19:00"],
      ["12 Juvenile Specialty Walking Horse (17 yrs & under, no stallions)", "Friday Night", "19:00"],
      ["16 Show Class, Any Age, FS, Canter", "Saturday Morning", "09:00"],
    ]);
  });

  it("takes a dash after a class number's full stop and a brace at a heading's end for specks (s05, round 4)", () => {
    const result = parse(
      [
        "Saturday Morning, June 27 — 9 AM",
        "25. 2&3 YR Old Trail Pleasure Eng. Spec.",
        "Saturday Night, June 27 — 6 PM }",
        "26. Amateur Owned and Trained Lite-Shod",
        "37.- Walking Horse Championship Stake",
      ].join("\n"),
    );
    expect(
      result.classes.map((c) => [`${c.number} ${c.name}`, c.session?.name, c.session?.startTime]),
    ).toEqual([
      ["25 2&3 YR Old Trail Pleasure Eng. Spec.", "Saturday Morning", "09:00"],
      ["26 Amateur Owned and Trained Lite-Shod", "Saturday Night", "18:00"],
      ["37 Walking Horse Championship Stake", "Saturday Night", "18:00"],
    ]);
  });

  it("takes a line with an area code and an OCR-spoilt number for a footer, not a name's next line (s05, round 4)", () => {
    const result = parse(
      ["37. Walking Horse Championship Stake", "fo (615) S5-01R0 Bombe close hme 19"].join("\n"),
    );
    expect(result.classes.map((c) => `${c.number} ${c.name}`)).toEqual([
      "37 Walking Horse Championship Stake",
    ]);
  });
});

describe("round 5: misread printed classes are no sure classes (issue 37)", () => {
  it("an unsure line whose name holds no word a class name is made of is listed for a person (s05 class 8)", () => {
    const unsure = ["8. Socoiry Plemsre Wk Haves, Opelocal", "4. Gaited Mare Halter"];
    const text = ["7. All Day Pleasure - Championship", ...unsure, "9. Walking Pony (17 & under)"].join("\n");
    const result = parseClassListText(text, { year: 2024, unsureLines: new Set(unsure) });
    expect(result.classes.map((c) => `${c.number} ${c.name}`)).toEqual([
      "7 All Day Pleasure - Championship",
      "4 Gaited Mare Halter",
      "9 Walking Pony (17 & under)",
    ]);
    expect(result.unplaced).toEqual(["8. Socoiry Plemsre Wk Haves, Opelocal"]);
    // Read surely, the same line stays a class: OCR's confidence decides, the words only confirm a doubt.
    expect(parse(text).classes.map((c) => c.number)).toEqual(["7", "8", "4", "9"]);
  });

  it("a ruled table's rows that each print a premium are entries of their own, and an age is no class number (s08)", () => {
    const result = parse(
      [
        "Academy 12-14 Years Specialty $50",
        "4 Year Old Open, Canter $78",
        "O/A English Trail Pleasure, Three Years $200",
        "Old",
        "Country Pleasure - Youth Riders 17 & $60",
        "Under",
      ].join("\n"),
    );
    expect(result.classes).toEqual([]);
    expect(result.unplaced).toContain("4 Year Old Open, Canter $78");
    expect(result.unplaced).toContain("O/A English Trail Pleasure, Three Years $200");
  });

  it("an age and 'Under' after a name wrapped before them is the name's end, not class 4 (seed-changed s10)", () => {
    expect(
      read(
        [
          "108 - Open All Day Pleasure",
          "108A - Park Performance",
          "4 Yr. & Under $60",
          "109 - All Day Pleasure",
        ].join("\n"),
      ),
    ).toEqual(["108 Open All Day Pleasure", "108A Park Performance 4 Yr. & Under", "109 All Day Pleasure"]);
  });

  it("a class's wrapped name runs on after its premium line no further than the next premium (s08's right table)", () => {
    const result = parse(
      [
        "1 Model Park Pleasure, Open $150",
        "2 Juvenile Specialty Walking Horse (17 $60",
        "yrs & under, no stallions)",
        "3 Owner-Amateur Ladies Fine Harness $200",
        "Junior Country Pleasure (gaited only) $50 / $30 / $20",
        "14 Walking Horse Championship Stake $2.500 Added",
      ].join("\n"),
    );
    expect(result.classes.map((c) => `${c.number} ${c.name}`)).toEqual([
      "1 Model Park Pleasure, Open",
      "2 Juvenile Specialty Walking Horse (17 yrs & under, no stallions)",
      "3 Owner-Amateur Ladies Fine Harness",
      "14 Walking Horse Championship Stake",
    ]);
    expect(result.unplaced).toEqual(["Junior Country Pleasure (gaited only) $50 / $30 / $20"]);
  });

  it("a name's last lines before the next session's heading are its own when the next class follows the heading (s13 page 2)", () => {
    const result = parse(
      [
        "48. Open Walking Horse Specialty $60",
        "49. Amateur Owned & Trained Trail",
        "Pleasure Walking Horses, No",
        "Professional Training Within 90 Days,",
        "SUNDAY AFTERNOON, JUNE 28 — 1:00 PM.",
        "50. Walking Horse Amateur Rider, Canter Class $100",
      ].join("\n"),
    );
    expect(result.classes.map((c) => `${c.number} ${c.name}`)).toEqual([
      "48 Open Walking Horse Specialty",
      "49 Amateur Owned & Trained Trail Pleasure Walking Horses, No Professional Training Within 90 Days,",
      "50 Walking Horse Amateur Rider, Canter Class",
    ]);
    expect(result.classes[2]!.session?.name).toBe("SUNDAY AFTERNOON");
    // Its name still runs on where the heading comes: a line was lost, so it is marked.
    expect(result.classes.map((c) => c.doubts)).toEqual([[], ["line-below-unread"], []]);
  });

  it("lines before a heading are no name's rest when what follows the heading is not the next class", () => {
    const result = parse(
      [
        "48. Open Walking Horse Specialty $60",
        "49. Amateur Owned & Trained Trail",
        "Pleasure Walking Horses, No",
        "SUNDAY AFTERNOON, JUNE 28 — 1:00 PM.",
        "60. Walking Horse Amateur Rider, Canter Class $100",
      ].join("\n"),
    );
    expect(result.classes[1]!.name).toBe("Amateur Owned & Trained Trail");
    expect(result.unplaced).toEqual(["Pleasure Walking Horses, No"]);
  });

  it("drops a ruled table's rule OCR read as a bar of its own between cells (s08, both seeds)", () => {
    expect(
      read(
        [
          "9 Country Pleasure Western Specialty $60",
          "10 | Elite Owner-Amateur Gentlemen Riders | $50 / $30/$20",
          "on Walking Stallions | |",
          "| 5 | Equitation, 8 and Under, PH, Specialty $50 / $30 / $20",
        ].join("\n"),
      ),
    ).toEqual([
      "9 Country Pleasure Western Specialty",
      "10 Elite Owner-Amateur Gentlemen Riders on Walking Stallions",
      "5 Equitation, 8 and Under, PH, Specialty",
    ]);
  });
});
