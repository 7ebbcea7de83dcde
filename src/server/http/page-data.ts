import type { PageLoaders } from "#client/entry-server.tsx";
import { ShowListQuery } from "#domain/contracts/shows.ts";
import type { Db } from "#server/db/client.ts";
import { countUnreadVisible } from "#server/features/notifications/notifications.repository.ts";
import { getRoster } from "#server/features/roster/roster.service.ts";
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
export function pageLoaders(db: Db, viewer: Viewer): PageLoaders {
  return {
    roster: (today) => getRoster(db, viewer, today),
    show: (showId) => getShowDetail(db, showId),
    async showPage(query, cursor) {
      const parsed = ShowListQuery.parse({ ...queryObject(query), ...(cursor ? { cursor } : {}) });
      return getShowPage(db, parsed, todayYmd());
    },
    unreadCount: async () => ({ count: await countUnreadVisible(db.db, viewer.id) }),
  };
}
