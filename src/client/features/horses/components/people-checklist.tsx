import { Choice, ChoiceGroup } from "#client/ui/form-controls.tsx";
import type { PersonRef } from "#domain/contracts/people.ts";

/** A labelled group of checkboxes, one per person; for owner and trainer choices. */
export function PeopleChecklist({
  legend,
  hint,
  people,
  selected,
  onChange,
  emptyText,
}: {
  legend: string;
  hint?: string | undefined;
  people: readonly PersonRef[];
  selected: readonly string[];
  onChange: (next: string[]) => void;
  emptyText: string;
}) {
  const toggle = (id: string, on: boolean) =>
    onChange(on ? [...selected.filter((s) => s !== id), id] : selected.filter((s) => s !== id));
  return (
    <ChoiceGroup legend={legend} hint={hint} className={checklist}>
      {people.length === 0 ? <p className="px-2 py-1 text-sm text-stone-600">{emptyText}</p> : null}
      {people.map((p) => (
        <Choice
          key={p.id}
          look="row"
          label={p.name}
          checked={selected.includes(p.id)}
          onChange={(e) => toggle(p.id, e.target.checked)}
        />
      ))}
    </ChoiceGroup>
  );
}

/** A scrolling two-column list of checkboxes (people, divisions). */
export const checklist =
  "grid max-h-48 grid-cols-1 gap-1 overflow-y-auto rounded-lg border border-stone-200 p-1 sm:grid-cols-2";
