import { describe, expect, it } from "vitest";
import {
  hearsOfNewShow,
  isPlaceholderLocation,
  type NewShowFacts,
  newShowNotice,
  newShowsSummary,
  type PersonTies,
} from "#domain/notifications/new-show-reach.ts";

const person = (over: Partial<PersonTies> = {}): PersonTies => ({
  reach: "near",
  showNames: new Set(),
  states: new Set(),
  divisionIds: new Set(),
  ...over,
});
const show = (over: Partial<NewShowFacts> = {}): NewShowFacts => ({
  name: "2027 Belfast Lions Club Horse Show",
  location: "Belfast, TN",
  divisionIds: ["amateur"],
  ...over,
});

describe("hearsOfNewShow", () => {
  it.each([
    [
      "none hears nothing, tie or not",
      person({ reach: "none", showNames: new Set(["belfast lions club horse show"]) }),
      show(),
      false,
    ],
    ["all hears every show", person({ reach: "all" }), show({ location: "Anywhere, ZZ" }), true],
    ["near, no tie at all", person(), show(), false],
    [
      "near, an earlier edition (year and edition number ignored)",
      person({ showNames: new Set(["belfast lions club horse show"]) }),
      show({ name: "54th Annual Belfast Lions Club Horse Show" }),
      true,
    ],
    [
      "near, shown in the state and a horse in an offered division",
      person({ states: new Set(["TN"]), divisionIds: new Set(["amateur", "youth"]) }),
      show(),
      true,
    ],
    [
      "near, shown in the state but no horse in its divisions",
      person({ states: new Set(["TN"]), divisionIds: new Set(["youth"]) }),
      show(),
      false,
    ],
    [
      "near, a horse in its division but never shown in the state",
      person({ states: new Set(["KY"]), divisionIds: new Set(["amateur"]) }),
      show(),
      false,
    ],
    [
      "near, shown in the state; the show has no class list yet",
      person({ states: new Set(["TN"]), divisionIds: new Set(["youth"]) }),
      show({ divisionIds: [] }),
      true,
    ],
    ["near, shown in the state; no horse with a division", person({ states: new Set(["TN"]) }), show(), true],
    [
      "near, the state written out",
      person({ states: new Set(["KY"]) }),
      show({ location: "Lexington, Kentucky", divisionIds: [] }),
      true,
    ],
    [
      "near, a location with no state",
      person({ states: new Set(["TN"]) }),
      show({ location: "TBD", divisionIds: [] }),
      false,
    ],
  ])("%s", (_label, who, what, expected) => {
    expect(hearsOfNewShow(who, what)).toBe(expected);
  });
});

describe("wording", () => {
  it.each([
    ["TBD", true],
    [" tba ", true],
    ["To be announced", true],
    ["", true],
    ["Belfast, TN", false],
    ["Tbilisi", false],
  ])("isPlaceholderLocation(%j) is %s", (location, expected) => {
    expect(isPlaceholderLocation(location)).toBe(expected);
  });

  it("names the place of one show, and never a placeholder", () => {
    expect(newShowNotice({ name: "Belfast Show", location: "Belfast, TN" })).toBe(
      "New show added: Belfast Show in Belfast, TN.",
    );
    expect(newShowNotice({ name: "Belfast Show", location: "TBD" })).toBe("New show added: Belfast Show.");
  });

  it.each([
    [["Shelbyville, TN", "Belfast, TN"], "2 new shows added in Tennessee."],
    [
      ["Shelbyville, TN", "Lexington, KY", "Murfreesboro, Tennessee"],
      "3 new shows added in Kentucky and Tennessee.",
    ],
    [
      ["Shelbyville, TN", "Lexington, KY", "Montgomery, AL"],
      "3 new shows added in Alabama, Kentucky and Tennessee.",
    ],
    [["Shelbyville, TN", "TBD"], "2 new shows added in Tennessee and elsewhere."],
    [["Shelbyville, TN", "TBD", "Lexington, KY"], "3 new shows added in Kentucky, Tennessee and elsewhere."],
    [["A, TN", "B, KY", "C, AL", "D, GA"], "4 new shows added in 4 states."],
    [["TBD", "To be announced"], "2 new shows added to the calendar."],
  ])("summarises %j as %j", (locations, expected) => {
    expect(newShowsSummary(locations)).toBe(expected);
  });
});
