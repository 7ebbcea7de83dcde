import { createHash, randomBytes, timingSafeEqual } from "node:crypto";
import type {
  CreateWatchLinkBody,
  HorseWatchLinks,
  ShowWatchHorses,
  WatchLinkCreated,
  WatchLinkView,
} from "#domain/contracts/watch.ts";
import { placingLabel } from "#domain/results/placing.ts";
import { showToday, zonedInstant } from "#domain/show-day/show-time.ts";
import { showTimeZone } from "#domain/shows/show-time-zone.ts";
import { errorsTexts } from "#domain/texts/errors.ts";
import { resultsTexts } from "#domain/texts/results.ts";
import { watchTexts } from "#domain/texts/watch.ts";
import type { WatchDay } from "#domain/watch/watch-view.ts";
import type { Db } from "#server/db/client.ts";
import { findHorseAccess } from "#server/features/horses/horses.service.ts";
import { dayForWatchers } from "#server/features/show-day/show-day.service.ts";
import type { Viewer } from "#server/http/viewer.ts";
import { badRequest, forbidden, notFound } from "#server/platform/errors.ts";
import { type EventBus, publishQuietly } from "#server/platform/events.ts";
import { newId } from "#server/platform/ids.ts";
import { canShareHorse } from "./watch.policy.ts";
import {
  findWatchLinkById,
  findWatchShow,
  insertWatchLink,
  liveLinksOfHorse,
  revokeWatchLink,
  shareableHorsesAtShow,
  showsOfHorse,
  type WatchLinkRow,
  watchedEntries,
  watchedPlacings,
} from "./watch.repository.ts";
import { deleteSubscriptionsOfLink } from "./watch-push.repository.ts";

const r = watchTexts.refusals;

export interface WatchDeps {
  db: Db;
  bus: EventBus;
  publicUrl: string;
  log: { warn(obj: unknown, msg?: string): void };
}

/** 32 random bytes as base64url: 43 characters, 256 bits. */
export const WATCH_TOKEN = /^[A-Za-z0-9_-]{43}$/;

const newToken = () => randomBytes(32).toString("base64url");

/** What the database keeps of a token: its SHA-256, hex. */
export const hashToken = (token: string): string => createHash("sha256").update(token).digest("hex");

/** The page's address for a token. */
export const watchPath = (token: string): string => `/watch/${token}`;

/** The stream the page's script holds: its own, carrying this show's ring only. */
export const watchStreamPath = (token: string): string => `/api/watch/${token}/events`;

/** The page's day as JSON, read again by its script after a reconnect or a missed patch. */
export const watchDayPath = (token: string): string => `/api/watch/${token}/day`;

/** Notify me on the page: this browser's push subscription to the link (POST on, DELETE off; ADR 049). */
export const watchPushPath = (token: string): string => `/api/watch/${token}/push`;

/** The "session" a watch stream is held under: ended by the bus when its link is revoked. */
export const watchStreamId = (linkId: string): string => `watch:${linkId}`;

const DAY_MS = 86_400_000;
const dayAfter = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);

/** The last day a link made for a show ending on `endDate` works on: the day after. */
export const lastDayOf = (endDate: string): string => dayAfter(endDate, 1);

export interface ShowRow {
  id: string;
  name: string;
  start_date: string;
  end_date: string;
  time_zone: string | null;
  location: string;
}

const zoneOf = (show: ShowRow) => showTimeZone({ timeZone: show.time_zone, location: show.location });

/** Running today or still to come, on the show's own clock. */
export const notOver = (show: ShowRow, now: number) => showToday(now, zoneOf(show)) <= show.end_date;

/**
 * When a link made for the show stops working: the end of the day after the show's last day, on the
 * show's clock (midnight starting the day after that), so its placings can still be read the next day.
 */
export function watchExpiry(show: ShowRow): string {
  const zone = zoneOf(show);
  const at =
    zonedInstant(dayAfter(show.end_date, 2), "00:00", zone) ?? Date.parse(dayAfter(show.end_date, 2));
  return new Date(at).toISOString();
}

/** What every link's list row says of it (a horse's, a barn's): its show, its maker and when, its end. */
export const linkViewOf = (
  row: Omit<WatchLinkRow, "horse_id" | "horse_name">,
): Omit<WatchLinkView, "horseId" | "horseName"> => ({
  id: row.id,
  showId: row.show_id,
  showName: row.show_name,
  showRider: Number(row.show_rider) === 1,
  createdByName: row.creator_name,
  createdAt: row.created_at,
  expiresAt: row.expires_at,
  lastDay: lastDayOf(row.show_end_date),
});

const view = (row: WatchLinkRow): WatchLinkView => ({
  ...linkViewOf(row),
  horseId: row.horse_id,
  horseName: row.horse_name,
});

/** Whether the viewer may share the horse at the show: an owner, a trainer, or its rider there. */
async function mayShare(db: Db, viewer: Viewer, horseId: string, showId: string) {
  const horse = await findHorseAccess(db.db, horseId);
  if (!horse) throw notFound(errorsTexts.horseNotFound);
  const shows = await showsOfHorse(db.db, horseId, viewer.id);
  const atShow = shows.find((s) => s.id === showId);
  return { horse, atShow, allowed: canShareHorse(viewer, horse, Number(atShow?.rides ?? 0) === 1) };
}

export async function createWatchLink(
  deps: WatchDeps,
  viewer: Viewer,
  body: CreateWatchLinkBody,
  now = Date.now(),
): Promise<WatchLinkCreated> {
  const { db } = deps;
  const show = await findWatchShow(db.db, body.showId);
  if (!show) throw notFound(errorsTexts.showNotFound);
  const { atShow, allowed } = await mayShare(db, viewer, body.horseId, body.showId);
  if (!allowed) throw forbidden(r.notAllowed);
  if (!atShow) throw badRequest(r.notAtShow);
  if (!notOver(show, now)) throw badRequest(r.showOver);
  const { token, row } = newLinkRow(show, viewer, body.showRider, now);
  await insertWatchLink(db.db, { ...row, horse_id: body.horseId });
  const made = await findWatchLinkById(db.db, row.id);
  return { ...view(made!), url: linkUrl(deps, token) };
}

/**
 * A new link's token (for its maker's answer only) and what every link's row holds: the token's hash,
 * the show, its maker, when it was made and when it expires, and whether it names riders.
 */
export function newLinkRow(show: ShowRow, viewer: { id: string }, showRider: boolean, now: number) {
  const token = newToken();
  const row = {
    id: newId(),
    token_hash: hashToken(token),
    show_id: show.id,
    created_by: viewer.id,
    created_at: new Date(now).toISOString(),
    expires_at: watchExpiry(show),
    revoked_at: null,
    show_rider: showRider ? 1 : 0,
  };
  return { token, row };
}

/** A link's address, in the answer that makes it. */
export const linkUrl = (deps: { publicUrl: string }, token: string): string =>
  new URL(watchPath(token), deps.publicUrl).toString();

/** Ends a revoked link's open streams on every server (the bus carries it). */
export const endLinkStreams = (deps: WatchDeps, sessionId: string) =>
  publishQuietly(deps.bus, [{ type: "session-ended", sessionIds: [sessionId], userIds: [] }], deps.log);

/**
 * Horse detail's live links: what the viewer may see of them (owners and trainers every link, a rider
 * the links of the shows they ride it at), and the shows running or to come they may make one for.
 */
export async function horseWatchLinks(
  db: Db,
  viewer: Viewer,
  horseId: string,
  now = Date.now(),
): Promise<HorseWatchLinks> {
  const horse = await findHorseAccess(db.db, horseId);
  if (!horse) throw notFound(errorsTexts.horseNotFound);
  const shows = await showsOfHorse(db.db, horseId, viewer.id);
  const mine = shows.filter((s) => canShareHorse(viewer, horse, Number(s.rides) === 1));
  if (mine.length === 0 && !canShareHorse(viewer, horse, false)) throw forbidden(r.notAllowed);
  const allowedShows = new Set(mine.map((s) => s.id));
  const links = await liveLinksOfHorse(db.db, horseId, new Date(now).toISOString());
  return {
    links: links.filter((l) => allowedShows.has(l.show_id)).map(view),
    shows: mine
      .filter((s) => notOver(s, now))
      .map((s) => ({ id: s.id, name: s.name, startDate: s.start_date, endDate: s.end_date })),
  };
}

/** A roster card's "Share live": the viewer's horses at the show they may share (none once it is over). */
export async function showWatchHorses(
  db: Db,
  viewer: Viewer,
  showId: string,
  now = Date.now(),
): Promise<ShowWatchHorses> {
  const show = await findWatchShow(db.db, showId);
  if (!show) throw notFound(errorsTexts.showNotFound);
  if (!notOver(show, now)) return { horses: [] };
  return { horses: await shareableHorsesAtShow(db.db, showId, viewer.id) };
}

/**
 * Revokes a link (its horse's owners, trainers, or its rider at the link's show): its page answers 404
 * from now on, on every server (the page reads the link on every request), and its open streams end.
 */
export async function revokeLink(deps: WatchDeps, viewer: Viewer, linkId: string): Promise<void> {
  const { db } = deps;
  const link = await findWatchLinkById(db.db, linkId);
  if (!link || link.revoked_at !== null) throw notFound(r.linkNotFound);
  const { allowed } = await mayShare(db, viewer, link.horse_id, link.show_id);
  if (!allowed) throw forbidden(r.notAllowed);
  if (!(await revokeWatchLink(db.db, linkId, new Date().toISOString()))) throw notFound(r.linkNotFound);
  // Notify me ends with the link: its browsers' subscriptions go, and what waited to be sent to them.
  await deleteSubscriptionsOfLink(db.db, { kind: "horse", id: linkId });
  await endLinkStreams(deps, watchStreamId(linkId));
}

/** The link found by `hash` if it is the one (compared in constant time) and neither revoked nor expired. */
export function linkThatWorks<
  L extends { token_hash: string; revoked_at: string | null; expires_at: string },
>(link: L | undefined, hash: string, now: number): L | null {
  if (!link) return null;
  // The index found the row by the hash; compared again in constant time all the same.
  if (!timingSafeEqual(Buffer.from(link.token_hash, "hex"), Buffer.from(hash, "hex"))) return null;
  if (link.revoked_at !== null || Date.parse(link.expires_at) <= now) return null;
  return link;
}

/** What a working link's page shows. Null when its show is gone. */
export async function watchDayOf(
  db: Db,
  link: { horse_id: string; show_id: string; show_rider: number },
  now = Date.now(),
): Promise<WatchDay | null> {
  const [day, horse, entries, placings] = await Promise.all([
    dayForWatchers(db, link.show_id, now),
    findHorseAccess(db.db, link.horse_id),
    watchedEntries(db.db, link.horse_id, link.show_id),
    watchedPlacings(db.db, link.horse_id, link.show_id),
  ]);
  if (!day || !horse) return null;
  const showRider = Number(link.show_rider) === 1;
  const byClass = new Map<string, WatchDay["entries"][number]>();
  for (const e of entries) {
    const known = byClass.get(e.class_id);
    const rider = showRider ? e.rider_name : null;
    if (!known) byClass.set(e.class_id, { classId: e.class_id, rider, placing: null });
    else if (!known.rider && rider) known.rider = rider;
  }
  for (const p of placings) {
    const entry = byClass.get(p.class_id);
    if (entry) entry.placing = p.placing === null ? resultsTexts.shown : placingLabel(String(p.placing));
  }
  return { horse: horse.name, ...day, entries: [...byClass.values()] };
}
