/**
 * The printed barn schedule (issue 25), pure: a show's entries for one person or a trainer's barn,
 * as the sheet taped to the stall door lists them: by date, then session (in running order), then
 * class number, each line with class name, horse, rider, owner and estimated time. The same class,
 * horse and rider entered twice (an owner's entry and its mirror on the rider) is one line.
 */

export interface ScheduleEntry {
  classId: string;
  classNumber: string;
  className: string;
  /** Order of the class within the show. */
  position: number;
  /** The day it runs on (its session's, its own, else the show's start date). */
  date: string;
  session: {
    id: string;
    name: string;
    /** "HH:MM" as printed, or null. */
    startTime: string | null;
    ring: string;
    position: number;
  } | null;
  horseId: string | null;
  horseName: string | null;
  riderId: string | null;
  riderName: string | null;
  owners: readonly string[];
  /** "7:42 PM CDT", when the class's session has a time. */
  time: string | null;
}

export interface ScheduleLine {
  number: string;
  className: string;
  horse: string;
  rider: string;
  owner: string;
  time: string;
}

export interface ScheduleSession {
  /** Empty for the classes of no session. */
  name: string;
  startTime: string | null;
  ring: string | null;
  lines: ScheduleLine[];
}

export interface ScheduleDay {
  date: string;
  sessions: ScheduleSession[];
}

const cmp = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** The sheet's days → sessions → lines. */
export function barnSchedule(entries: readonly ScheduleEntry[]): ScheduleDay[] {
  const seen = new Set<string>();
  const unique = entries.filter((e) => {
    const key = JSON.stringify([e.classId, e.horseId, e.riderId]);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
  const sorted = [...unique].sort(
    (a, b) =>
      cmp(a.date, b.date) ||
      // Sessions by start (untimed after timed), then their place; classes of no session last in the day.
      (a.session === null ? 1 : 0) - (b.session === null ? 1 : 0) ||
      cmp(a.session?.startTime ?? "99:99", b.session?.startTime ?? "99:99") ||
      (a.session?.position ?? 0) - (b.session?.position ?? 0) ||
      a.position - b.position ||
      cmp(a.horseName ?? "", b.horseName ?? ""),
  );
  const days: ScheduleDay[] = [];
  for (const e of sorted) {
    let day = days.at(-1);
    if (!day || day.date !== e.date) {
      day = { date: e.date, sessions: [] };
      days.push(day);
    }
    const name = e.session?.name ?? "";
    let session = day.sessions.at(-1);
    if (!session || session.name !== name || session.startTime !== (e.session?.startTime ?? null)) {
      session = { name, startTime: e.session?.startTime ?? null, ring: e.session?.ring ?? null, lines: [] };
      day.sessions.push(session);
    }
    session.lines.push({
      number: e.classNumber,
      className: e.className,
      horse: e.horseName ?? "",
      rider: e.riderName ?? "",
      owner: e.owners.join(", "),
      time: e.time ?? "",
    });
  }
  return days;
}

/** How many lines the sheet holds. */
export const lineCount = (days: readonly ScheduleDay[]): number =>
  days.reduce((n, d) => n + d.sessions.reduce((m, s) => m + s.lines.length, 0), 0);
