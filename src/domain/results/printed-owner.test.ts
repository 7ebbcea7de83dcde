import { describe, expect, it } from "vitest";
import { newestPrintedOwners, type PrintedLine } from "#domain/results/printed-owner.ts";

const at = (standing: string, show_id: string, owner_name: string): PrintedLine => ({
  standing,
  show_id,
  owner_name,
});

describe("a standing's printed owner", () => {
  it.each([
    [
      "the newest show's owner, not an older show's",
      [at("a", "s2", "New Farm"), at("a", "s1", "Old Farm")],
      "New Farm",
    ],
    [
      "the first class at that show that printed one",
      [at("a", "s2", ""), at("a", "s2", "Second Class"), at("a", "s2", "Third")],
      "Second Class",
    ],
    [
      "none when the newest show printed none, whatever older shows printed",
      [at("a", "s2", " "), at("a", "s1", "Old Farm")],
      "",
    ],
    [
      "the words as printed, without the spaces around them",
      [at("a", "s1", "  Smith Farms\t")],
      "Smith Farms",
    ],
  ])("is %s", (_rule, lines, owner) => {
    expect(newestPrintedOwners(lines).get("a")).toBe(owner);
  });

  it("keeps each standing to its own lines", () => {
    const owners = newestPrintedOwners([
      at("a", "s2", ""),
      at("b", "s2", "B Barn"),
      at("a", "s2", "A Acres"),
      at("b", "s1", ""),
    ]);
    expect(Object.fromEntries(owners)).toEqual({ a: "A Acres", b: "B Barn" });
  });

  it("has nothing for no lines", () => {
    expect(newestPrintedOwners([]).size).toBe(0);
  });
});
