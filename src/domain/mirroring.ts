/** The spec's mirroring (section 4) with the consent rule of ADR 008. */

export interface MirrorSource {
  status: string;
  horseId: string | null;
  riderId: string | null;
}

/** Friend is Showing with a rider, or Customer is Showing with rider and horse, mirrors to the rider. */
export const mirrorsToRider = <T extends MirrorSource>(entry: T): entry is T & { riderId: string } =>
  entry.riderId !== null &&
  (entry.status === "FriendIsShowing" || (entry.status === "CustomerIsShowing" && entry.horseId !== null));

/**
 * An entry mirrors onto its rider unless the rider is the actor or either of them has blocked the
 * other (`blocked` holds the people in a block with the actor, either direction).
 */
export const mayMirrorOnto = (actorId: string, riderId: string, blocked: ReadonlySet<string>): boolean =>
  riderId !== actorId && !blocked.has(riderId);
