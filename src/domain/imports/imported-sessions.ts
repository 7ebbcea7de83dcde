import { DEFAULT_RING } from "#domain/show-day/show-sessions.ts";

/**
 * Where an imported class list's session headings go (issues 21 and 23): each heading becomes one of the
 * show's sessions ("Friday Night", its date and printed start time, in the Main Ring), or an existing
 * session of the show with the same name on the same day, so importing a corrected page again does not
 * double a session. Classes keep the list's order under their session.
 */

/** A session heading as the parser read it (ParsedClass.session). */
export interface ImportedSession {
  name: string;
  date?: string | null | undefined;
  startTime?: string | null | undefined;
}

export interface ExistingSession {
  id: string;
  name: string;
  date: string;
}

export interface NewSession {
  /** `new-1`, `new-2`…: what `placements` name it by until it is stored. */
  key: string;
  name: string;
  /** yyyy-mm-dd */
  date: string;
  startTime: string | null;
  ring: string;
}

export interface SessionPlan {
  /** Sessions to create, in the order the list first names them. */
  create: NewSession[];
  /** Per class, in the order given: an existing session's id, a new session's key, or null (no heading). */
  placements: (string | null)[];
}

const sameName = (name: string) => name.trim().replace(/\s+/g, " ").toLowerCase();

/**
 * The day a heading's session runs: its printed date, else its first class's date, else `fallbackDate`
 * (the show's first day: a session without a printed day is placed there for the admin to move).
 */
export function importedSessionDate(
  session: ImportedSession,
  classDate: string | null | undefined,
  fallbackDate: string,
): string {
  return session.date || classDate || fallbackDate;
}

/**
 * Which session each imported class goes in: a heading matches an existing session with the same name
 * (spaces and case aside) on the same day, else one created for it. Two headings of one name on one day
 * are one session (the first's start time); the same name on another day is another session.
 */
export function planImportedSessions(
  existing: readonly ExistingSession[],
  classes: readonly { date?: string | null | undefined; session?: ImportedSession | null | undefined }[],
  fallbackDate: string,
): SessionPlan {
  const byKey = new Map<string, string>();
  for (const s of existing) {
    const key = `${sameName(s.name)}|${s.date}`;
    if (!byKey.has(key)) byKey.set(key, s.id);
  }
  const create: NewSession[] = [];
  const placements = classes.map((c) => {
    const name = c.session?.name.trim().replace(/\s+/g, " ");
    if (!c.session || !name) return null;
    const date = importedSessionDate(c.session, c.date, fallbackDate);
    const key = `${sameName(name)}|${date}`;
    let ref = byKey.get(key);
    if (ref === undefined) {
      ref = `new-${create.length + 1}`;
      create.push({ key: ref, name, date, startTime: c.session.startTime || null, ring: DEFAULT_RING });
      byKey.set(key, ref);
    }
    return ref;
  });
  return { create, placements };
}
