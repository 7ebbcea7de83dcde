import { describe, expect, it } from "vitest";
import { chosenAfterMove, chosenAfterRemove, chosenByKey } from "#domain/shows/chosen-item.ts";

describe("chosenByKey", () => {
  it("moves one down or up and stops at the ends", () => {
    expect(chosenByKey("ArrowDown", 0, 3)).toBe(1);
    expect(chosenByKey("ArrowDown", 2, 3)).toBe(2);
    expect(chosenByKey("ArrowUp", 1, 3)).toBe(0);
    expect(chosenByKey("ArrowUp", 0, 3)).toBe(0);
  });
  it("goes to the first and the last", () => {
    expect(chosenByKey("Home", 2, 5)).toBe(0);
    expect(chosenByKey("End", 0, 5)).toBe(4);
  });
  it("ignores other keys and an empty list", () => {
    expect(chosenByKey("Enter", 1, 3)).toBeNull();
    expect(chosenByKey("a", 1, 3)).toBeNull();
    expect(chosenByKey("ArrowDown", 0, 0)).toBeNull();
  });
  it("starts from inside the list when the index is out of it", () => {
    expect(chosenByKey("ArrowDown", 7, 3)).toBe(2);
    expect(chosenByKey("ArrowUp", 7, 3)).toBe(1);
  });
});

describe("chosenAfterMove", () => {
  it("follows the chosen item", () => {
    expect(chosenAfterMove(2, 2, 1)).toBe(1);
    expect(chosenAfterMove(2, 2, 3)).toBe(3);
  });
  it("keeps the chosen item when another passes it", () => {
    expect(chosenAfterMove(2, 1, 2)).toBe(1);
    expect(chosenAfterMove(2, 3, 2)).toBe(3);
    expect(chosenAfterMove(2, 0, 4)).toBe(1);
    expect(chosenAfterMove(2, 4, 0)).toBe(3);
  });
  it("is unchanged by a move that does not cross it", () => {
    expect(chosenAfterMove(2, 3, 4)).toBe(2);
    expect(chosenAfterMove(2, 0, 1)).toBe(2);
  });
});

describe("chosenAfterRemove", () => {
  it("keeps the chosen item when another goes", () => {
    expect(chosenAfterRemove(2, 0, 5)).toBe(1);
    expect(chosenAfterRemove(2, 4, 5)).toBe(2);
  });
  it("chooses the next one when the chosen goes, or the new last", () => {
    expect(chosenAfterRemove(2, 2, 5)).toBe(2);
    expect(chosenAfterRemove(4, 4, 5)).toBe(3);
    expect(chosenAfterRemove(0, 0, 1)).toBe(0);
  });
});
