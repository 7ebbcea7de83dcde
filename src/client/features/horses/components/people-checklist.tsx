import type { PersonRef } from "#domain/contracts/people.ts";

/** A labelled group of checkboxes, one per person; for owner and trainer choices. */
export function PeopleChecklist({
  legend,
  people,
  selected,
  onChange,
  emptyText,
}: {
  legend: string;
  people: readonly PersonRef[];
  selected: readonly string[];
  onChange: (next: string[]) => void;
  emptyText: string;
}) {
  const toggle = (id: string, on: boolean) =>
    onChange(on ? [...selected.filter((s) => s !== id), id] : selected.filter((s) => s !== id));
  return (
    <fieldset className="flex flex-col gap-1">
      <legend className="mb-1 text-sm font-medium text-stone-700">{legend}</legend>
      {people.length === 0 ? <p className="text-sm text-stone-500">{emptyText}</p> : null}
      <div className="grid max-h-48 grid-cols-1 gap-1 overflow-y-auto rounded-lg border border-stone-200 p-1 sm:grid-cols-2">
        {people.map((p) => (
          <label
            key={p.id}
            className="flex min-h-11 cursor-pointer items-center gap-3 rounded-md px-2 text-sm text-stone-800 hover:bg-stone-50"
          >
            <input
              type="checkbox"
              className="size-5 accent-brand-700"
              checked={selected.includes(p.id)}
              onChange={(e) => toggle(p.id, e.target.checked)}
            />
            {p.name}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
