import type {
  BarnWatchLinkCreated,
  BarnWatchLinks,
  BarnWatchLinkView,
  CreateBarnWatchLinkBody,
} from "#domain/contracts/watch.ts";
import { placingLabel } from "#domain/results/placing.ts";
import { errorsTexts } from "#domain/texts/errors.ts";
import { resultsTexts } from "#domain/texts/results.ts";
import { watchTexts } from "#domain/texts/watch.ts";
import type { BarnWatchDay, WatchEntry } from "#domain/watch/watch-view.ts";
import type { Db } from "#server/db/client.ts";
import { canViewBarn } from "#server/features/barn/barn.policy.ts";
import { dayForWatchers } from "#server/features/show-day/show-day.service.ts";
import type { Viewer } from "#server/http/viewer.ts";
import { badRequest, forbidden, notFound } from "#server/platform/errors.ts";
import {
  type BarnWatchLinkRow,
  barnEntries,
  barnPlacings,
  findBarnWatchLinkByHash,
  findBarnWatchLinkById,
  insertBarnWatchLink,
  liveLinksOfBarn,
  revokeBarnWatchLink,
  showsOfBarn,
  trainerName,
} from "./barn-watch.repository.ts";
import { findWatchLinkByHash, findWatchShow } from "./watch.repository.ts";
import {
  endLinkStreams,
  hashToken,
  linkThatWorks,
  linkUrl,
  linkViewOf,
  newLinkRow,
  notOver,
  type WatchDeps,
} from "./watch.service.ts";
import { deleteSubscriptionsOfLink } from "./watch-push.repository.ts";

/**
 * Barn links (issue 35, ADR 050): a trainer's whole barn — the horses they train — at one show, live,
 * for people without an account. The same token, page, stream, expiry and revocation as a horse's link
 * (ADR 044); only the trainer makes, lists and revokes their barn's links.
 */

const r = watchTexts.refusals;

/** The "session" a barn link's streams are held under: ended by the bus when the link is revoked. */
export const barnWatchStreamId = (linkId: string): string => `watch-barn:${linkId}`;

const view = (row: BarnWatchLinkRow): BarnWatchLinkView => linkViewOf(row);

/** A barn is its trainer's: only a trainer shares one, and only their own (an admin shares no one's). */
function mustBeTrainer(viewer: Viewer): void {
  if (!canViewBarn(viewer)) throw forbidden(r.barnNotAllowed);
}

export async function createBarnWatchLink(
  deps: WatchDeps,
  viewer: Viewer,
  body: CreateBarnWatchLinkBody,
  now = Date.now(),
): Promise<BarnWatchLinkCreated> {
  mustBeTrainer(viewer);
  const { db } = deps;
  const show = await findWatchShow(db.db, body.showId);
  if (!show) throw notFound(errorsTexts.showNotFound);
  const shows = await showsOfBarn(db.db, viewer.id);
  if (!shows.some((s) => s.id === show.id)) throw badRequest(r.barnNotAtShow);
  if (!notOver(show, now)) throw badRequest(r.showOver);
  const { token, row } = newLinkRow(show, viewer, body.showRider, now);
  await insertBarnWatchLink(db.db, { ...row, trainer_id: viewer.id });
  const made = await findBarnWatchLinkById(db.db, row.id);
  return { ...view(made!), url: linkUrl(deps, token) };
}

/** The barn screen's live links: the barn's working links, and the shows running or to come to make one for. */
export async function barnWatchLinks(db: Db, viewer: Viewer, now = Date.now()): Promise<BarnWatchLinks> {
  mustBeTrainer(viewer);
  const [links, shows] = await Promise.all([
    liveLinksOfBarn(db.db, viewer.id, new Date(now).toISOString()),
    showsOfBarn(db.db, viewer.id),
  ]);
  return {
    links: links.map(view),
    shows: shows
      .filter((s) => notOver(s, now))
      .map((s) => ({ id: s.id, name: s.name, startDate: s.start_date, endDate: s.end_date })),
  };
}

/** Revokes a barn link (its trainer only): 404 at once on every server, and its open streams end. */
export async function revokeBarnLink(deps: WatchDeps, viewer: Viewer, linkId: string): Promise<void> {
  const { db } = deps;
  const link = await findBarnWatchLinkById(db.db, linkId);
  if (!link || link.revoked_at !== null) throw notFound(r.linkNotFound);
  if (link.trainer_id !== viewer.id) throw forbidden(r.barnNotAllowed);
  if (!(await revokeBarnWatchLink(db.db, linkId, new Date().toISOString()))) throw notFound(r.linkNotFound);
  // Notify me ends with the link, as a horse link's does (ADR 052).
  await deleteSubscriptionsOfLink(db.db, { kind: "barn", id: linkId });
  await endLinkStreams(deps, barnWatchStreamId(linkId));
}

/**
 * A working link of either kind by its token: one hash, both tables looked up by it (so every token,
 * of a horse's link, a barn's or none, takes the same path), null when neither works.
 */
export async function openAnyWatchLink(db: Db, token: string, now = Date.now()) {
  const hash = hashToken(token);
  const [horse, barn] = await Promise.all([
    findWatchLinkByHash(db.db, hash),
    findBarnWatchLinkByHash(db.db, hash),
  ]);
  const horseLink = linkThatWorks(horse, hash, now);
  if (horseLink) return { kind: "horse" as const, link: horseLink };
  const barnLink = linkThatWorks(barn, hash, now);
  return barnLink ? { kind: "barn" as const, link: barnLink } : null;
}

/** The horses a barn link's page shows (its trainer's, entered at its show), read now: what Notify me may choose. */
export async function barnHorseIds(
  db: Db,
  link: { trainer_id: string; show_id: string },
): Promise<Set<string>> {
  const entries = await barnEntries(db.db, link.trainer_id, link.show_id);
  return new Set(entries.flatMap((e) => (e.horse_id ? [e.horse_id] : [])));
}

/**
 * What a barn link's page shows: the horses its trainer trains with classes at the show (read now, so a
 * horse that left the barn is gone), their classes, riders when chosen, and posted placings. Null when
 * the show or the trainer is gone.
 */
export async function barnWatchDayOf(
  db: Db,
  link: { trainer_id: string; show_id: string; show_rider: number },
  now = Date.now(),
): Promise<BarnWatchDay | null> {
  const [day, trainer, entries] = await Promise.all([
    dayForWatchers(db, link.show_id, now),
    trainerName(db.db, link.trainer_id),
    barnEntries(db.db, link.trainer_id, link.show_id),
  ]);
  if (!day || !trainer) return null;
  const showRider = Number(link.show_rider) === 1;
  const horses = new Map<string, { name: string; byClass: Map<string, WatchEntry> }>();
  for (const e of entries) {
    if (!e.horse_id) continue;
    let horse = horses.get(e.horse_id);
    if (!horse) {
      horse = { name: e.horse_name, byClass: new Map() };
      horses.set(e.horse_id, horse);
    }
    const known = horse.byClass.get(e.class_id);
    const rider = showRider ? e.rider_name : null;
    if (!known) horse.byClass.set(e.class_id, { classId: e.class_id, rider, placing: null });
    else if (!known.rider && rider) known.rider = rider;
  }
  for (const p of await barnPlacings(db.db, [...horses.keys()], link.show_id)) {
    const entry = p.horse_id ? horses.get(p.horse_id)?.byClass.get(p.class_id) : undefined;
    if (entry) entry.placing = p.placing === null ? resultsTexts.shown : placingLabel(String(p.placing));
  }
  return {
    barn: trainer.name,
    ...day,
    horses: [...horses].map(([id, h]) => ({ id, name: h.name, entries: [...h.byClass.values()] })),
  };
}
