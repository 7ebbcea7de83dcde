import { hasRole, type Role } from "#domain/roles.ts";
import { texts } from "#domain/texts.ts";
import type { Denial } from "#server/platform/errors.ts";

export const ADMIN_ERRORS = {
  userNotFound: "User not found.",
  lastAdmin: "There must always be at least one admin: give someone else the Admin role first.",
} as const;

/** The spec's rule: an admin deletes users, but never themselves nor another admin. */
export function userDeletionDenial(
  viewer: { id: string },
  target: { id: string; roles: readonly Role[] },
): Denial | null {
  if (viewer.id === target.id || hasRole(target, "Admin")) {
    return { status: 403, message: texts.errors.adminsCannotBeDeleted };
  }
  return null;
}

/** Taking the Admin role away is refused when nobody else would hold it. */
export function roleChangeDenial(
  before: readonly Role[],
  after: readonly Role[],
  otherAdmins: number,
): Denial | null {
  const losesAdmin = before.includes("Admin") && !after.includes("Admin");
  return losesAdmin && otherAdmins === 0 ? { status: 409, message: ADMIN_ERRORS.lastAdmin } : null;
}
