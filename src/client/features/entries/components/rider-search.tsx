import { Search } from "lucide-react";
import { useDeferredValue, useId, useState } from "react";
import { useRiderSearch } from "#client/features/entries/api/search-riders.ts";
import { ErrorAlert } from "#client/ui/alert.tsx";
import type { FoundPerson } from "#domain/contracts/people-search.ts";
import { readPeopleQuery } from "#domain/people/people-search.ts";
import { peopleSearchTexts } from "#domain/texts/people-search.ts";
import { texts } from "#domain/texts/shell.ts";

const t = peopleSearchTexts;

/**
 * Beneath a Rider chooser, which lists only the viewer, their friends and barn: "Find someone else" searches
 * everyone the viewer may find (three letters or an exact email; ADR 034), each shown with town and barn.
 */
export function RiderSearch({
  tileLabel,
  onPick,
}: {
  tileLabel: string;
  onPick: (person: FoundPerson) => void;
}) {
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState("");
  const deferred = useDeferredValue(query);
  const tooShort = readPeopleQuery(deferred).kind === "tooShort";
  const results = useRiderSearch(deferred.trim(), open && !tooShort);
  const id = useId();
  if (!open) {
    return (
      <button
        type="button"
        className="inline-flex min-h-11 items-center gap-1 self-start text-sm font-medium text-brand-700 hover:underline"
        onClick={() => setOpen(true)}
      >
        <Search aria-hidden className="size-4" />
        {t.findRider}
      </button>
    );
  }
  const people = results.data?.people ?? [];
  return (
    <div className="flex flex-col gap-2 sm:col-span-2">
      <input
        type="search"
        // biome-ignore lint/a11y/noAutofocus: the person just asked to search; the field is what they type into
        autoFocus
        aria-label={t.findRiderLabel(tileLabel)}
        aria-describedby={`${id}-hint`}
        placeholder={t.findRider}
        value={query}
        onChange={(e) => setQuery(e.target.value)}
        className="min-h-11 w-full rounded-lg border border-stone-300 bg-white px-3 text-base text-stone-900 placeholder:text-stone-500 focus:border-brand-500 focus:ring-2 focus:ring-brand-200 focus:outline-none"
      />
      <p id={`${id}-hint`} className="text-xs text-stone-600">
        {tooShort
          ? t.typeMore
          : results.isFetching
            ? texts.common.loading
            : people.length === 0
              ? t.nobodyFound
              : ""}
      </p>
      <ErrorAlert message={results.isError ? results.error.message : null} />
      {!tooShort && people.length > 0 ? (
        <ul className="flex flex-col divide-y divide-stone-100 rounded-lg border border-stone-200">
          {people.map((person) => (
            <li key={person.id}>
              <button
                type="button"
                aria-label={`${t.choose(person.name)}${t.details(person) ? `, ${t.details(person)}` : ""}`}
                className="flex min-h-11 w-full flex-col items-start px-3 py-2 text-left hover:bg-brand-50"
                onClick={() => {
                  onPick(person);
                  setOpen(false);
                  setQuery("");
                }}
              >
                <span className="text-sm font-medium text-stone-900">{person.name}</span>
                {t.details(person) ? (
                  <span className="text-xs text-stone-600">{t.details(person)}</span>
                ) : null}
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
