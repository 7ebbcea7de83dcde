import { z } from "zod";

export const ROLES = ["Owner", "Trainer", "Admin"] as const;
export const Role = z.enum(ROLES);
export type Role = z.infer<typeof Role>;

/** The roles a person may pick when signing up; Admin is never self-assigned. */
export const SignUpRole = z.enum(["Owner", "Trainer"]);
export type SignUpRole = z.infer<typeof SignUpRole>;

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
