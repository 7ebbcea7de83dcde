import { createHash, createHmac, randomBytes } from "node:crypto";
import { format, subDays } from "date-fns";
import type { CalendarFeed } from "#domain/contracts/calendar-feed.ts";
import type { Roster } from "#domain/contracts/roster.ts";
import { statusTime } from "#domain/show-day/ring-estimates.ts";
import type { Db } from "#server/db/client.ts";
import { getRoster } from "#server/features/roster/roster.service.ts";
import { liveClassStatuses } from "#server/features/show-day/show-day.service.ts";
import type { Viewer } from "#server/http/viewer.ts";
import { nowIso } from "#server/platform/ids.ts";
import { eventsHash, feedCalendar, rosterEvents } from "./calendar-feed.ics.ts";
import { calendarFeedRepository } from "./calendar-feed.repository.ts";

export interface CalendarFeedDeps {
  db: Db;
  /** AUTH_SECRET: tokens derive from it, so the database alone never yields a working URL. */
  secret: string;
  publicUrl: string;
}

/**
 * Today's shows move their classes to the ring's live estimate (issue 34), the one every screen shows;
 * a scratched class keeps no time (an all-day event), a class done or in the ring its printed time.
 */
async function withLiveTimes(db: Db, roster: Roster): Promise<Roster> {
  for (const show of roster.sections.today) {
    const live = await liveClassStatuses(db, show.id);
    if (!live) continue;
    for (const day of show.days)
      for (const cls of day.classes) {
        const status = live.get(cls.id);
        if (!status || !cls.planned) continue;
        const at = statusTime(status);
        if (status.kind === "scratched") cls.planned = null;
        else if (at !== null) cls.planned = { ...cls.planned, start: new Date(at).toISOString() };
      }
  }
  return roster;
}

/** How far back the feed reaches: last month's classes stay in the calendar a while. */
const PAST_DAYS = 31;

const tokenOf = (secret: string, userId: string, salt: string) =>
  createHmac("sha256", secret).update(`calendar-feed:${userId}:${salt}`).digest("base64url");
const hashOf = (token: string) => createHash("sha256").update(token).digest("base64url");

function urls(deps: CalendarFeedDeps, userId: string, salt: string): NonNullable<CalendarFeed["feed"]> {
  const url = `${deps.publicUrl}/api/calendar/${tokenOf(deps.secret, userId, salt)}.ics`;
  return { url, webcalUrl: url.replace(/^https?:/, "webcal:") };
}

export async function getCalendarFeed(deps: CalendarFeedDeps, viewer: Viewer): Promise<CalendarFeed> {
  const row = await calendarFeedRepository(deps.db.db).forUser(viewer.id);
  return { feed: row ? urls(deps, viewer.id, row.salt) : null };
}

/** Creates the viewer's feed, or gives it a new token: the old URL stops working at once. */
export async function renewCalendarFeed(deps: CalendarFeedDeps, viewer: Viewer): Promise<CalendarFeed> {
  const salt = randomBytes(16).toString("base64url");
  await calendarFeedRepository(deps.db.db).put(
    viewer.id,
    salt,
    hashOf(tokenOf(deps.secret, viewer.id, salt)),
    nowIso(),
  );
  return { feed: urls(deps, viewer.id, salt) };
}

export interface FeedFile {
  body: string;
  etag: string;
  lastModified: Date;
}

/**
 * The calendar a token opens, or null for any token that is not a user's current one. Nothing but
 * that user's roster is reachable: the token is looked up by its hash and names no other data.
 */
export async function readCalendarFeed(deps: CalendarFeedDeps, token: string): Promise<FeedFile | null> {
  const repo = calendarFeedRepository(deps.db.db);
  const tokenHash = hashOf(token);
  const feed = await repo.byTokenHash(tokenHash);
  if (!feed) return null;
  const since = format(subDays(new Date(), PAST_DAYS), "yyyy-MM-dd");
  const roster = await getRoster(deps.db, { id: feed.userId, roles: feed.roles }, since);
  const events = rosterEvents(await withLiveTimes(deps.db, roster));
  const contentHash = eventsHash(events);
  let changedAt = feed.changedAt;
  if (contentHash !== feed.contentHash) {
    changedAt = nowIso();
    await repo.changed(feed.userId, tokenHash, contentHash, changedAt);
  }
  // HTTP dates have whole seconds; the stamp inside the file matches the header.
  const lastModified = new Date(Math.floor(Date.parse(changedAt) / 1000) * 1000);
  return { body: feedCalendar(events, lastModified), etag: `"${contentHash}"`, lastModified };
}
