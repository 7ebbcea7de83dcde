import type { BarnList } from "#domain/contracts/horses.ts";
import { HORSE_GENDERS, type HorseGender } from "#domain/contracts/horses.ts";
import type { Invite } from "#domain/contracts/invites.ts";
import type { PersonRef } from "#domain/contracts/people.ts";
import { parseRoles } from "#domain/people/roles.ts";
import { barnTexts } from "#domain/texts/barn.ts";
import type { Db } from "#server/db/client.ts";
import type { Viewer } from "#server/http/viewer.ts";
import { forbidden, notFound } from "#server/platform/errors.ts";
import { canInviteCustomers, canViewBarn } from "./barn.policy.ts";
import { findInviter, listTrainedHorses, ownersOf } from "./barn.repository.ts";

export async function getBarn(db: Db, viewer: Viewer): Promise<BarnList> {
  if (!canViewBarn(viewer)) throw forbidden("The barn is for trainers.");
  const horses = await listTrainedHorses(db.db, viewer.id);
  const owners = await ownersOf(
    db.db,
    horses.map((h) => h.id),
  );
  const byHorse = new Map<string, PersonRef[]>();
  for (const { horseId, ...person } of owners)
    byHorse.set(horseId, [...(byHorse.get(horseId) ?? []), person]);
  return {
    horses: horses.map((h) => ({
      ...h,
      gender: (HORSE_GENDERS as readonly string[]).includes(h.gender ?? "")
        ? (h.gender as HorseGender)
        : null,
      owners: byHorse.get(h.id) ?? [],
    })),
  };
}

/**
 * Who sent an invite link (public: the reader has no account yet). Answers only for an existing trainer,
 * with nothing but id and name; any other id, including a non-trainer's, is "not valid".
 */
export async function getInvite(db: Db, trainerId: string): Promise<Invite> {
  const inviter = await findInviter(db.db, trainerId);
  if (!inviter || !canInviteCustomers({ roles: parseRoles(inviter.roles) }))
    throw notFound(barnTexts.inviteNotValid);
  return { trainer: { id: inviter.id, name: inviter.name } };
}
