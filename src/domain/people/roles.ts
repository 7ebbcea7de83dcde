export const ROLES = ["Owner", "Trainer", "Admin"] as const;
export type Role = (typeof ROLES)[number];

/** The roles a person may pick when signing up; Admin is never self-assigned. */
export const SIGN_UP_ROLES = ["Owner", "Trainer"] as const;
export type SignUpRole = (typeof SIGN_UP_ROLES)[number];

/** A Trainer also receives Owner; Owner is the default. Result is in canonical order. */
export function rolesForSignUp(choice: SignUpRole | undefined): Role[] {
  return choice === "Trainer" ? ["Owner", "Trainer"] : ["Owner"];
}

/** Roles are stored as one normalised text column: canonical order, comma-separated, no duplicates. */
export function serializeRoles(roles: readonly Role[]): string {
  return ROLES.filter((r) => roles.includes(r)).join(",");
}

export function parseRoles(value: string | null | undefined): Role[] {
  if (!value) return [];
  const parts = value.split(",").map((p) => p.trim());
  return ROLES.filter((r) => parts.includes(r));
}

export const hasRole = (user: { roles: readonly Role[] } | null | undefined, role: Role): boolean =>
  !!user && user.roles.includes(role);
