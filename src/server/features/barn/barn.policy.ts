import { hasRole, type Role } from "#domain/people/roles.ts";

/** The barn is for trainers only (spec, section 6). */
export const canViewBarn = (viewer: { roles: readonly Role[] }): boolean => hasRole(viewer, "Trainer");

/** An invite link greets its reader with the inviter's name only when the inviter is a trainer. */
export const canInviteCustomers = (inviter: { roles: readonly Role[] }): boolean =>
  hasRole(inviter, "Trainer");
