import { hasRole, type Role } from "#domain/people/roles.ts";

/**
 * Who may run a show's ring (issue 21): admins, and the people an admin named as that show's ring
 * stewards. Posting results (issue 22) asks the same question.
 */
export const canRunRing = (
  user: { id: string; roles: readonly Role[] },
  show: { stewardIds: readonly string[] },
): boolean => hasRole(user, "Admin") || show.stewardIds.includes(user.id);

/** Naming stewards and editing sessions is the admin's, as all show editing is. */
export const canManageShowDay = (user: { roles: readonly Role[] }): boolean => hasRole(user, "Admin");
