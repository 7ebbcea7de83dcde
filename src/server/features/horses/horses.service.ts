import {
  type CreateHorseBody,
  HORSE_GENDERS,
  type HorseDetail,
  type HorseDetailsBody,
  type HorseGender,
  type HorseList,
  type HorseOwnershipBody,
  type HorseSchedule,
  type ScheduleShow,
} from "#domain/contracts/horses.ts";
import { championBadge } from "#domain/results/champion-badge.ts";
import type { Db } from "#server/db/client.ts";
import type { Viewer } from "#server/http/viewer.ts";
import { badRequest, forbidden, notFound } from "#server/platform/errors.ts";
import { processImage } from "#server/platform/images.ts";
import {
  canChangeHorsePicture,
  canEditHorseDetails,
  canEditOwnership,
  type HorseAccess,
  peopleChoiceProblem,
} from "./horses.policy.ts";
import {
  findHorse,
  findHorseAccess,
  insertHorse,
  listOwnedHorses,
  recordsOfHorse,
  replacePeople,
  setHorsePicture,
  upcomingShowings,
  updateHorseDetails,
  usersWithRoles,
} from "./horses.repository.ts";

const HORSE_NOT_FOUND = "Horse not found";

const asGender = (value: string | null): HorseGender | null =>
  (HORSE_GENDERS as readonly string[]).includes(value ?? "") ? (value as HorseGender) : null;

export async function listMyHorses(db: Db, viewer: Viewer): Promise<HorseList> {
  const rows = await listOwnedHorses(db.db, viewer.id);
  return { horses: rows.map((h) => ({ ...h, gender: asGender(h.gender) })) };
}

export async function getHorseDetail(db: Db, viewer: Viewer, id: string): Promise<HorseDetail> {
  // The badge counts typed records and the show's posted results alike (issue 22).
  const [horse, typed, posted] = await Promise.all([
    findHorse(db.db, id),
    recordsOfHorse(db.db, id),
    horseResultBadgeRecords(db.db, id),
  ]);
  const records = [...typed, ...posted];
  if (!horse) throw notFound(HORSE_NOT_FOUND);
  return {
    id: horse.id,
    name: horse.name,
    gender: asGender(horse.gender),
    pictureId: horse.pictureId,
    dateOfBirth: horse.dateOfBirth,
    canters: horse.canters,
    divisions: horse.divisions,
    owners: horse.owners,
    trainers: horse.trainers,
    badge: championBadge(records),
    permissions: {
      canEditDetails: canEditHorseDetails(viewer, horse),
      canEditOwnership: canEditOwnership(viewer, horse),
    },
  };
}

async function checkPeople(
  db: Db,
  viewer: Viewer,
  before: HorseAccess,
  ownerIds: string[],
  trainerIds: string[],
) {
  const found = await usersWithRoles(db.db, [...ownerIds, ...trainerIds]);
  const problem = peopleChoiceProblem({ viewerId: viewer.id, ownerIds, trainerIds, before, found });
  if (problem) throw badRequest(problem);
}

/** Add New Horse: the creator is always an owner, whoever else they choose. */
export async function createHorse(db: Db, viewer: Viewer, body: CreateHorseBody): Promise<HorseDetail> {
  const ownerIds = [...new Set([viewer.id, ...(body.ownerIds ?? [])])];
  const trainerIds = [...new Set(body.trainerIds ?? [])];
  await checkPeople(db, viewer, { ownerIds: [], trainerIds: [] }, ownerIds, trainerIds);
  const id = await db.db
    .transaction()
    .execute((trx) => insertHorse(trx, { ...body, gender: body.gender, ownerIds, trainerIds }));
  return getHorseDetail(db, viewer, id);
}

async function accessOrThrow(db: Db, id: string) {
  const horse = await findHorseAccess(db.db, id);
  if (!horse) throw notFound(HORSE_NOT_FOUND);
  return horse;
}

export async function editHorseDetails(
  db: Db,
  viewer: Viewer,
  id: string,
  body: HorseDetailsBody,
): Promise<HorseDetail> {
  const horse = await accessOrThrow(db, id);
  if (!canEditHorseDetails(viewer, horse))
    throw forbidden("Only the horse's owners and trainers may edit it.");
  await db.db.transaction().execute((trx) => updateHorseDetails(trx, id, body));
  return getHorseDetail(db, viewer, id);
}

export async function editOwnership(
  db: Db,
  viewer: Viewer,
  id: string,
  body: HorseOwnershipBody,
): Promise<HorseDetail> {
  const horse = await accessOrThrow(db, id);
  if (!canEditOwnership(viewer, horse))
    throw forbidden("Only the horse's owners may change ownership and training.");
  const ownerIds = [...new Set(body.ownerIds)];
  const trainerIds = [...new Set(body.trainerIds)];
  await checkPeople(db, viewer, horse, ownerIds, trainerIds);
  await db.db.transaction().execute((trx) => replacePeople(trx, id, ownerIds, trainerIds));
  return getHorseDetail(db, viewer, id);
}

/**
 * Change Picture: checked before the upload is read, so a stranger's bytes are never decoded.
 * The previous picture is deleted in the same transaction; ids stay immutable for caching.
 */
export async function changeHorsePicture(
  db: Db,
  viewer: Viewer,
  id: string,
  readUpload: () => Promise<Buffer>,
): Promise<{ pictureId: string }> {
  const horse = await accessOrThrow(db, id);
  if (!canChangeHorsePicture(viewer, horse)) {
    throw forbidden("Only the horse's owners and trainers may change its picture.");
  }
  const image = await processImage(await readUpload());
  const pictureId = await db.db.transaction().execute(async (trx) => {
    const imageId = await insertImage(trx, viewer.id, image);
    await setHorsePicture(trx, id, imageId);
    if (horse.pictureId) await deleteImage(trx, horse.pictureId);
    return imageId;
  });
  return { pictureId };
}

/** Share Schedule: anyone signed in may read a horse's upcoming showings (show, class and date only). */
export async function getHorseSchedule(db: Db, id: string, today: string): Promise<HorseSchedule> {
  const horse = await accessOrThrow(db, id);
  const rows = await upcomingShowings(db.db, id, today);
  const shows: ScheduleShow[] = [];
  for (const row of rows) {
    let show = shows.at(-1);
    if (!show || show.showId !== row.showId) {
      show = {
        showId: row.showId,
        name: row.showName,
        location: row.location,
        startDate: row.startDate,
        endDate: row.endDate,
        classes: [],
      };
      shows.push(show);
    }
    show.classes.push({ classId: row.classId, number: row.number, name: row.className, date: row.date });
  }
  return { horseName: horse.name, shows };
}

/**
 * Horses as other features read and write them inside their own use cases: the Admin Panel's horse
 * management, class recommendations, the results' name matching, and the demo seed.
 */
export {
  findHorse,
  findHorseAccess,
  type HorseRow,
  horseNameColumns,
  horsesNamedExactly,
  insertHorse,
  peopleOfHorses,
  replacePeople,
  updateHorseDetails,
  usersWithRoles,
} from "./horses.repository.ts";

import { deleteImage, insertImage } from "#server/features/images/images.service.ts";
import { horseResultBadgeRecords } from "#server/features/results/results.service.ts";
