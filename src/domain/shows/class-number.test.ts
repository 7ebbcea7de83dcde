import { describe, expect, it } from "vitest";
import { classNumberFromId } from "#domain/shows/class-number.ts";

describe("classNumberFromId", () => {
  it.each([
    ["cel-12E", "12E"],
    ["sfs-3", "3"],
    ["class-7", "7"],
    ["cel-43A", "43A"],
    ["cel-190", "190"],
    ["ger-6343", "6343"],
    ["abc", "abc"],
    ["", ""],
    ["cel-", ""],
    ["-5", "5"],
    ["x-2a-b", "2a-b"],
  ])("%j → %j", (id, expected) => {
    expect(classNumberFromId(id)).toBe(expected);
  });
});
