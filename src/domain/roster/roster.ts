import { differenceInCalendarDays, isValid, parseISO } from "date-fns";
import { mirrorsToRider } from "#domain/roster/mirroring.ts";

/**
 * The spec's derived roster (section 4, "Derived roster entries") and its date buckets.
 *
 * Order of `deriveRosterEntries`: the viewer's own entries as given, then (trainers only) other
 * users' entries naming the viewer as rider, then the friends' showing entries, each group in input
 * order. Duplicates are then dropped keeping the FIRST occurrence, so the viewer's own entries win
 * over derived ones and trainer-derived entries win over friend-derived ones.
 */

export interface RosterEntry {
  id: string;
  userId: string;
  showId: string;
  classId: string;
  status: string;
  horseId: string | null;
  riderId: string | null;
  /** Who made the entry: the user, or whoever's entry mirrored it onto them. */
  createdBy: string;
}

export interface RosterInput {
  viewerId: string;
  isTrainer: boolean;
  /** The viewer's own entries. */
  own: readonly RosterEntry[];
  /**
   * Other users' entries naming the viewer as rider (used only when the viewer is a trainer), from
   * people with no block between them and the viewer.
   */
  riderEntries: readonly RosterEntry[];
  /** Entries of the viewer's friends. */
  friendEntries: readonly RosterEntry[];
}

/** Statuses deduplicated by show, class and status instead of by show, class, rider and horse. */
const KEYED_BY_STATUS = new Set(["Interested", "WatchClass"]);
/** A friend's entries with these statuses appear on the viewer's roster as FriendIsShowing. */
const FRIEND_SHOWING = new Set(["ImShowing", "HorseIsShowing"]);

/** The key two entries must share to count as duplicates on the roster. */
export function rosterKey(entry: RosterEntry): string {
  return KEYED_BY_STATUS.has(entry.status)
    ? JSON.stringify(["status", entry.showId, entry.classId, entry.status])
    : JSON.stringify(["people", entry.showId, entry.classId, entry.riderId, entry.horseId]);
}

/**
 * The viewer's roster entries: own entries; for a trainer, other users' entries naming the trainer
 * as rider, shown as ImShowing, except entries that mirror to their rider (their mirrored copy is
 * already among the trainer's own entries, and once the trainer removes that copy it must stay
 * gone, ADR 008); each friend's ImShowing and HorseIsShowing entries, shown as
 * FriendIsShowing (a friend's ImShowing entry without a rider names the friend as rider, since the
 * friend is the one riding); then duplicates dropped by `rosterKey`, first occurrence kept.
 */
export function deriveRosterEntries(input: RosterInput): RosterEntry[] {
  const { viewerId } = input;
  const asRider = input.isTrainer
    ? input.riderEntries
        .filter((e) => e.userId !== viewerId && e.riderId === viewerId && !mirrorsToRider(e))
        .map((e) => ({ ...e, status: "ImShowing" }))
    : [];
  const fromFriends = input.friendEntries
    .filter((e) => e.userId !== viewerId && FRIEND_SHOWING.has(e.status))
    .map((e) => ({
      ...e,
      status: "FriendIsShowing",
      riderId: e.riderId ?? (e.status === "ImShowing" ? e.userId : null),
    }));

  const seen = new Set<string>();
  const result: RosterEntry[] = [];
  for (const entry of [...input.own, ...asRider, ...fromFriends]) {
    const key = rosterKey(entry);
    if (seen.has(key)) continue;
    seen.add(key);
    result.push(entry);
  }
  return result;
}

export type RosterBucket = "today" | "thisWeek" | "showSeason";

/** Days ahead of today that still count as This Week (inclusive). */
export const THIS_WEEK_DAYS = 7;

/**
 * The roster section for a class date (`yyyy-mm-dd`, compared as calendar days):
 * today → "today"; 1 to 7 days ahead → "thisWeek"; later → "showSeason"; past (or unreadable) → null.
 */
export function rosterBucket(date: string, today: string): RosterBucket | null {
  const day = parseISO(date);
  const now = parseISO(today);
  if (!isValid(day) || !isValid(now)) return null;
  const ahead = differenceInCalendarDays(day, now);
  if (ahead < 0) return null;
  if (ahead === 0) return "today";
  return ahead <= THIS_WEEK_DAYS ? "thisWeek" : "showSeason";
}
