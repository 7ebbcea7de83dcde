import { Check, Search } from "lucide-react";
import { Checkbox } from "radix-ui";
import { useId, useMemo, useState } from "react";
import { matchesAllWords } from "#domain/shows/word-search.ts";
import { plannerTexts } from "#domain/texts/planner.ts";

export interface ChecklistOption {
  value: string;
  label: string;
  count: number;
}

/**
 * A searchable checklist for the filter sheet: every word of the search must appear in the option,
 * case-insensitive; the list scrolls inside about 12rem.
 */
export function Checklist({
  label,
  options,
  selected,
  onChange,
}: {
  label: string;
  options: readonly ChecklistOption[];
  selected: readonly string[];
  onChange: (next: string[]) => void;
}) {
  const id = useId();
  const [query, setQuery] = useState("");
  const visible = useMemo(() => options.filter((o) => matchesAllWords(o.label, query)), [options, query]);
  const chosen = new Set(selected);

  const toggle = (value: string, on: boolean) =>
    onChange(on ? [...selected, value] : selected.filter((v) => v !== value));

  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="mb-2 text-sm font-semibold text-stone-800">
        {label}
        {selected.length > 0 ? (
          <span className="ml-2 rounded-full bg-brand-100 px-2 py-0.5 text-xs text-brand-800">
            {selected.length}
          </span>
        ) : null}
      </legend>
      <div className="relative">
        <Search aria-hidden className="search-icon" />
        <input
          type="search"
          id={`${id}-search`}
          aria-label={plannerTexts.searchList(label)}
          placeholder={plannerTexts.searchList(label)}
          value={query}
          onChange={(e) => setQuery(e.target.value)}
          className="search-field"
        />
      </div>
      <div className="max-h-48 overflow-y-auto rounded-lg border border-stone-200 bg-stone-50/60">
        {visible.length === 0 ? (
          <p className="px-3 py-4 text-center text-sm text-stone-600">{plannerTexts.noResults}</p>
        ) : (
          <ul>
            {visible.map((option, i) => {
              const optionId = `${id}-${i}`;
              const checked = chosen.has(option.value);
              return (
                <li key={option.value}>
                  <label
                    htmlFor={optionId}
                    className="flex min-h-11 cursor-pointer items-center gap-3 px-3 py-1.5 hover:bg-brand-50"
                  >
                    <Checkbox.Root
                      id={optionId}
                      checked={checked}
                      onCheckedChange={(state) => toggle(option.value, state === true)}
                      className="flex size-5 shrink-0 items-center justify-center rounded border border-stone-400 bg-white data-[state=checked]:border-brand-700 data-[state=checked]:bg-brand-700"
                    >
                      <Checkbox.Indicator>
                        <Check aria-hidden className="size-4 text-white" strokeWidth={3} />
                      </Checkbox.Indicator>
                    </Checkbox.Root>
                    <span className="flex-1 text-sm text-stone-800">{option.label}</span>
                    <span className="text-xs tabular-nums text-stone-600">{option.count}</span>
                  </label>
                </li>
              );
            })}
          </ul>
        )}
      </div>
    </fieldset>
  );
}
