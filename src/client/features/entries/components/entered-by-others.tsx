import { Button } from "#client/ui/button.tsx";
import type { MyEntry } from "#domain/contracts/entries.ts";
import { statusLabel } from "#domain/roster/entry-status.ts";
import { rosterTexts } from "#domain/texts/roster.ts";

/**
 * Entries another person's entry mirrored onto the viewer (ADR 008): who entered each, and a
 * Remove that takes it off in one action (the dialog closes, as after Save).
 */
export function EnteredByOthers({
  entries,
  busy,
  onRemove,
}: {
  entries: readonly MyEntry[];
  busy: boolean;
  onRemove: (entry: MyEntry) => void;
}) {
  const mirrored = entries.filter((e) => e.enteredBy);
  if (mirrored.length === 0) return null;
  return (
    <ul className="flex flex-col gap-2">
      {mirrored.map((e) => {
        const label = statusLabel(e.status);
        const author = e.enteredBy!.name;
        return (
          <li
            key={e.id}
            className="flex items-center gap-3 rounded-xl border border-amber-300 bg-amber-50 px-3 py-2"
          >
            <span className="min-w-0 flex-1 text-sm text-stone-800">
              <span className="font-semibold">{[label, e.horseName].filter(Boolean).join(" · ")}</span>
              <span className="block text-xs text-stone-700">{rosterTexts.enteredBy(author)}</span>
            </span>
            <Button
              variant="secondary"
              aria-label={rosterTexts.removeLabel(label, author)}
              disabled={busy}
              onClick={() => onRemove(e)}
            >
              {rosterTexts.remove}
            </Button>
          </li>
        );
      })}
    </ul>
  );
}
