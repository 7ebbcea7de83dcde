import { hasRole, type Role } from "#domain/people/roles.ts";
import { errorsTexts } from "#domain/texts/errors.ts";
import { userDeletionTexts } from "#domain/texts/user-deletion.ts";
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
    return { status: 403, message: errorsTexts.adminsCannotBeDeleted };
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

/**
 * Deleting a user who is the only owner of horses needs the admin's word on them (issue 24): given to
 * another existing user, or deleted with their entries. No choice, or a new owner who is the user being
 * deleted, is refused; horses are never left with no owner.
 */
export function soleHorsesDenial(
  soleHorses: number,
  choice: { horses?: "transfer" | "delete" | undefined; to?: string | undefined },
  deletedId: string,
): Denial | null {
  const e = userDeletionTexts.errors;
  if (soleHorses === 0) return null;
  if (!choice.horses) return { status: 409, message: e.chooseHorses(soleHorses) };
  if (choice.horses === "delete") return null;
  if (!choice.to) return { status: 400, message: e.chooseNewOwner };
  if (choice.to === deletedId) return { status: 400, message: e.newOwnerIsDeleted };
  return null;
}
