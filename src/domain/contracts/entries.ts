import { z } from "zod";
import { EntryWarning } from "#domain/contracts/season.ts";
import { ENTRY_STATUSES } from "#domain/roster/entry-status.ts";

/** Ids are UUIDs or class ids such as `cel-12E`; nothing real comes near this length. */
const ID_MAX = 100;
const id = z
  .string()
  .trim()
  .min(1)
  .max(ID_MAX, { error: `Ids are at most ${ID_MAX} characters.` });

/** At most this many entries per class in one save: every tile once, with room for kept duplicates. */
export const MAX_ENTRIES_PER_SAVE = 12;

export const EntryStatus = z.enum(ENTRY_STATUSES);
export type EntryStatus = z.infer<typeof EntryStatus>;

export const ClassEntryParams = z.strictObject({ showId: id, classId: id });
export type ClassEntryParams = z.infer<typeof ClassEntryParams>;

export const ShowEntryParams = z.strictObject({ showId: id });

export const EntryParams = z.strictObject({ entryId: id });

/** One selected tile of the entry dialog. Horse and rider may stay empty (spec section 5). */
export const EntryChoice = z.strictObject({
  status: EntryStatus,
  horseId: id.nullable().default(null),
  riderId: id.nullable().default(null),
});
export type EntryChoice = z.output<typeof EntryChoice>;

/** Save replaces all of the viewer's entries for the class with this set. */
export const SaveEntriesBody = z.strictObject({
  entries: z
    .array(EntryChoice)
    .min(1, { error: "Select at least one way you are involved, or remove all entries." })
    .max(MAX_ENTRIES_PER_SAVE, { error: `At most ${MAX_ENTRIES_PER_SAVE} entries per class.` }),
});
export type SaveEntriesBody = z.input<typeof SaveEntriesBody>;

/** One of the viewer's entries, with the names the dialog and the icons show. */
export const MyEntry = z.object({
  id: z.string(),
  classId: z.string(),
  status: z.string(),
  horseId: z.string().nullable(),
  horseName: z.string().nullable(),
  riderId: z.string().nullable(),
  riderName: z.string().nullable(),
  /** Who made it, when someone else's entry mirrored it onto the viewer (ADR 008); else null. */
  enteredBy: z.object({ id: z.string(), name: z.string() }).nullable(),
  /** Season conflicts with the viewer's other entries (issue 25); absent when there are none. */
  warnings: z.array(EntryWarning).optional(),
  /** The horse's placing in this class once its results are posted ("2nd", "Shown"; issue 22); absent before. */
  placing: z.string().optional(),
});
export type MyEntry = z.infer<typeof MyEntry>;

export const MyEntries = z.object({ entries: z.array(MyEntry) });
export type MyEntries = z.infer<typeof MyEntries>;

const Named = z.object({ id: z.string(), name: z.string() });
export type Named = z.infer<typeof Named>;

/**
 * What the dialog's choosers offer the viewer (spec section 5): their own horses; every owner or
 * trainer as a rider; for a trainer, their customers with the customer's horses the trainer trains;
 * and every horse for Friend is Showing.
 */
export const EntryChoices = z.object({
  ownHorses: z.array(Named),
  riders: z.array(Named),
  customers: z.array(Named.extend({ horses: z.array(Named) })),
  allHorses: z.array(Named),
});
export type EntryChoices = z.infer<typeof EntryChoices>;
