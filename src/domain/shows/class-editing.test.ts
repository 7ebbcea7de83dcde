import { describe, expect, it } from "vitest";
import { CLASS_EDIT_ERRORS, parsePastedClasses, planClassChanges } from "#domain/shows/class-editing.ts";

describe("planClassChanges", () => {
  it("keeps ids of classes that stay, numbers new ones, removes the rest, in the new order", () => {
    const plan = planClassChanges(
      ["cel-1", "cel-2", "cel-3"],
      [
        { id: "cel-3", number: "3", name: " Model Mares " },
        { number: "36a", name: "Amateur Country Pleasure", date: "2026-08-21" },
        { id: "cel-1", number: "1A", name: "Renamed" },
      ],
    );
    expect(plan).toEqual({
      ok: true,
      removedIds: ["cel-2"],
      classes: [
        { id: "cel-3", position: 0, number: "3", name: "Model Mares", date: null, isNew: false },
        {
          id: "class-36A",
          position: 1,
          number: "36A",
          name: "Amateur Country Pleasure",
          date: "2026-08-21",
          isNew: true,
        },
        { id: "cel-1", position: 2, number: "1A", name: "Renamed", date: null, isNew: false },
      ],
    });
  });

  it("never reuses an id the show has or had in this edit", () => {
    const plan = planClassChanges(["class-5"], [{ number: "5", name: "New five" }]);
    expect(plan.ok && plan.classes.map((c) => c.id)).toEqual(["class-5-2"]);
    expect(plan.ok && plan.removedIds).toEqual(["class-5"]);
  });

  it.each([
    [
      "an unknown id",
      ["a-1"],
      [{ id: "a-9", number: "9", name: "x" }],
      CLASS_EDIT_ERRORS.unknownClass("a-9"),
    ],
    [
      "a class twice",
      ["a-1"],
      [
        { id: "a-1", number: "1", name: "x" },
        { id: "a-1", number: "2", name: "y" },
      ],
      CLASS_EDIT_ERRORS.repeatedClass("a-1"),
    ],
    [
      "a number twice, whatever its case",
      [],
      [
        { number: "2a", name: "x" },
        { number: "2A", name: "y" },
      ],
      CLASS_EDIT_ERRORS.duplicateNumber("2A"),
    ],
    ["a blank number", [], [{ number: " ", name: "x" }], CLASS_EDIT_ERRORS.blankNumber],
  ])("refuses %s", (_label, existing, next, problem) => {
    expect(planClassChanges(existing, next)).toEqual({ ok: false, problem });
  });
});

describe("parsePastedClasses", () => {
  it("reads the class lines an admin pastes, with and without the word Class", () => {
    const text =
      "12 Two Year Old Walking Colts\nClass 36A Amateur Country Pleasure\n\n37. Youth 12-17 Trail Pleasure";
    expect(parsePastedClasses(text, 2026).classes).toEqual([
      { number: "12", name: "Two Year Old Walking Colts", date: null, session: null },
      { number: "36A", name: "Amateur Country Pleasure", date: null, session: null },
      { number: "37", name: "Youth 12-17 Trail Pleasure", date: null, session: null },
    ]);
  });

  it("dates classes under a session heading and reports what it could not read", () => {
    const result = parsePastedClasses("Thursday AM (Aug 20)\n1 Model Mares\n\nSome stray words\n", 2026);
    // The heading goes with it, to become the show's session (issue 23).
    expect(result.classes).toEqual([
      {
        number: "1",
        name: "Model Mares",
        date: "2026-08-20",
        session: { name: "Thursday AM", date: "2026-08-20" },
      },
    ]);
    expect(result.unread).toEqual(["Some stray words"]);
  });
});
