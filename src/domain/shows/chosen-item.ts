/**
 * The chosen item of a master–detail editor (ADR 048): the show editor's classes and the schedule editor's
 * sessions from 1024 px, a list at the left and the chosen one's form at the right. These rules keep the
 * same item chosen while the list changes under it, and move the choice by the list's keys.
 */

/** The index a key moves the choice to in a list of `length` (a listbox's arrows, Home, End), or null. */
export function chosenByKey(key: string, index: number, length: number): number | null {
  if (length === 0) return null;
  const at = Math.min(Math.max(index, 0), length - 1);
  switch (key) {
    case "ArrowDown":
      return Math.min(at + 1, length - 1);
    case "ArrowUp":
      return Math.max(at - 1, 0);
    case "Home":
      return 0;
    case "End":
      return length - 1;
    default:
      return null;
  }
}

/** The chosen index once the item at `from` moved to `to`: the chosen item stays chosen where it went. */
export function chosenAfterMove(chosen: number, from: number, to: number): number {
  if (chosen === from) return to;
  if (from < chosen && to >= chosen) return chosen - 1;
  if (from > chosen && to <= chosen) return chosen + 1;
  return chosen;
}

/**
 * The chosen index once the item at `removed` is gone from a list of `length` (before the removal): the
 * chosen item stays chosen; if it was the one removed, the next one is, or the new last one.
 */
export function chosenAfterRemove(chosen: number, removed: number, length: number): number {
  if (removed < chosen) return chosen - 1;
  if (removed > chosen) return chosen;
  return Math.max(0, Math.min(chosen, length - 2));
}
