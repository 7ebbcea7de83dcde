import type { EntryChoice, MyEntry, Named } from "#domain/contracts/entries.ts";
import type { Role } from "#domain/people/roles.ts";
import type { EntryStatus } from "#domain/roster/entry-status.ts";

/**
 * The entry dialog's state as pure functions (spec sections 4 and 5): which tiles a user sees,
 * toggling, the trainer's preset rider, the customer/horse link, and what Save sends.
 */

export interface TileState {
  on: boolean;
  horseId: string | null;
  riderId: string | null;
  /** Further saved entries with the same status, kept as they are while the tile stays on. */
  extra: Pick<MyEntry, "horseId" | "riderId">[];
}

export type FormState = Partial<Record<EntryStatus, TileState>>;

interface FormViewer {
  id: string;
  roles: readonly Role[];
}

const isTrainer = (viewer: FormViewer) => viewer.roles.includes("Trainer");

/** The spec's tiles in order: My Horse is Showing for non-trainers, Customer is Showing for trainers. */
export function tilesFor(viewer: FormViewer): EntryStatus[] {
  return [
    "ImShowing",
    isTrainer(viewer) ? "CustomerIsShowing" : "HorseIsShowing",
    "Interested",
    "FriendIsShowing",
    "WatchClass",
  ];
}

const off = (): TileState => ({ on: false, horseId: null, riderId: null, extra: [] });

/** The dialog opens with the user's current entries for the class selected. */
export function initialForm(viewer: FormViewer, entries: readonly MyEntry[]): FormState {
  const form: FormState = {};
  for (const status of tilesFor(viewer)) form[status] = off();
  for (const entry of entries) {
    const status = entry.status as EntryStatus;
    const tile = form[status];
    if (!tile) continue;
    if (tile.on) tile.extra.push({ horseId: entry.horseId, riderId: entry.riderId });
    else form[status] = { on: true, horseId: entry.horseId, riderId: entry.riderId, extra: [] };
  }
  return form;
}

/** On: an entry with empty horse and rider (a trainer's I'm Showing names the trainer). Off: removed. */
export function toggleTile(form: FormState, status: EntryStatus, viewer: FormViewer): FormState {
  const tile = form[status] ?? off();
  if (tile.on) return { ...form, [status]: off() };
  const riderId = status === "ImShowing" && isTrainer(viewer) ? viewer.id : null;
  return { ...form, [status]: { on: true, horseId: null, riderId, extra: [] } };
}

export function setHorse(form: FormState, status: EntryStatus, horseId: string | null): FormState {
  const tile = form[status] ?? off();
  return { ...form, [status]: { ...tile, horseId } };
}

/** Changing the rider; for Customer is Showing the rider is the customer, so the horse is cleared. */
export function setRider(form: FormState, status: EntryStatus, riderId: string | null): FormState {
  const tile = form[status] ?? off();
  const horseId = status === "CustomerIsShowing" && riderId !== tile.riderId ? null : tile.horseId;
  return { ...form, [status]: { ...tile, riderId, horseId } };
}

export const anySelected = (form: FormState): boolean => Object.values(form).some((t) => t?.on);

/** What Save sends: every tile that is on, plus the kept extra entries of the same status. */
export function toSaveEntries(form: FormState, viewer: FormViewer): EntryChoice[] {
  const entries: EntryChoice[] = [];
  for (const status of tilesFor(viewer)) {
    const tile = form[status];
    if (!tile?.on) continue;
    entries.push({ status, horseId: tile.horseId, riderId: tile.riderId });
    for (const e of tile.extra) entries.push({ status, horseId: e.horseId, riderId: e.riderId });
  }
  return entries;
}

/** The names of the horses and riders the viewer's current entries name, for choices no longer offered. */
export function knownNames(entries: readonly MyEntry[]): Map<string, string> {
  const names = new Map<string, string>();
  for (const e of entries) {
    if (e.horseId && e.horseName) names.set(e.horseId, e.horseName);
    if (e.riderId && e.riderName) names.set(e.riderId, e.riderName);
  }
  return names;
}

/**
 * A chooser's options plus the current value when the chooser would not offer it (an entry another
 * person's entry mirrored onto the viewer may name a horse the viewer does not own), so the dialog
 * shows what is saved instead of silently showing the empty choice.
 */
export function withCurrent(
  options: readonly Named[],
  value: string | null,
  known: ReadonlyMap<string, string>,
): Named[] {
  if (value === null || options.some((o) => o.id === value)) return [...options];
  return [...options, { id: value, name: known.get(value) ?? value }];
}
