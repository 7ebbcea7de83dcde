import { describe, expect, it } from "vitest";
import { canEditProfile } from "./profile.policy.ts";

describe("canEditProfile", () => {
  it.each([
    ["one's own profile", "me", true],
    ["someone else's", "other", false],
  ])("%s → %s", (_label, userId, expected) => {
    expect(canEditProfile({ id: "me" }, userId)).toBe(expected);
  });
});
