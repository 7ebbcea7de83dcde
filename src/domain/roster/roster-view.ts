import type { PlannedTime, Roster, RosterClass, RosterDay, RosterShow } from "#domain/contracts/roster.ts";
import { type RosterBucket, type RosterEntry, rosterBucket } from "#domain/roster/roster.ts";

/**
 * Lays the derived roster entries out as the roster screen shows them (spec, "Roster"):
 * sections Today / This Week / Show Season by class date (else the show's start date) in the
 * viewer's calendar; in each, show cards sorted by start date; in each card, classes grouped by
 * date with a heading when the card has several dates or the date is not the show's start date.
 * Entries whose show or class is unknown, or whose date is past, are left out.
 */

export interface RosterShowInfo {
  id: string;
  name: string;
  location: string;
  startDate: string;
  endDate: string;
}

export interface RosterClassInfo {
  showId: string;
  id: string;
  number: string;
  name: string;
  date: string | null;
  /** Order within the show. */
  position: number;
  /** Show day (issue 21): its printed-schedule start, when its session has a time. */
  planned?: PlannedTime | null;
}

export interface RosterLookup {
  shows: ReadonlyMap<string, RosterShowInfo>;
  /** Keyed by `classKey(showId, classId)`. */
  classes: ReadonlyMap<string, RosterClassInfo>;
  userNames: ReadonlyMap<string, string>;
  horseNames: ReadonlyMap<string, string>;
}

export const classKey = (showId: string, classId: string): string => JSON.stringify([showId, classId]);

/** The date a class counts on for the roster: its own date, else the show's start date. */
export const rosterDate = (cls: { date: string | null }, show: { startDate: string }): string =>
  cls.date || show.startDate;

/** The spec's date-heading rule for one day of a show card. */
export const needsDateHeading = (datesInCard: number, date: string, startDate: string): boolean =>
  datesInCard > 1 || date !== startDate;

/**
 * Whether a day of a card must name its date beside the classes: the spec's heading is missing (one
 * date, the start date) but the show runs over several days, so "the start date" is not obvious from
 * the card's date range. A one-day show, or a day with its heading, already says when.
 */
export const needsClassDay = (
  day: { heading: boolean },
  show: { startDate: string; endDate: string },
): boolean => !day.heading && show.endDate > show.startDate;

/**
 * The viewer's calendar day as yyyy-mm-dd in the device's own time zone: the browser sends this as
 * the roster's `today`, so sections turn over at the user's midnight, not the server's.
 */
export const localDay = (now: Date): string => {
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
};

/**
 * Who the roster names as having entered an entry, when it is not the viewer: the owner of a
 * friend's or rider entry, or whoever's entry mirrored one onto the viewer (ADR 008). An entry the
 * viewer made names nobody, wherever it sits (issue 24, item 3: "Entered by" never names the
 * person looking at their own doing, nor someone else for it).
 */
export const entryAuthor = (viewerId: string, entry: Pick<RosterEntry, "userId" | "createdBy">) =>
  entry.createdBy === viewerId ? null : entry.userId !== viewerId ? entry.userId : entry.createdBy;

const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

export function buildRoster(
  viewerId: string,
  entries: readonly RosterEntry[],
  lookup: RosterLookup,
  today: string,
): Roster {
  // bucket → show → date → class key → entries (insertion order of entries kept)
  const tree = new Map<RosterBucket, Map<string, Map<string, Map<string, RosterEntry[]>>>>();
  const buckets = new Map<string, RosterBucket | null>();
  for (const entry of entries) {
    const show = lookup.shows.get(entry.showId);
    const cls = lookup.classes.get(classKey(entry.showId, entry.classId));
    if (!show || !cls) continue;
    const date = rosterDate(cls, show);
    // Few distinct dates, many entries: parse each date once.
    let bucket = buckets.get(date);
    if (bucket === undefined) {
      bucket = rosterBucket(date, today);
      buckets.set(date, bucket);
    }
    if (!bucket) continue;
    const shows = tree.get(bucket) ?? new Map();
    tree.set(bucket, shows);
    const days = shows.get(show.id) ?? new Map();
    shows.set(show.id, days);
    const classes = days.get(date) ?? new Map();
    days.set(date, classes);
    const key = classKey(entry.showId, entry.classId);
    const list = classes.get(key) ?? [];
    classes.set(key, list);
    list.push(entry);
  }

  const name = (map: ReadonlyMap<string, string>, id: string | null) => (id ? (map.get(id) ?? null) : null);

  const section = (bucket: RosterBucket): RosterShow[] => {
    const shows = tree.get(bucket);
    if (!shows) return [];
    const cards: RosterShow[] = [];
    for (const [showId, days] of shows) {
      const show = lookup.shows.get(showId)!;
      const dates = [...days.keys()].sort(compare);
      const dayViews: RosterDay[] = dates.map((date) => {
        const classViews: RosterClass[] = [...days.get(date)!.entries()]
          .map(([key, list]) => ({ info: lookup.classes.get(key)!, list }))
          .sort((a, b) => a.info.position - b.info.position)
          .map(({ info, list }) => ({
            id: info.id,
            number: info.number,
            name: info.name,
            planned: info.planned ?? null,
            entries: list.map((e) => {
              const fromId = entryAuthor(viewerId, e);
              return {
                id: e.id,
                status: e.status,
                horseName: name(lookup.horseNames, e.horseId),
                riderName: name(lookup.userNames, e.riderId),
                fromId,
                fromName: name(lookup.userNames, fromId),
                mirrored: e.userId === viewerId && fromId !== null,
              };
            }),
          }));
        return { date, heading: needsDateHeading(dates.length, date, show.startDate), classes: classViews };
      });
      cards.push({
        id: show.id,
        name: show.name,
        location: show.location,
        startDate: show.startDate,
        endDate: show.endDate,
        days: dayViews,
      });
    }
    return cards.sort(
      (a, b) => compare(a.startDate, b.startDate) || compare(a.name, b.name) || compare(a.id, b.id),
    );
  };

  return {
    today,
    sections: { today: section("today"), thisWeek: section("thisWeek"), showSeason: section("showSeason") },
  };
}
