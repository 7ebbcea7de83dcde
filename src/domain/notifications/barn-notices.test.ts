import { describe, expect, it } from "vitest";
import {
  BARN_NOTICE_LIMIT,
  barnNoticesAllowed,
  barnNoticeWindow,
  barnRecipients,
  hasBarnTie,
} from "#domain/notifications/barn-notices.ts";

const horse = { owners: ["owner", "co-owner"], trainers: ["trainer"] };
const none = { friends: new Set<string>(), customers: new Set<string>() };

describe("hasBarnTie", () => {
  it.each([
    ["an owner", "owner", null, none, true],
    ["a trainer", "trainer", null, none, true],
    ["a friend of an owner", "pal", null, { ...none, friends: new Set(["co-owner"]) }, true],
    ["a stranger", "stranger", null, none, false],
    ["a stranger naming an owner as rider", "stranger", "owner", none, false],
    ["a stranger naming themself as rider", "stranger", "stranger", none, false],
    ["someone naming their friend as rider", "pal", "rider", { ...none, friends: new Set(["rider"]) }, true],
    [
      "someone naming their customer as rider",
      "coach",
      "cust",
      { ...none, customers: new Set(["cust"]) },
      true,
    ],
    [
      "someone whose only friend is not involved",
      "pal",
      "rider",
      { ...none, friends: new Set(["elsewhere"]) },
      false,
    ],
    [
      "someone naming themself while friends with the rider set",
      "pal",
      "pal",
      { ...none, friends: new Set(["pal"]) },
      false,
    ],
  ] as const)("%s → %s", (_label, actor, rider, facts, expected) => {
    expect(hasBarnTie(actor, horse, rider, facts)).toBe(expected);
  });
});

describe("barnRecipients", () => {
  it.each([
    ["everyone but the actor", "owner", [], ["co-owner", "trainer"]],
    ["everyone for an outsider", "pal", [], ["owner", "co-owner", "trainer"]],
    ["nobody in a block with the actor", "pal", ["trainer", "owner"], ["co-owner"]],
  ] as const)("%s", (_label, actor, blocked, expected) => {
    expect(barnRecipients(actor, horse, new Set(blocked))).toEqual(expected);
  });

  it("names someone who both owns and trains the horse once", () => {
    expect(barnRecipients("x", { owners: ["a"], trainers: ["a", "b"] }, new Set())).toEqual(["a", "b"]);
  });
});

describe("barn notice quota", () => {
  it.each([
    ["2026-05-01T10:00:00.000Z", "2026-05-01T10:00:00.000Z"],
    ["2026-05-01T10:59:59.999Z", "2026-05-01T10:00:00.000Z"],
    ["2026-05-01T11:00:00.000Z", "2026-05-01T11:00:00.000Z"],
  ])("%s falls in the window starting %s", (now, start) => {
    expect(barnNoticeWindow(new Date(now))).toBe(start);
  });

  it.each([
    ["the first notices of a window", 3, 3, 3],
    ["notices reaching the limit exactly", BARN_NOTICE_LIMIT, 2, 2],
    ["notices crossing the limit", BARN_NOTICE_LIMIT + 1, 3, 2],
    ["notices after the limit", BARN_NOTICE_LIMIT + 5, 1, 0],
    ["nothing asked", 10, 0, 0],
  ])("%s: used %i after asking %i → %i allowed", (_label, usedAfter, requested, allowed) => {
    expect(barnNoticesAllowed(usedAfter, requested)).toBe(allowed);
  });
});
