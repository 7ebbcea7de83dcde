import { type HorseAccess, isHorseOwner, isHorseTrainer } from "#server/features/horses/horses.policy.ts";

/**
 * Who may make, see and revoke a horse's live link at a show (issue 35): its owners, its trainers, and
 * the person riding it in a class of that show (`ridesThere`).
 */
export const canShareHorse = (viewer: { id: string }, horse: HorseAccess, ridesThere: boolean): boolean =>
  isHorseOwner(viewer, horse) || isHorseTrainer(viewer, horse) || ridesThere;
