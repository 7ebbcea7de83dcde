import { type RefObject, useEffect, useRef } from "react";
import { type RingShortcut, ringShortcutOf } from "#domain/show-day/ring-shortcuts.ts";

/** Whether focus is where keys type: a field, a list to choose from, or an editable element. */
function typingIn(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || !!target.closest("input, textarea, select, [contenteditable]");
}

/** Whether a dialog (ours are Radix's, modal) is open anywhere on the page. */
const dialogOpen = () => !!document.querySelector('[role="dialog"], [role="alertdialog"], dialog[open]');

export type RingShortcutHandlers = Record<RingShortcut, (() => void) | null>;

/** No action for any key: the screen before its session is known. */
export const NO_SHORTCUTS: RingShortcutHandlers = { next: null, done: null, scratch: null, undo: null };

/**
 * Ring control's keyboard shortcuts (ADR 045): a key press the rules name calls that action's handler, the
 * same function its button calls; a handler that is null (its button is absent or disabled) makes the key
 * do nothing. The screen sets the handlers in the returned ref as it renders (hooks come before its early
 * returns, its handlers after them); the listener reads them at the press, so it is added once.
 */
export function useRingShortcuts(): RefObject<RingShortcutHandlers> {
  const handlers = useRef<RingShortcutHandlers>(NO_SHORTCUTS);
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.defaultPrevented) return;
      const action = ringShortcutOf({
        key: e.key,
        ctrlKey: e.ctrlKey,
        altKey: e.altKey,
        metaKey: e.metaKey,
        repeat: e.repeat,
        typing: typingIn(e.target),
        dialogOpen: dialogOpen(),
      });
      const run = action ? handlers.current[action] : null;
      if (!run) return;
      e.preventDefault();
      run();
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, []);
  return handlers;
}
