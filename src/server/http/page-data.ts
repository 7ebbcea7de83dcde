import type { PageLoaders } from "#domain/app/page-render.ts";
import { InviteParams } from "#domain/contracts/invites.ts";
import { StandingsQuery } from "#domain/contracts/results.ts";
import { ShowListQuery } from "#domain/contracts/shows.ts";
import type { Db } from "#server/db/client.ts";
import { getInvite } from "#server/features/barn/barn.service.ts";
import { getUnreadCount } from "#server/features/notifications/notifications.service.ts";
import { getShowResults } from "#server/features/results/results.service.ts";
import { getStandings } from "#server/features/results/standings.service.ts";
import { getRoster } from "#server/features/roster/roster.service.ts";
import { showDayVersion } from "#server/features/show-day/show-day.service.ts";
import { getShowDetail, getShowPage, todayYmd } from "#server/features/shows/shows.service.ts";
import type { Viewer } from "#server/http/viewer.ts";

/** A querystring as the API's parser reads it: a repeated name becomes a list. */
function queryObject(query: string): Record<string, string | string[]> {
  const object: Record<string, string | string[]> = {};
  for (const [name, value] of new URLSearchParams(query)) {
    const before = object[name];
    object[name] = before === undefined ? value : [...(Array.isArray(before) ? before : [before]), value];
  }
  return object;
}

/**
 * The first screens' data for the page the server renders (ADR 019): the same services the API's
 * routes call for this viewer, read in process. A query the API would refuse is refused here too.
 */
export function pageLoaders(db: Db, viewer: Viewer | null): PageLoaders {
  const signedIn = <T>(load: (viewer: Viewer) => Promise<T>) =>
    viewer ? load(viewer) : Promise.reject(new Error("No session: nothing of a person's to load."));
  return {
    roster: (today) => signedIn((v) => getRoster(db, v, today)),
    show: (showId) => signedIn(() => getShowDetail(db, showId)),
    showDay: (showId, now) => signedIn(async (v) => (await showDayVersion(db, v, showId, now)).load()),
    showResults: (showId) => signedIn((v) => getShowResults(db, v, showId)),
    showPage: (query, cursor) =>
      signedIn(() =>
        getShowPage(
          db,
          ShowListQuery.parse({ ...queryObject(query), ...(cursor ? { cursor } : {}) }),
          todayYmd(),
        ),
      ),
    unreadCount: () => signedIn((v) => getUnreadCount(db, v)),
    standings: (query) => signedIn((v) => getStandings(db, v, StandingsQuery.parse(queryObject(query)))),
    // Like GET /api/invites/:trainerId, which needs no session.
    invite: (trainerId) => getInvite(db, InviteParams.parse({ trainerId }).trainerId),
  };
}
