import { describe, expect, it } from "vitest";
import type { Role } from "#domain/people/roles.ts";
import { canImportClassLists, canPredictShows } from "./show-ai.policy.ts";

describe("show AI tools: admins only", () => {
  it.each([
    [["Owner", "Admin"], true],
    [["Admin"], true],
    [["Owner", "Trainer"], false],
    [["Owner"], false],
    [[], false],
  ] as [Role[], boolean][])("%j → %s", (roles, expected) => {
    expect(canPredictShows({ roles })).toBe(expected);
    expect(canImportClassLists({ roles })).toBe(expected);
  });
});
