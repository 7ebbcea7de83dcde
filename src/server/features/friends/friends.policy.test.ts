import { describe, expect, it } from "vitest";
import { canBefriend } from "#server/features/friends/friends.policy.ts";

describe("canBefriend", () => {
  it.each([
    ["someone else", "other", true],
    ["oneself", "me", false],
  ])("%s → %s", (_label, otherId, expected) => {
    expect(canBefriend({ id: "me" }, otherId)).toBe(expected);
  });
});
