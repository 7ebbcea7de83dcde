/**
 * Ring control's keyboard shortcuts (issue 36, ADR 045): one letter each, for a tablet with a keyboard at
 * the in-gate. A shortcut does what its button does; these rules only say which one a key press means.
 */
export type RingShortcut = "next" | "done" | "scratch" | "undo";

/** In the order the screen lists them. */
export const RING_SHORTCUTS: readonly { key: string; action: RingShortcut }[] = [
  { key: "N", action: "next" },
  { key: "D", action: "done" },
  { key: "S", action: "scratch" },
  { key: "U", action: "undo" },
];

const BY_KEY = new Map(RING_SHORTCUTS.map((s) => [s.key.toLowerCase(), s.action]));

/** What of a key press the rules read (a KeyboardEvent, and where focus is). */
export interface ShortcutPress {
  key: string;
  ctrlKey: boolean;
  altKey: boolean;
  metaKey: boolean;
  /** Held down: one press is one action, never a run of them. */
  repeat: boolean;
  /** Focus is in a field that takes typing (input, textarea, select, an editable element). */
  typing: boolean;
  /** A dialog is open: its own keys are its business. */
  dialogOpen: boolean;
}

/**
 * The shortcut a key press means, or null: a letter alone (Shift allowed, so Caps Lock and Shift+N
 * work), never with Ctrl, Alt or Meta (the browser's and the system's), never while typing or in a dialog.
 */
export function ringShortcutOf(press: ShortcutPress): RingShortcut | null {
  if (press.ctrlKey || press.altKey || press.metaKey || press.repeat) return null;
  if (press.typing || press.dialogOpen) return null;
  return BY_KEY.get(press.key.toLowerCase()) ?? null;
}
