import { describe, expect, it } from "vitest";
import { canManageShowDay, canRunRing } from "./show-day.policy.ts";

const show = { stewardIds: ["steward"] };
describe("show day policies", () => {
  it.each([
    ["an admin", { id: "a", roles: ["Admin", "Owner"] as const }, true],
    ["a named steward", { id: "steward", roles: ["Owner"] as const }, true],
    ["an owner who is no steward of this show", { id: "o", roles: ["Owner"] as const }, false],
    ["a trainer who is no steward", { id: "t", roles: ["Trainer", "Owner"] as const }, false],
  ])("canRunRing: %s → %s", (_, user, allowed) => {
    expect(canRunRing(user, show)).toBe(allowed);
  });

  it("lets only admins manage sessions and stewards", () => {
    expect(canManageShowDay({ roles: ["Admin"] })).toBe(true);
    expect(canManageShowDay({ roles: ["Owner", "Trainer"] })).toBe(false);
  });
});
