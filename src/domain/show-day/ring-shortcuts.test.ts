import { describe, expect, it } from "vitest";
import { RING_SHORTCUTS, ringShortcutOf, type ShortcutPress } from "#domain/show-day/ring-shortcuts.ts";

const press = (key: string, more: Partial<ShortcutPress> = {}): ShortcutPress => ({
  key,
  ctrlKey: false,
  altKey: false,
  metaKey: false,
  repeat: false,
  typing: false,
  dialogOpen: false,
  ...more,
});

describe("ring control's keyboard shortcuts", () => {
  it("maps each listed letter to its action, in either case", () => {
    expect(ringShortcutOf(press("n"))).toBe("next");
    expect(ringShortcutOf(press("d"))).toBe("done");
    expect(ringShortcutOf(press("s"))).toBe("scratch");
    expect(ringShortcutOf(press("u"))).toBe("undo");
    expect(ringShortcutOf(press("N"))).toBe("next");
    expect(RING_SHORTCUTS.map((s) => ringShortcutOf(press(s.key)))).toEqual(
      RING_SHORTCUTS.map((s) => s.action),
    );
  });

  it("allows Shift but no other modifier", () => {
    expect(ringShortcutOf(press("N"))).toBe("next");
    expect(ringShortcutOf(press("n", { ctrlKey: true }))).toBeNull();
    expect(ringShortcutOf(press("d", { altKey: true }))).toBeNull();
    expect(ringShortcutOf(press("u", { metaKey: true }))).toBeNull();
  });

  it("ignores typing, an open dialog and a held key", () => {
    expect(ringShortcutOf(press("s", { typing: true }))).toBeNull();
    expect(ringShortcutOf(press("s", { dialogOpen: true }))).toBeNull();
    expect(ringShortcutOf(press("n", { repeat: true }))).toBeNull();
  });

  it("ignores every other key", () => {
    for (const key of ["x", "Enter", " ", "Escape", "ArrowDown", "1", "Dead", "ñ"]) {
      expect(ringShortcutOf(press(key))).toBeNull();
    }
  });

  it("gives every key one action", () => {
    const keys = RING_SHORTCUTS.map((s) => s.key.toLowerCase());
    expect(new Set(keys).size).toBe(keys.length);
    expect(new Set(RING_SHORTCUTS.map((s) => s.action)).size).toBe(keys.length);
  });
});
