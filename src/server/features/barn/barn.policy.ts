import { hasRole, type Role } from "#domain/roles.ts";

/** The barn is for trainers only (spec, section 6). */
export const canViewBarn = (viewer: { roles: readonly Role[] }): boolean => hasRole(viewer, "Trainer");
