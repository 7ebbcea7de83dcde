import { describe, expect, it } from "vitest";
import type { Role } from "#domain/people/roles.ts";
import { canChooseRider, canRecordForHorse } from "./records.policy.ts";

describe("canRecordForHorse: records only for one's own horses", () => {
  it.each([
    ["an owner", ["me"], true],
    ["a co-owner", ["someone", "me"], true],
    ["someone else's horse", ["someone"], false],
    ["a horse without owners", [], false],
  ])("%s → %s", (_label, ownerIds, expected) => {
    expect(canRecordForHorse({ id: "me" }, { ownerIds })).toBe(expected);
  });
});

describe("canChooseRider: the user or any trainer", () => {
  it.each([
    ["oneself", "me", ["Owner"], true],
    ["a trainer", "coach", ["Owner", "Trainer"], true],
    ["another owner", "friend", ["Owner"], false],
    ["an admin who is not a trainer", "boss", ["Owner", "Admin"], false],
  ] as [string, string, Role[], boolean][])("%s → %s", (_label, id, roles, expected) => {
    expect(canChooseRider({ id: "me" }, { id, roles })).toBe(expected);
  });
});
