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

/**
 * Putting a class on another person's roster needs a tie between the two (issue 24, item 3): an
 * accepted friendship, or a horse they share, one owning or training (riding) a horse the other owns
 * or trains: "your friends and your barn". `tied` holds the people among the entries' riders who have
 * one with the actor. Without it the save is refused, with no roster change and no notice.
 */
export const lacksTie = <T extends MirrorSource>(
  actorId: string,
  entry: T,
  tied: ReadonlySet<string>,
): boolean => mirrorsToRider(entry) && entry.riderId !== actorId && !tied.has(entry.riderId);
