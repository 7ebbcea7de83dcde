import { describe, expect, it } from "vitest";
import type { Role } from "#domain/roles.ts";
import { canViewBarn } from "#server/features/barn/barn.policy.ts";

describe("canViewBarn: trainers only", () => {
  it.each([
    [["Owner", "Trainer"], true],
    [["Trainer"], true],
    [["Owner"], false],
    [["Owner", "Admin"], false],
    [[], false],
  ] as [Role[], boolean][])("%j → %s", (roles, expected) => {
    expect(canViewBarn({ roles })).toBe(expected);
  });
});
