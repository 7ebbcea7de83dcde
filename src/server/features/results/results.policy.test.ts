import { describe, expect, it } from "vitest";
import { canEditPointsScales, canForgetHorseName, canHideResult, canPostResults } from "./results.policy.ts";

const admin = { id: "a", roles: ["Admin"] as const };
const steward = { id: "s", roles: ["Owner"] as const };
const owner = { id: "o", roles: ["Owner", "Trainer"] as const };

describe("results policy", () => {
  it.each([
    [admin, [], true],
    [steward, ["s"], true],
    [steward, ["x"], false],
    [owner, [], false],
  ])("posting: %j stewards %j → %j", (user, stewardIds, allowed) =>
    expect(canPostResults(user, { stewardIds })).toBe(allowed),
  );

  it("points scales are the admin's", () => {
    expect(canEditPointsScales(admin)).toBe(true);
    expect(canEditPointsScales(owner)).toBe(false);
  });

  it("only an owner hides a result's record", () => {
    expect(canHideResult(owner, ["o"])).toBe(true);
    expect(canHideResult(admin, ["o"])).toBe(false);
  });

  it.each([
    [owner, ["o"], true],
    [admin, ["o"], true],
    [steward, ["o"], false],
    [owner, [], false],
  ])("forgetting a printed name: %j owners %j → %j", (user, ownerIds, allowed) =>
    expect(canForgetHorseName(user, ownerIds)).toBe(allowed),
  );
});
