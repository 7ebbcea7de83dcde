import { describe, expect, it } from "vitest";
import type { Role } from "#domain/people/roles.ts";
import { errorsTexts } from "#domain/texts/errors.ts";
import { ADMIN_ERRORS, roleChangeDenial, userDeletionDenial } from "./admin.policy.ts";

describe("userDeletionDenial", () => {
  const admin = { id: "a" };
  it.each<[string, { id: string; roles: Role[] }, boolean]>([
    ["an owner", { id: "o", roles: ["Owner"] }, false],
    ["a trainer", { id: "t", roles: ["Owner", "Trainer"] }, false],
    ["another admin", { id: "b", roles: ["Admin"] }, true],
    ["an admin-owner", { id: "c", roles: ["Owner", "Admin"] }, true],
    ["oneself, whatever the roles say", { id: "a", roles: ["Owner"] }, true],
  ])("deleting %s: refused=%s", (_label, target, refused) => {
    expect(userDeletionDenial(admin, target)).toEqual(
      refused ? { status: 403, message: errorsTexts.adminsCannotBeDeleted } : null,
    );
  });
});

describe("roleChangeDenial", () => {
  it.each<[string, Role[], Role[], number, boolean]>([
    ["the last admin drops Admin", ["Admin"], ["Owner"], 0, true],
    ["an admin drops Admin while another remains", ["Admin"], ["Owner"], 1, false],
    ["the last admin keeps Admin", ["Admin"], ["Owner", "Admin"], 0, false],
    ["an owner becomes admin", ["Owner"], ["Admin"], 0, false],
  ])("%s", (_label, before, after, others, refused) => {
    expect(roleChangeDenial(before, after, others)).toEqual(
      refused ? { status: 409, message: ADMIN_ERRORS.lastAdmin } : null,
    );
  });
});
