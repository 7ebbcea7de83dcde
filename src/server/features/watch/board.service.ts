import type { BoardSetting } from "#domain/contracts/watch.ts";
import { placingLabel } from "#domain/results/placing.ts";
import { boardTexts } from "#domain/texts/board.ts";
import { errorsTexts } from "#domain/texts/errors.ts";
import type { BoardDay, BoardResult } from "#domain/watch/board-view.ts";
import type { Db } from "#server/db/client.ts";
import { dayForWatchers, mayRunRing } from "#server/features/show-day/show-day.service.ts";
import type { Viewer } from "#server/http/viewer.ts";
import { forbidden, notFound } from "#server/platform/errors.ts";
import { type EventBus, publishQuietly } from "#server/platform/events.ts";
import {
  findBoard,
  latestResultClasses,
  makeBoardPrivate,
  makeBoardPublic,
  placingsOf,
} from "./board.repository.ts";

export interface BoardDeps {
  db: Db;
  bus: EventBus;
  log: { warn(obj: unknown, msg?: string): void };
}

/** The board's page, its day and its stream. */
export const boardPath = (showId: string): string => `/shows/${encodeURIComponent(showId)}/board`;
export const boardDayPath = (showId: string): string => `/api/shows/${encodeURIComponent(showId)}/board/day`;
export const boardStreamPath = (showId: string): string =>
  `/api/shows/${encodeURIComponent(showId)}/board/events`;

/** The "session" a board's streams are held under: ended by the bus when the board is made private. */
export const boardStreamId = (showId: string): string => `board:${showId}`;

/** Posted classes the board reads (a few per ring; the rule keeps each ring's two newest). */
const RESULT_CLASSES = 12;

/**
 * Who may make a show's board public or private: whoever may run its ring (an admin, or a steward an
 * admin named for that show), the people at the show office who decide what the screens there show.
 */
async function mayChange(db: Db, viewer: Viewer, showId: string): Promise<void> {
  if (!(await findBoard(db.db, showId))) throw notFound(errorsTexts.showNotFound);
  if (!(await mayRunRing(db, viewer, showId))) {
    throw forbidden(boardTexts.refusals.notAllowed);
  }
}

export async function boardSetting(db: Db, viewer: Viewer, showId: string): Promise<BoardSetting> {
  await mayChange(db, viewer, showId);
  const row = await findBoard(db.db, showId);
  return { public: !!row?.public_show };
}

/**
 * Makes the board public or private. Private: its page, day and stream answer 404 from now on (each
 * reads the setting on every request), and its open streams end through the bus on every server.
 */
export async function setBoard(
  deps: BoardDeps,
  viewer: Viewer,
  showId: string,
  setting: BoardSetting,
  now = Date.now(),
): Promise<BoardSetting> {
  await mayChange(deps.db, viewer, showId);
  if (setting.public) {
    await makeBoardPublic(deps.db.db, showId, viewer.id, new Date(now).toISOString());
  } else {
    await makeBoardPrivate(deps.db.db, showId);
    await publishQuietly(
      deps.bus,
      [{ type: "session-ended", sessionIds: [boardStreamId(showId)], userIds: [] }],
      deps.log,
    );
  }
  return boardSetting(deps.db, viewer, showId);
}

/** What a show id can be: ids are at most 100 characters and hold no control character. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: refusing control characters is the point.
const PLAUSIBLE_ID = /^[^\u0000-\u001f\u007f]{1,100}$/;

/**
 * Whether the show's board is public: false for a show that does not exist or an id that cannot be one.
 * Every id takes one indexed lookup (a malformed one looks up the empty id, which no show has, since
 * PostgreSQL refuses a NUL in text), so nothing in the timing tells a private board, an unknown id and a
 * malformed one apart.
 */
export async function isBoardPublic(db: Db, showId: string): Promise<boolean> {
  return !!(await findBoard(db.db, PLAUSIBLE_ID.test(showId) ? showId : ""))?.public_show;
}

/** What a public board shows; null when the board is private or the show is gone. */
export async function publicBoardDay(db: Db, showId: string, now = Date.now()): Promise<BoardDay | null> {
  if (!(await isBoardPublic(db, showId))) return null;
  const [day, classes] = await Promise.all([
    dayForWatchers(db, showId, now),
    latestResultClasses(db.db, showId, RESULT_CLASSES),
  ]);
  if (!day) return null;
  const ids = classes.map((c) => c.class_id);
  const byClass = new Map<string, BoardResult>(ids.map((id) => [id, { classId: id, placings: [] }]));
  for (const p of await placingsOf(db.db, showId, ids)) {
    byClass.get(p.class_id)?.placings.push({ placing: placingLabel(String(p.placing)), horse: p.horse_name });
  }
  return { ...day, results: [...byClass.values()].filter((r) => r.placings.length > 0) };
}
