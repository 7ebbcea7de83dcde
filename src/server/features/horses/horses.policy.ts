import { hasRole, type Role } from "#domain/people/roles.ts";

/** Who may do what with a horse (spec, section 6). Every horse service checks through these. */
export interface HorseAccess {
  ownerIds: readonly string[];
  trainerIds: readonly string[];
}

interface Person {
  id: string;
}

export const isHorseOwner = (viewer: Person, horse: HorseAccess): boolean =>
  horse.ownerIds.includes(viewer.id);

export const isHorseTrainer = (viewer: Person, horse: HorseAccess): boolean =>
  horse.trainerIds.includes(viewer.id);

/** A horse's owners or trainers may edit its details. */
export const canEditHorseDetails = (viewer: Person, horse: HorseAccess): boolean =>
  isHorseOwner(viewer, horse) || isHorseTrainer(viewer, horse);

/** The same people may change its picture. */
export const canChangeHorsePicture = canEditHorseDetails;

/** Only owners may edit ownership and trainers. */
export const canEditOwnership = (viewer: Person, horse: HorseAccess): boolean => isHorseOwner(viewer, horse);

export interface CandidatePerson {
  id: string;
  roles: readonly Role[];
}

export const PEOPLE_ERRORS = {
  unknownUser: "One of the chosen people does not exist.",
  adminOwner: "Owners are chosen from users who are not admins.",
  notTrainer: "Trainers are chosen from users with the Trainer role.",
} as const;

/**
 * The horse form's chooser rules: owner choices exclude admins, trainer choices hold the Trainer role.
 * People already on the horse (and the creator, who is always an owner) keep their place even if
 * their roles have changed since. Returns the problem, or null when the choice is allowed.
 */
export function peopleChoiceProblem(input: {
  viewerId: string;
  ownerIds: readonly string[];
  trainerIds: readonly string[];
  before: HorseAccess;
  found: ReadonlyMap<string, CandidatePerson>;
}): string | null {
  const { viewerId, ownerIds, trainerIds, before, found } = input;
  for (const id of [...ownerIds, ...trainerIds]) if (!found.has(id)) return PEOPLE_ERRORS.unknownUser;
  for (const id of ownerIds) {
    const keeps = id === viewerId || before.ownerIds.includes(id);
    if (!keeps && hasRole(found.get(id), "Admin")) return PEOPLE_ERRORS.adminOwner;
  }
  for (const id of trainerIds) {
    if (!before.trainerIds.includes(id) && !hasRole(found.get(id), "Trainer"))
      return PEOPLE_ERRORS.notTrainer;
  }
  return null;
}
