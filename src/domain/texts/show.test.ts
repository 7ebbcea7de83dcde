import { describe, expect, it } from "vitest";
import { showTexts } from "./show.ts";

describe("the class schedule's count", () => {
  it.each([
    [1, 1, "1 class"],
    [0, 0, "0 classes"],
    [100, 100, "100 classes"],
    [1, 100, "1 of 100 classes"],
    [0, 26, "0 of 26 classes"],
  ])("%i shown of %i: %s", (shown, total, text) => {
    expect(showTexts.classCount(shown, total)).toBe(text);
  });
});
