import { describe, expect, it } from "vitest";
import type { Role } from "#domain/people/roles.ts";
import { canInviteCustomers, canViewBarn } from "./barn.policy.ts";

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

describe("canInviteCustomers: an invite link names its sender only when the sender trains", () => {
  it.each([
    [["Owner", "Trainer"], true],
    [["Owner"], false],
    [["Owner", "Admin"], false],
    [[], false],
  ] as [Role[], boolean][])("%j → %s", (roles, expected) => {
    expect(canInviteCustomers({ roles })).toBe(expected);
  });
});
