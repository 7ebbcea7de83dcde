import { describe, expect, it } from "vitest";
import { mayMirrorOnto, mirrorsToRider } from "#domain/roster/mirroring.ts";

describe("mirrorsToRider (the spec's mirroring)", () => {
  it.each([
    ["FriendIsShowing", "h", "r", true],
    ["FriendIsShowing", null, "r", true],
    ["FriendIsShowing", "h", null, false],
    ["CustomerIsShowing", "h", "r", true],
    ["CustomerIsShowing", null, "r", false],
    ["ImShowing", "h", "r", false],
    ["HorseIsShowing", "h", "r", false],
    ["WatchClass", null, null, false],
  ])("%s with horse %s and rider %s → %s", (status, horseId, riderId, expected) => {
    expect(mirrorsToRider({ status, horseId, riderId })).toBe(expected);
  });
});

describe("mayMirrorOnto (consent)", () => {
  it.each([
    ["a rider with no block", "rider", [], true],
    ["a rider in a block with the actor", "rider", ["rider"], false],
    ["the actor", "actor", [], false],
  ] as const)("%s → %s", (_label, riderId, blocked, expected) => {
    expect(mayMirrorOnto("actor", riderId, new Set(blocked))).toBe(expected);
  });
});
