import { format } from "date-fns";
import type { EntryWarning } from "#domain/contracts/season.ts";
import { formatShowDates } from "#domain/dates/show-dates.ts";
import { hasRole } from "#domain/people/roles.ts";
import { deriveRosterEntries, type RosterEntry } from "#domain/roster/roster.ts";
import { rosterDate } from "#domain/roster/roster-view.ts";
import {
  type Conflict,
  findConflicts,
  type SeasonEntry,
  wouldConflict,
} from "#domain/season/season-conflicts.ts";
import { DAY_SESSION_PREFIX, DEFAULT_RING } from "#domain/show-day/show-sessions.ts";
import { type OtherClass, seasonTexts } from "#domain/texts/season.ts";
import type { Db } from "#server/db/client.ts";
import type { Viewer } from "#server/http/viewer.ts";
import { type RosterRow, rosterRows } from "./roster.repository.ts";

/**
 * The viewer's season conflicts as warnings on their entries (issue 25). The entries looked at are
 * the viewer's showing ones as the roster derives them: their own I'm Showing, My Horse is Showing
 * and Customer is Showing entries and, for a trainer, the entries naming them as rider; from today on.
 */

/** Statuses that put a horse or a rider in the ring. */
export const SHOWING: ReadonlySet<string> = new Set(["ImShowing", "HorseIsShowing", "CustomerIsShowing"]);

const t = seasonTexts.conflicts;

interface Known {
  row: RosterRow;
  entry: RosterEntry;
  season: SeasonEntry;
}

/** The season entry for a derived roster entry and the row it came from. */
export function toSeasonEntry(entry: RosterEntry, row: RosterRow): SeasonEntry {
  const date = rosterDate(row.cls, row.show);
  const planned = row.cls.planned ?? null;
  return {
    id: entry.id,
    showId: row.show.id,
    showStart: row.show.startDate,
    showEnd: row.show.endDate,
    classId: row.cls.id,
    date,
    session: row.slot.sessionId ?? `${DAY_SESSION_PREFIX}${date}`,
    place: row.slot.place,
    ring: row.slot.ring ?? DEFAULT_RING,
    start: planned ? Date.parse(planned.start) : null,
    minutes: planned?.minutes ?? 0,
    horseId: entry.horseId,
    // An I'm Showing entry without a rider is ridden by its author.
    riderId: entry.riderId ?? (entry.status === "ImShowing" ? entry.userId : null),
  };
}

function riderName(k: Known): string | null {
  if (k.entry.riderId === null) return k.entry.status === "ImShowing" ? k.row.userName || null : null;
  return k.entry.riderId === k.row.entry.riderId ? k.row.riderName : k.row.userName || null;
}

function message(self: Known, other: Known, conflict: Conflict): string {
  const otherClass: OtherClass = {
    showName: other.row.show.name,
    number: other.row.cls.number,
    name: other.row.cls.name,
    ring: other.season.ring,
    time: other.row.cls.planned?.label ?? null,
    showDates: formatShowDates(other.row.show.startDate, other.row.show.endDate),
    sameShow: other.season.showId === self.season.showId,
  };
  const horse = self.row.horseName ?? t.someHorse;
  const name = conflict.subject === "rider" ? (riderName(self) ?? t.someRider) : horse;
  switch (conflict.kind) {
    case "horseTwoShows":
      return t.horseTwoShows(horse, otherClass);
    case "tooClose":
      return t.tooClose(
        conflict.subject ?? "horse",
        name,
        otherClass,
        other.season.place < self.season.place,
      );
    case "rings":
      return t.rings(conflict.subject ?? "horse", name, otherClass);
    case "showsOverlap":
      return t.showsOverlap(otherClass);
  }
}

/**
 * Warnings by entry id for the derived roster `entries` (rows give each entry its show, class and
 * names); entries that are not showing, or whose row is unknown, get none.
 */
export function seasonWarnings(
  entries: readonly RosterEntry[],
  rows: readonly RosterRow[],
): Map<string, EntryWarning[]> {
  const rowOf = new Map(rows.map((r) => [r.entry.id, r]));
  const known: Known[] = [];
  for (const entry of entries) {
    const row = rowOf.get(entry.id);
    if (!row || !SHOWING.has(entry.status)) continue;
    known.push({ row, entry, season: toSeasonEntry(entry, row) });
  }
  const byId = new Map(known.map((k) => [k.entry.id, k]));
  const warnings = new Map<string, EntryWarning[]>();
  for (const [id, conflicts] of findConflicts(known.map((k) => k.season))) {
    const self = byId.get(id)!;
    warnings.set(
      id,
      conflicts.map((c) => {
        const other = byId.get(c.otherId)!;
        return {
          kind: c.kind,
          otherEntryId: c.otherId,
          otherShowId: other.season.showId,
          otherClassId: other.season.classId,
          // The word first, so a screen prints the warning as it comes, with no words of its own.
          message: `${t.label}: ${message(self, other, c)}`,
        };
      }),
    );
  }
  return warnings;
}

/** The derived entries of the viewer's roster rows (the roster's own rule, ADR 006). */
export function deriveFromRows(
  viewer: Pick<Viewer, "id" | "roles">,
  rows: readonly RosterRow[],
): RosterEntry[] {
  const of = (source: RosterRow["source"]) => rows.filter((r) => r.source === source).map((r) => r.entry);
  return deriveRosterEntries({
    viewerId: viewer.id,
    isTrainer: hasRole(viewer, "Trainer"),
    own: of("own"),
    riderEntries: of("rider"),
    friendEntries: of("friends"),
  });
}

/** The viewer's warnings from `today` on, by entry id: what show detail puts beside its entries. */
export async function viewerWarnings(
  db: Db,
  viewer: Pick<Viewer, "id" | "roles">,
  today = format(new Date(), "yyyy-MM-dd"),
): Promise<Map<string, EntryWarning[]>> {
  const rows = await rosterRows(db.db, viewer.id, { rider: hasRole(viewer, "Trainer") }, today);
  return seasonWarnings(deriveFromRows(viewer, rows), rows);
}

/** Every class's slot at the given shows, by `showId \0 classId` (a few shows: the plan's overlapping ones). */
async function classSlots(
  db: Db,
  showIds: readonly string[],
): Promise<Map<string, Pick<SeasonEntry, "session" | "place" | "ring" | "start" | "minutes">>> {
  const slots = new Map<string, Pick<SeasonEntry, "session" | "place" | "ring" | "start" | "minutes">>();
  if (showIds.length === 0) return slots;
  const rows = await db.db
    .selectFrom("show_class as c")
    .innerJoin("show as s", "s.id", "c.show_id")
    .leftJoin("show_session as ss", "ss.id", "c.session_id")
    .select(["c.show_id", "c.id", "c.date", "c.session_id", "c.planned_start", "ss.ring", "s.start_date"])
    .select("s.minutes_per_class")
    .where("c.show_id", "in", [...showIds])
    .orderBy("c.show_id")
    .orderBy("c.position")
    .execute();
  // The same places as the roster's: a session's classes in show order; loose classes by their day.
  const counts = new Map<string, number>();
  for (const r of rows) {
    const session = r.session_id ?? `${DAY_SESSION_PREFIX}${r.date ?? r.start_date}`;
    const key = `${r.show_id}\u0000${session}`;
    const place = counts.get(key) ?? 0;
    counts.set(key, place + 1);
    slots.set(`${r.show_id}\u0000${r.id}`, {
      session,
      place,
      ring: r.ring ?? DEFAULT_RING,
      start: r.planned_start ? Date.parse(r.planned_start) : null,
      minutes: Number(r.minutes_per_class),
    });
  }
  return slots;
}

export interface PlanShow {
  id: string;
  startDate: string;
  endDate: string;
}

/**
 * For the season plan (issue 25): a test of whether entering `horseId` ridden by the viewer in a class
 * would create a conflict with the viewer's showing entries from `today` on. Only shows whose dates meet
 * a show holding such an entry can conflict, so only their classes' slots are read.
 */
export async function planConflictTest(
  db: Db,
  viewer: Pick<Viewer, "id" | "roles">,
  today: string,
  shows: readonly PlanShow[],
): Promise<(show: PlanShow, cls: { id: string; date: string }, horseId: string) => boolean> {
  const rows = await rosterRows(db.db, viewer.id, { rider: hasRole(viewer, "Trainer") }, today);
  const rowOf = new Map(rows.map((r) => [r.entry.id, r]));
  const existing = deriveFromRows(viewer, rows)
    .filter((e) => SHOWING.has(e.status) && rowOf.has(e.id))
    .map((e) => toSeasonEntry(e, rowOf.get(e.id)!));
  const meets = (show: PlanShow) =>
    existing.filter((e) => e.showStart <= show.endDate && show.startDate <= e.showEnd);
  const near = new Map(shows.map((s) => [s.id, meets(s)]));
  const slots = await classSlots(
    db,
    shows.filter((s) => near.get(s.id)!.length > 0).map((s) => s.id),
  );
  return (show, cls, horseId) => {
    const against = near.get(show.id) ?? meets(show);
    if (against.length === 0) return false;
    const slot = slots.get(`${show.id}\u0000${cls.id}`);
    const candidate: SeasonEntry = {
      id: "",
      showId: show.id,
      showStart: show.startDate,
      showEnd: show.endDate,
      classId: cls.id,
      date: cls.date,
      session: slot?.session ?? `${DAY_SESSION_PREFIX}${cls.date}`,
      place: slot?.place ?? -10,
      ring: slot?.ring ?? DEFAULT_RING,
      start: slot?.start ?? null,
      minutes: slot?.minutes ?? 0,
      horseId,
      riderId: viewer.id,
    };
    return wouldConflict(candidate, against);
  };
}
