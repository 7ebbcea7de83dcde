import { hasRole, type Role } from "#domain/people/roles.ts";

/** Records are kept for one's own horses only (the Add Show Record horse choices). */
export const canRecordForHorse = (viewer: { id: string }, horse: { ownerIds: readonly string[] }): boolean =>
  horse.ownerIds.includes(viewer.id);

/** The rider is the user themselves or any trainer. */
export const canChooseRider = (
  viewer: { id: string },
  rider: { id: string; roles: readonly Role[] },
): boolean => rider.id === viewer.id || hasRole(rider, "Trainer");
