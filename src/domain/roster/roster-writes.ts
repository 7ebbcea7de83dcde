/**
 * How many entries one person's saves may put on other people's rosters (issue 19, item 12): mirrored
 * I'm Showing entries from Friend is Showing and Customer is Showing. Consent with a tie (ADR 008,
 * issue 24 item 3) decides whose rosters; this caps how fast, so a friend's account turned spammer, or
 * a script, cannot fill a barn's rosters (a new account once wrote 130 a second). A trainer entering
 * thirty customers in ten classes each in one sitting stays within it.
 */
export const ROSTER_WRITE_LIMIT = 300;
export const ROSTER_WRITE_WINDOW_MS = 60 * 60 * 1000;

/** The fixed window `now` falls in, as the ISO instant it starts at (windows start on the UTC hour). */
export function rosterWriteWindow(now: Date): string {
  return new Date(Math.floor(now.getTime() / ROSTER_WRITE_WINDOW_MS) * ROSTER_WRITE_WINDOW_MS).toISOString();
}

/** Whether a save may go ahead, given the window's count once its own writes are added (`usedAfter`). */
export const rosterWritesAllowed = (usedAfter: number, limit = ROSTER_WRITE_LIMIT): boolean =>
  usedAfter <= limit;

/** How long until the window `now` falls in ends, in milliseconds. */
export const untilNextWindow = (now: Date): number =>
  ROSTER_WRITE_WINDOW_MS - (now.getTime() % ROSTER_WRITE_WINDOW_MS);
