import {
  AUTOCOMPLETE_MIN_CHARS,
  type CreateRecordBody,
  type PastShowClasses,
  type PastShowList,
  type ShowRecord,
  type ShowRecordList,
} from "#domain/contracts/records.ts";
import type { Db } from "#server/db/client.ts";
import { resultRecords } from "#server/features/results/results.service.ts";
import type { Viewer } from "#server/http/viewer.ts";
import { badRequest, forbidden, notFound } from "#server/platform/errors.ts";
import { canChooseRider, canRecordForHorse } from "./records.policy.ts";
import {
  classesOfShow,
  findPerson,
  findRecord,
  horseOwners,
  insertRecord,
  pastShow,
  pastShowsMatching,
  recordsForHorse,
  recordsOwnedBy,
} from "./records.repository.ts";

export const RECORD_ERRORS = {
  horseNotFound: "Horse not found",
  notYourHorse: "You can only add records for your own horses.",
  riderNotAllowed: "The rider must be you or a trainer.",
  showNotFound: "Show not found",
} as const;

type ResultRecordRow = Awaited<ReturnType<typeof resultRecords>>[number];

/** A posted result as a Show Records row, marked as coming from the show's results. */
const fromResults = (r: ResultRecordRow): ShowRecord => ({
  id: r.id,
  showName: r.show_name,
  className: r.class_name,
  showDate: r.start_date,
  placing: String(r.placing),
  horse: { id: r.horse_id ?? "", name: r.horse_name },
  rider: { id: "", name: r.rider_name },
  fromResults: true,
});

/** Typed records and matched results together, newest show first. */
const merged = (typed: ShowRecord[], results: ResultRecordRow[]): ShowRecord[] =>
  [...typed, ...results.map(fromResults)].sort((a, b) =>
    a.showDate === b.showDate ? 0 : a.showDate < b.showDate ? 1 : -1,
  );

export async function myRecords(db: Db, viewer: Viewer): Promise<ShowRecordList> {
  const [typed, results] = await Promise.all([
    recordsOwnedBy(db.db, viewer.id),
    resultRecords(db.db, viewer.id, null),
  ]);
  return { records: merged(typed, results) };
}

export async function horseRecords(db: Db, viewer: Viewer, horseId: string): Promise<ShowRecordList> {
  if (!(await horseOwners(db.db, horseId))) throw notFound(RECORD_ERRORS.horseNotFound);
  const [typed, results] = await Promise.all([
    recordsForHorse(db.db, horseId),
    resultRecords(db.db, viewer.id, horseId),
  ]);
  return { records: merged(typed, results) };
}

export async function addRecord(db: Db, viewer: Viewer, body: CreateRecordBody): Promise<ShowRecord> {
  const [horse, rider] = await Promise.all([
    horseOwners(db.db, body.horseId),
    findPerson(db.db, body.riderId),
  ]);
  if (!horse) throw notFound(RECORD_ERRORS.horseNotFound);
  if (!canRecordForHorse(viewer, horse)) throw forbidden(RECORD_ERRORS.notYourHorse);
  if (!rider || !canChooseRider(viewer, rider)) throw badRequest(RECORD_ERRORS.riderNotAllowed);
  const id = await insertRecord(db.db, { ...body, ownerId: viewer.id });
  const record = await findRecord(db.db, id);
  if (!record) throw notFound();
  return record;
}

/** Autocomplete: nothing until the text is longer than two characters; only shows already over. */
export async function suggestPastShows(db: Db, query: string, today: string): Promise<PastShowList> {
  if (query.trim().length <= AUTOCOMPLETE_MIN_CHARS) return { shows: [] };
  return { shows: await pastShowsMatching(db.db, query, today) };
}

/** The version of a past show's class list (responses are cached and revalidated by it); 404 unless past. */
export async function pastShowRevision(db: Db, showId: string, today: string): Promise<number> {
  const show = await db.versions.read(`past-show:${showId}:${today}`, () => pastShow(db.db, showId, today));
  if (!show) throw notFound(RECORD_ERRORS.showNotFound);
  return Number(show.revision);
}

export async function pastShowClasses(db: Db, showId: string, today: string): Promise<PastShowClasses> {
  await pastShowRevision(db, showId, today);
  return { classes: await classesOfShow(db.db, showId) };
}
