import { describe, expect, it } from "vitest";
import { classesToAdd, importedShowDefaults } from "#domain/class-import.ts";

describe("classesToAdd", () => {
  it.each([
    ["a new show takes every class", [], ["1", "2", "36A"], ["class-1", "class-2", "class-36A"]],
    ["numbers the show has are skipped", ["1", "36a"], ["1", "2", "36A"], ["class-2"]],
    [
      "a number repeated in the import is taken once, the first time",
      [],
      ["1", "2", "1"],
      ["class-1", "class-2"],
    ],
    ["suffixes are compared without case", ["2a"], ["2A", "2b"], ["class-2B"]],
    ["an empty number is skipped", [], [" ", "3"], ["class-3"]],
  ])("%s", (_label, existing, numbers, ids) => {
    const imported = numbers.map((number, i) => ({ number, name: ` Class ${i} `, date: null }));
    expect(classesToAdd(existing, imported).map((c) => c.id)).toEqual(ids);
  });

  it("keeps names (trimmed) and dates", () => {
    expect(classesToAdd([], [{ number: "30", name: " Model Mares ", date: "2025-08-21" }])).toEqual([
      { id: "class-30", name: "Model Mares", date: "2025-08-21" },
    ]);
  });
});

describe("importedShowDefaults", () => {
  it("starts an imported show today, at 'TBD', judged by 'TBA'", () => {
    expect(importedShowDefaults("2025-11-23")).toEqual({
      startDate: "2025-11-23",
      endDate: "2025-11-23",
      location: "TBD",
      judges: ["TBA"],
    });
  });
});
