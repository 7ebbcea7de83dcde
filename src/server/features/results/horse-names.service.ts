import type { HorseAliases } from "#domain/contracts/results.ts";
import { errorsTexts } from "#domain/texts/errors.ts";
import type { Db } from "#server/db/client.ts";
import { findHorseAccess } from "#server/features/horses/horses.service.ts";
import type { Viewer } from "#server/http/viewer.ts";
import { forbidden, notFound } from "#server/platform/errors.ts";
import { deleteAlias, horseAliasRows } from "./horse-names.repository.ts";
import { canForgetHorseName } from "./results.policy.ts";

/** The names a horse was printed under and confirmed, and whether the viewer may forget them. */
export async function getHorseAliases(db: Db, viewer: Viewer, horseId: string): Promise<HorseAliases> {
  const [horse, rows] = await Promise.all([findHorseAccess(db.db, horseId), horseAliasRows(db.db, horseId)]);
  if (!horse) throw notFound(errorsTexts.horseNotFound);
  return {
    aliases: rows.map((r) => ({ id: r.id, printed: r.printed, confirmedAt: r.confirmed_at })),
    canForget: canForgetHorseName(viewer, horse.ownerIds),
  };
}

/** Forgets a printed name of a horse (its owners and admins): that name is only a close match again. */
export async function forgetHorseAlias(
  db: Db,
  viewer: Viewer,
  ids: { horseId: string; aliasId: string },
): Promise<void> {
  const horse = await findHorseAccess(db.db, ids.horseId);
  if (!horse) throw notFound(errorsTexts.horseNotFound);
  if (!canForgetHorseName(viewer, horse.ownerIds)) throw forbidden();
  if (!(await deleteAlias(db.db, ids.horseId, ids.aliasId))) throw notFound();
}
