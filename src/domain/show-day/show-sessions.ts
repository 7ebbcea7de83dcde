import { assignClassDates, type ShowDates } from "#domain/shows/class-dates.ts";

/**
 * Sessions and class order (issue 21). A show runs its numbered classes in order through sessions
 * ("Thursday Evening, 7:00 PM") in a ring; each class belongs to one session. A show without sessions
 * keeps working as before: its classes fall into one untimed session per date (the spec's class-date
 * rule), which a steward can run like any other.
 */

export const DEFAULT_RING = "Main Ring";
export const DEFAULT_MINUTES_PER_CLASS = 7;
/** The prefix of an implicit session's id, followed by its date. */
export const DAY_SESSION_PREFIX = "day-";

const CLOCK = /^([01]\d|2[0-3]):([0-5]\d)$/;

/** Whether `value` is a 24-hour "HH:MM", as session start times are stored. */
export const isClockTime = (value: string): boolean => CLOCK.test(value);

/** "7:00 PM" from a stored "19:00": the printed time, no zone needed. */
export function formatClockTime(time: string): string {
  const t = CLOCK.exec(time);
  if (!t) return time;
  const hours = Number(t[1]);
  return `${hours % 12 === 0 ? 12 : hours % 12}:${t[2]} ${hours < 12 ? "AM" : "PM"}`;
}

export interface SessionInfo {
  id: string;
  name: string;
  /** yyyy-mm-dd */
  date: string;
  /** "HH:MM" on the show's clock; null for an untimed session. */
  startTime: string | null;
  ring: string;
}

/** A class in show order, as the schedule knows it. */
export interface ScheduledClass {
  id: string;
  number: string;
  name: string;
  date?: string | null;
  sessionId: string | null;
}

export interface EffectiveSession extends SessionInfo {
  /** True for a date's untimed session of classes that belong to no session. */
  implicit: boolean;
  /** The session's classes in running order. */
  classes: ScheduledClass[];
}

const byStart = (a: SessionInfo, b: SessionInfo) =>
  a.date.localeCompare(b.date) || (a.startTime ?? "99:99").localeCompare(b.startTime ?? "99:99");

/**
 * The show's sessions with their classes, in running order: by date, then start time (untimed last),
 * then the order they were given in. Classes of no (or an unknown) session go to their date's implicit
 * session, dated by the spec's class-date rule.
 */
export function effectiveSessions(
  show: ShowDates,
  sessions: readonly SessionInfo[],
  classes: readonly ScheduledClass[],
): EffectiveSession[] {
  const known = new Map<string, EffectiveSession>(
    sessions.map((s) => [s.id, { ...s, implicit: false, classes: [] }]),
  );
  const loose = classes.filter((c) => !c.sessionId || !known.has(c.sessionId));
  const looseDates = assignClassDates(show, loose);
  const days = new Map<string, EffectiveSession>();
  loose.forEach((c, i) => {
    const date = looseDates[i] ?? show.startDate;
    let day = days.get(date);
    if (!day) {
      day = {
        id: `${DAY_SESSION_PREFIX}${date}`,
        name: "",
        date,
        startTime: null,
        ring: DEFAULT_RING,
        implicit: true,
        classes: [],
      };
      days.set(date, day);
    }
    day.classes.push(c);
  });
  for (const c of classes) {
    if (c.sessionId) known.get(c.sessionId)?.classes.push(c);
  }
  // A stable sort keeps the given order among sessions starting together.
  return [...known.values(), ...days.values()].sort(byStart);
}

/**
 * Sessions whose planned times overlap another's in the same ring on the same day (a session runs
 * `minutesPerClass` per class from its start): allowed, but the editor flags them.
 */
export function overlappingSessions(
  sessions: readonly (SessionInfo & { classCount: number })[],
  minutesPerClass: number,
): Set<string> {
  const flagged = new Set<string>();
  const minutes = (t: string) => Number(t.slice(0, 2)) * 60 + Number(t.slice(3, 5));
  const timed = sessions.filter((s) => s.startTime !== null);
  for (const a of timed) {
    for (const b of timed) {
      if (a === b || a.ring.trim().toLowerCase() !== b.ring.trim().toLowerCase() || a.date !== b.date)
        continue;
      const aStart = minutes(a.startTime!);
      const bStart = minutes(b.startTime!);
      const aEnd = aStart + Math.max(1, a.classCount) * minutesPerClass;
      if (aStart <= bStart && bStart < aEnd) {
        flagged.add(a.id);
        flagged.add(b.id);
      }
    }
  }
  return flagged;
}
