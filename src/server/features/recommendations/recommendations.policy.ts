import { hasRole, type Role } from "#domain/people/roles.ts";
import { type HorseAccess, isHorseOwner, isHorseTrainer } from "#server/features/horses/horses.policy.ts";

/**
 * The spec's "AI planner horses": a user gets recommendations for the horses they own, and for those they
 * train when they hold the Trainer role. The horse list offered and every recommendation call check this.
 */
export function canGetRecommendations(
  viewer: { id: string; roles: readonly Role[] },
  horse: HorseAccess,
): boolean {
  return isHorseOwner(viewer, horse) || (hasRole(viewer, "Trainer") && isHorseTrainer(viewer, horse));
}
