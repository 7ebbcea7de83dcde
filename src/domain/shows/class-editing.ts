import { type ParsedSession, parseClassListText } from "#domain/imports/class-list-text.ts";

/**
 * The admin's class editor: a show's classes as an ordered list the admin adds to, edits, reorders and
 * trims. Entries point at a class by its id, so a class that stays keeps its id whatever else changes;
 * only new classes get one (`class-<number>`, the form the show detail reads the number from).
 */

export interface EditedClass {
  /** Present for a class the show already has. */
  id?: string | undefined;
  number: string;
  name: string;
  date?: string | null | undefined;
}

export interface PlannedClass {
  id: string;
  position: number;
  number: string;
  name: string;
  date: string | null;
  isNew: boolean;
}

export type ClassPlan =
  | { ok: true; classes: PlannedClass[]; removedIds: string[] }
  | { ok: false; problem: string };

export const CLASS_EDIT_ERRORS = {
  unknownClass: (id: string) => `The show has no class with id ${id}.`,
  repeatedClass: (id: string) => `The class ${id} appears twice.`,
  duplicateNumber: (n: string) =>
    `Two classes are numbered ${n}; class numbers must be unique within a show.`,
  blankNumber: "Every class needs a number.",
} as const;

export const numberKey = (n: string): string => n.trim().toUpperCase();

/** The new list of classes, in order, with the ids to keep, create and remove; or the reason it cannot be. */
export function planClassChanges(existingIds: readonly string[], next: readonly EditedClass[]): ClassPlan {
  const existing = new Set(existingIds);
  const kept = new Set<string>();
  const numbers = new Set<string>();
  for (const c of next) {
    const key = numberKey(c.number);
    if (!key) return { ok: false, problem: CLASS_EDIT_ERRORS.blankNumber };
    if (numbers.has(key)) return { ok: false, problem: CLASS_EDIT_ERRORS.duplicateNumber(key) };
    numbers.add(key);
    if (c.id === undefined) continue;
    if (!existing.has(c.id)) return { ok: false, problem: CLASS_EDIT_ERRORS.unknownClass(c.id) };
    if (kept.has(c.id)) return { ok: false, problem: CLASS_EDIT_ERRORS.repeatedClass(c.id) };
    kept.add(c.id);
  }
  const taken = new Set(existingIds);
  const classes = next.map((c, position): PlannedClass => {
    const number = numberKey(c.number);
    const base = { position, number, name: c.name.trim(), date: c.date || null };
    if (c.id !== undefined) return { ...base, id: c.id, isNew: false };
    // A removed class's id is not reused: an old link or offline entry must not land on a different class.
    let id = `class-${number}`;
    for (let n = 2; taken.has(id); n++) id = `class-${number}-${n}`;
    taken.add(id);
    return { ...base, id, isNew: true };
  });
  return { ok: true, classes, removedIds: existingIds.filter((id) => !kept.has(id)) };
}

/**
 * A pasted block of class lines ("12 Two Year Old Walking Colts", "Class 36A Amateur Country Pleasure")
 * as numbered classes, read by the same parser as a photographed class list. Lines it cannot read as a
 * class are returned so the admin sees what was left out.
 */
export function parsePastedClasses(
  text: string,
  year: number,
): {
  classes: { number: string; name: string; date: string | null; session: ParsedSession | null }[];
  unread: string[];
} {
  const parsed = parseClassListText(text, { year });
  const unread = [...(parsed.showName ? [parsed.showName] : []), ...parsed.unplaced];
  return {
    classes: parsed.classes.map((c) => ({
      number: c.number,
      name: c.name,
      date: c.date,
      session: c.session,
    })),
    unread,
  };
}
