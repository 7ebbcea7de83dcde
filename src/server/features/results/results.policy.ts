import { hasRole, type Role } from "#domain/people/roles.ts";
import { canRunRing } from "#server/features/show-day/show-day.policy.ts";

type User = { id: string; roles: readonly Role[] };

/** Posting, correcting and previewing a show's results: admins and that show's ring stewards (issue 22). */
export const canPostResults = (user: User, show: { stewardIds: readonly string[] }): boolean =>
  canRunRing(user, show);

/** The points scales belong to the sanctioning organisations; the admin keeps them. */
export const canEditPointsScales = (user: { roles: readonly Role[] }): boolean => hasRole(user, "Admin");

/** A result's Show Records row can be hidden by an owner of its horse, for themselves. */
export const canHideResult = (user: { id: string }, ownerIds: readonly string[]): boolean =>
  ownerIds.includes(user.id);

/** A name a horse was printed under can be forgotten by the horse's owners and by admins. */
export const canForgetHorseName = (user: User, ownerIds: readonly string[]): boolean =>
  ownerIds.includes(user.id) || hasRole(user, "Admin");
