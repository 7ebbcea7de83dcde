import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  checkPrintedName,
  editDistance,
  HorseIndex,
  type HorseMatch,
  MAX_CANDIDATES,
  type MatchableHorse,
  matchHorse,
  normaliseHorseName,
  suggestedHorse,
} from "#domain/results/horse-match.ts";

const horses = [
  { id: "h1", names: ["Midnight Sun"] },
  { id: "h2", names: ["The Royal Heir", "Heir"] },
  { id: "h3", names: ["Gen's Black Magic"] },
  { id: "h4", names: ["Pusher's Delight"] },
  { id: "h5", names: ["Pusher's Delight"] },
  { id: "h6", names: ["Jose"] },
  // A registered name and the names it was printed under, confirmed at publish (horse_alias).
  { id: "h7", names: ["Sir Lancelot", "Lancelot Gold"] },
  { id: "h8", names: ["Blue Bayou", "Bayou Belle"] },
  { id: "h9", names: ["Bayou Star", "Bayou Belle"] },
];

describe("normaliseHorseName", () => {
  it.each([
    ["  The Royal HEIR ", "royal heir"],
    ["Royal Heir, The", "royal heir"],
    ["Gen’s Black-Magic!", "gens black magic"],
    ["Señor Gold & Silver", "senor gold and silver"],
    ["The", "the"],
    ["", ""],
  ])("%j → %j", (name, key) => expect(normaliseHorseName(name)).toBe(key));
});

describe("matchHorse", () => {
  it.each([
    ["midnight sun", { kind: "exact", horseId: "h1" }],
    ["MIDNIGHT SUN.", { kind: "exact", horseId: "h1" }],
    ["Royal Heir", { kind: "exact", horseId: "h2" }],
    ["heir", { kind: "exact", horseId: "h2" }],
    ["Gens Black Magic", { kind: "exact", horseId: "h3" }],
    ["Midnite Sun", { kind: "close", candidates: ["h1"] }],
    ["Sun Midnight", { kind: "close", candidates: ["h1"] }],
    ["Gen's Blak Majic", { kind: "close", candidates: ["h3"] }],
    ["Pushers Delight", { kind: "close", candidates: ["h4", "h5"] }],
    ["Josh", { kind: "close", candidates: ["h6"] }],
    ["Gens Blak Majic Man", { kind: "none" }],
    ["Pusher's Delite", { kind: "close", candidates: ["h4", "h5"] }],
    ["Jo", { kind: "none" }],
    ["LANCELOT GOLD", { kind: "exact", horseId: "h7" }],
    ["Lancelot Golde", { kind: "close", candidates: ["h7"] }],
    ["Bayou Belle", { kind: "close", candidates: ["h8", "h9"] }],
    ["Blue Bayou", { kind: "exact", horseId: "h8" }],
    ["Someone Else Entirely", { kind: "none" }],
    ["", { kind: "none" }],
  ])("%j", (printed, match) => expect(matchHorse(printed, horses)).toEqual(match));
});

describe("suggestedHorse", () => {
  const offered = (printed: string) => {
    const match = matchHorse(printed, horses);
    const ids = match.kind === "close" ? match.candidates : [];
    return horses.filter((h) => ids.includes(h.id));
  };
  // Preselected for a person to confirm (issue 34): the nearest, unless another is as near.
  it.each([
    ["Midnite Sun", "h1"],
    ["Sun Midnight", "h1"],
    ["Gen's Blak Majic", "h3"],
    ["Lancelot Golde", "h7"],
    ["Pushers Delight", null],
    ["Pusher's Delite", null],
    ["Bayou Belle", null],
    ["", null],
  ] as const)("%j → %s", (printed, id) => expect(suggestedHorse(printed, offered(printed))).toBe(id));

  it.each([
    [
      "the nearer of two",
      "Midnite Sun",
      [
        { id: "a", names: ["Midnight Sun"] },
        { id: "b", names: ["Midnite Suns Day"] },
      ],
      "a",
    ],
    [
      "a remembered name counts",
      "Mid Sun",
      [
        { id: "a", names: ["Midnight Sun", "Mid Sunn"] },
        { id: "b", names: ["Mad Sin"] },
      ],
      "a",
    ],
    [
      "two as far off",
      "Midnite Sun",
      [
        { id: "a", names: ["Midnight Sun"] },
        { id: "b", names: ["Mignite Sxm"] },
      ],
      null,
    ],
    ["none offered", "Midnite Sun", [], null],
  ] as const)("%s", (_, printed, candidates, id) => expect(suggestedHorse(printed, candidates)).toBe(id));
});

describe("checkPrintedName", () => {
  /** The horses of the table above whose name or remembered name is exactly `printed`. */
  const namedExactly = (printed: string) =>
    new Set(
      horses
        .filter((h) => h.names.some((n) => normaliseHorseName(n) === normaliseHorseName(printed)))
        .map((h) => h.id),
    );

  it.each([
    ["the midnight sun", "h1", "exact"],
    ["Lancelot Gold", "h7", "exact"],
    ["Midnite Sun", "h1", "confirmAndRemember"],
    ["Midnight Sun", "h2", "confirmAndRemember"],
    // Two horses of one name, or a name that is one's name and another's remembered name: never exact.
    ["Pusher's Delight", "h4", "confirm"],
    ["Pushers Delight", "h5", "confirm"],
    ["Bayou Belle", "h8", "confirm"],
    ["...", "h1", "confirm"],
    ["", "h1", "confirm"],
  ] as const)("%j for %s → %s", (printed, chosen, check) =>
    expect(checkPrintedName(printed, chosen, namedExactly(printed))).toBe(check),
  );

  it("calls exact exactly what the preview's matching attaches", () => {
    const printedNames = horses.flatMap((h) => h.names).concat(["Midnite Sun", "Jo", "", "heir"]);
    for (const printed of printedNames) {
      const match = matchHorse(printed, horses);
      for (const h of horses) {
        const exact = checkPrintedName(printed, h.id, namedExactly(printed)) === "exact";
        expect(exact, `${printed} → ${h.id}`).toBe(match.kind === "exact" && match.horseId === h.id);
      }
    }
  });
});

describe("editDistance", () => {
  it.each([
    ["abc", "abc", 0],
    ["abc", "acb", 1],
    ["abc", "abd", 1],
    ["abc", "ab", 1],
    ["kitten", "sitting", 3],
  ])("%s %s", (a, b, d) => expect(editDistance(a, b, 5)).toBe(d));

  it("stops past the limit", () => expect(editDistance("aaaaaaa", "bbbbbbb", 2)).toBe(3));
});

/** The plain scan the index replaces: every name of every horse through the edit distance. */
function scanEveryName(printed: string, all: readonly MatchableHorse[]): HorseMatch {
  const key = normaliseHorseName(printed);
  if (key === "") return { kind: "none" };
  const exact = all.filter((h) => h.names.some((n) => normaliseHorseName(n) === key)).map((h) => h.id);
  if (exact.length === 1 && exact[0]) return { kind: "exact", horseId: exact[0] };
  if (exact.length > 1) return { kind: "close", candidates: exact.sort().slice(0, MAX_CANDIDATES) };
  const max = key.length < 4 ? 0 : key.length <= 6 ? 1 : key.length <= 9 ? 2 : key.length <= 14 ? 3 : 4;
  const words = key.split(" ").sort().join(" ");
  const scored = all
    .map((h) => ({
      id: h.id,
      distance: Math.min(
        ...h.names.map((n) => {
          const other = normaliseHorseName(n);
          if (other !== "" && other.split(" ").sort().join(" ") === words) return 0.5;
          return editDistance(key, other, max);
        }),
      ),
    }))
    .filter((s) => s.distance <= max)
    .sort((a, b) => a.distance - b.distance || (a.id < b.id ? -1 : 1));
  if (scored.length === 0) return { kind: "none" };
  return { kind: "close", candidates: scored.slice(0, MAX_CANDIDATES).map((s) => s.id) };
}

describe("HorseIndex", () => {
  // Few letters, so that random names come within reach of each other often.
  const name = fc.stringMatching(/^[abe ']{0,12}$/);
  it("matches as scanning every name does", () =>
    fc.assert(
      fc.property(
        fc.array(fc.array(name, { minLength: 1, maxLength: 3 }), { maxLength: 30 }),
        fc.array(name, { minLength: 1, maxLength: 10 }),
        (names, printed) => {
          const all = names.map((n, i) => ({ id: `h${String(i).padStart(2, "0")}`, names: n }));
          const index = new HorseIndex(all);
          for (const p of printed) expect(index.match(p)).toEqual(scanEveryName(p, all));
        },
      ),
      { numRuns: 300 },
    ));
});
