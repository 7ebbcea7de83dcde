import { describe, expect, it } from "vitest";
import {
  type CandidateClass,
  MAX_RECOMMENDATIONS,
  recommendClasses,
} from "#domain/recommendations/recommendations.ts";
import { amateur, mare, trainer } from "#tests/support/recommendation-profiles.ts";

const show = (names: string[], dates: string[] = ["2026-08-20"]): CandidateClass[] =>
  names.map((name, i) => ({ id: `class-${i + 1}`, name, date: dates[i % dates.length]! }));

describe("recommendClasses", () => {
  it("gives the issue's example reason", () => {
    const [first] = recommendClasses({
      horse: mare(),
      rider: amateur(),
      classes: show(["Four Year Old Mares Country Pleasure"]),
    });
    expect(first?.reason).toBe("Open to four-year-old mares; she is qualified in Country Pleasure.");
  });

  it.each([
    [
      "Owner-Amateur Youth Riders 6-11 Years on Walking Mares",
      mare({ divisions: ["performance"] }),
      amateur({ age: 9 }),
      "Open to mares with owner-amateur youth riders 6–11; she is qualified in Performance (Padded); you are 9.",
    ],
    [
      "Owner-Amateur Riders on Walking Mares or Geldings, Five Years & Over (Canter)",
      mare({ age: 8, gender: "Gelding", divisions: [] }),
      amateur(),
      "Open to mares and geldings five and over with owner-amateur riders; he canters.",
    ],
    [
      "Model Mares & Geldings",
      mare({ divisions: ["model"] }),
      amateur(),
      "Open to mares and geldings, shown in hand; she is qualified in Model.",
    ],
    [
      "Walking Horse 15.2 & Under",
      mare({ gender: null, divisions: ["performance"] }),
      trainer,
      "Open to every horse and rider; it is qualified in Performance (Padded); check the height limit (15.2 & under).",
    ],
    [
      "Country Pleasure - Amateur Owned and Trained",
      mare(),
      amateur(),
      "Open to amateur owner-trainer riders; she is qualified in Country Pleasure; you own her and no trainer is listed.",
    ],
    [
      "Park Pleasure Walking Horses, Two and Three Years Old",
      mare({ age: 3, gender: "Colt", divisions: [] }),
      trainer,
      "Open to two- and three-year-old horses.",
    ],
  ] as const)("explains %s in plain English", (name, horse, rider, reason) => {
    expect(recommendClasses({ horse, rider, classes: show([name]) })[0]?.reason).toBe(reason);
  });

  const many = [
    "Country Pleasure Open",
    "Country Pleasure - Amateur English",
    "Country Pleasure - Amateur Western",
    "Youth Country Pleasure",
    "O/A English Country Pleasure Walking Horses",
    "O/A Western Country Pleasure Walking Horses",
    "Four Year Old Amateur",
    "Equitation with Pattern Work, Any Age",
    "Walking Horse Stake",
  ];

  it("returns at most five, only eligible, strongest first, in show order", () => {
    const result = recommendClasses({ horse: mare(), rider: amateur(), classes: show(many) });
    expect(result).toHaveLength(MAX_RECOMMENDATIONS);
    expect(result.map((r) => r.className)).toEqual([
      "Country Pleasure Open",
      "Country Pleasure - Amateur English",
      "Country Pleasure - Amateur Western",
      "O/A English Country Pleasure Walking Horses",
      "O/A Western Country Pleasure Walking Horses",
    ]);
  });

  it("tops up to three with eligible classes outside the horse's divisions", () => {
    const result = recommendClasses({
      horse: mare(),
      rider: amateur(),
      classes: show([
        "Walking Horse Stake",
        "Country Pleasure Open",
        "Four Year Old Amateur",
        "Equitation with Pattern Work, Any Age",
      ]),
    });
    expect(result.map((r) => r.className)).toEqual([
      "Country Pleasure Open",
      "Four Year Old Amateur",
      "Equitation with Pattern Work, Any Age",
    ]);
  });

  it("returns fewer only when fewer are eligible, and none when nothing is", () => {
    expect(
      recommendClasses({
        horse: mare(),
        rider: amateur(),
        classes: show(["Country Pleasure Open", "Speed Racking"]),
      }),
    ).toHaveLength(1);
    expect(
      recommendClasses({
        horse: mare(),
        rider: amateur(),
        classes: show(["Speed Racking", "Walking Horse Stake"]),
      }),
    ).toEqual([]);
  });

  it("spreads picks over the show's days before taking more of the best day", () => {
    const classes = [
      ["O/A English Country Pleasure Walking Horses", "2026-08-20"],
      ["O/A Western Country Pleasure Walking Horses", "2026-08-20"],
      ["Country Pleasure - Amateur English", "2026-08-20"],
      ["Country Pleasure - Amateur Western", "2026-08-20"],
      ["Owner-Amateur Ladies Country Pleasure", "2026-08-20"],
      ["Country Pleasure Open", "2026-08-21"],
      ["Country Pleasure Driving", "2026-08-21"],
    ].map(([name, date], i) => ({ id: `c${i}`, name: name!, date: date! }));
    const result = recommendClasses({ horse: mare(), rider: amateur(), classes });
    expect(result.map((r) => r.date)).toEqual([
      "2026-08-20",
      "2026-08-20",
      "2026-08-20",
      "2026-08-21",
      "2026-08-21",
    ]);
    expect(result.map((r) => r.className)).not.toContain("Country Pleasure - Amateur Western");
  });

  it("recommends one class per name", () => {
    const result = recommendClasses({
      horse: mare(),
      rider: amateur(),
      classes: show(["Country Pleasure", "Country Pleasure", "Country Pleasure Open"]),
    });
    expect(result.map((r) => r.className)).toEqual(["Country Pleasure", "Country Pleasure Open"]);
  });
});
