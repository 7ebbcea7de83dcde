import type { BarnList } from "#domain/contracts/horses.ts";
import { HORSE_GENDERS, type HorseGender } from "#domain/contracts/horses.ts";
import type { PersonRef } from "#domain/contracts/people.ts";
import type { Db } from "#server/db/client.ts";
import { canViewBarn } from "#server/features/barn/barn.policy.ts";
import { listTrainedHorses, ownersOf } from "#server/features/barn/barn.repository.ts";
import type { Viewer } from "#server/http/viewer.ts";
import { forbidden } from "#server/platform/errors.ts";

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
