import { PREDICTION_DEFAULTS } from "#domain/show-prediction.ts";

/**
 * Turning an imported class list into a show's classes. A new show from an import starts as the spec
 * says (today's dates, location 'TBD', judge 'TBA') until the admin edits it; classes added to an
 * existing show skip any number the show (or the import itself, earlier) already has.
 */

export interface ImportedClass {
  number: string;
  name: string;
  date?: string | null;
}

export interface ClassToAdd {
  /** `class-36A`: the number after the prefix is what the show detail displays. */
  id: string;
  name: string;
  date: string | null;
}

export function importedShowDefaults(today: string) {
  return {
    startDate: today,
    endDate: today,
    location: PREDICTION_DEFAULTS.location,
    judges: [PREDICTION_DEFAULTS.judge],
  };
}

const numberKey = (n: string) => n.trim().toUpperCase();

/** The imported classes to add, in order, without numbers already taken; ids `class-<number>`. */
export function classesToAdd(
  existingNumbers: readonly string[],
  imported: readonly ImportedClass[],
): ClassToAdd[] {
  const taken = new Set(existingNumbers.map(numberKey));
  const added: ClassToAdd[] = [];
  for (const c of imported) {
    const key = numberKey(c.number);
    if (!key || taken.has(key)) continue;
    taken.add(key);
    added.push({ id: `class-${key}`, name: c.name.trim(), date: c.date ?? null });
  }
  return added;
}
