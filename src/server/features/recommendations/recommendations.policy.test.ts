import { describe, expect, it } from "vitest";
import type { Role } from "#domain/people/roles.ts";
import { canGetRecommendations } from "./recommendations.policy.ts";

const horse = { ownerIds: ["owner"], trainerIds: ["trainer", "former-trainer"] };
const viewer = (id: string, roles: Role[]) => ({ id, roles });

describe("canGetRecommendations", () => {
  it.each([
    ["an owner", viewer("owner", ["Owner"]), true],
    ["the horse's trainer holding the Trainer role", viewer("trainer", ["Owner", "Trainer"]), true],
    ["a listed trainer who no longer holds the Trainer role", viewer("former-trainer", ["Owner"]), false],
    ["a trainer of other horses", viewer("someone", ["Owner", "Trainer"]), false],
    ["an admin who neither owns nor trains it", viewer("admin", ["Owner", "Admin"]), false],
  ] as const)("%s: %s", (_who, person, allowed) => {
    expect(canGetRecommendations(person, horse)).toBe(allowed);
  });
});
