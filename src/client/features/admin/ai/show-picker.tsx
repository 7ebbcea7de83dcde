import { useEffect, useId, useState } from "react";
import { findShows } from "#client/features/admin/ai/api.ts";
import { keepTypedEarly } from "#client/ui/typed-early.ts";
import type { ShowSummary } from "#domain/contracts/shows.ts";
import { formatShowDates } from "#domain/dates/show-dates.ts";
import { adminAiTexts } from "#domain/texts/admin-ai.ts";

const t = adminAiTexts;
/** As the planner's show-name autocomplete: a search starts after more than 2 characters (spec section 9). */
const MIN_SEARCH = 3;

/**
 * Choosing one show among thousands: type part of its name, then pick it from a native select (keyboard,
 * screen readers and phones handle it well). Upcoming shows come first, then past ones.
 */
export function ShowPicker({
  value,
  onChange,
}: {
  value: ShowSummary | null;
  onChange: (show: ShowSummary | null) => void;
}) {
  const id = useId();
  const [search, setSearch] = useState("");
  const [shows, setShows] = useState<ShowSummary[]>([]);
  const [searched, setSearched] = useState(false);

  useEffect(() => {
    const name = search.trim();
    if (name.length < MIN_SEARCH) {
      setShows([]);
      setSearched(false);
      return;
    }
    const controller = new AbortController();
    const timer = setTimeout(() => {
      findShows(name, controller.signal)
        .then((found) => {
          setShows(found);
          setSearched(true);
        })
        .catch(() => undefined);
    }, 250);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [search]);

  const options = value && !shows.some((s) => s.id === value.id) ? [value, ...shows] : shows;
  return (
    <div className="flex flex-col gap-3">
      <div className="flex flex-col gap-1">
        <label htmlFor={`${id}-search`} className="text-sm font-medium text-stone-700">
          {t.findShow}
        </label>
        <input
          id={`${id}-search`}
          type="search"
          ref={keepTypedEarly(search, setSearch)}
          value={search}
          onChange={(e) => {
            setSearch(e.target.value);
            // A choice made among other results would be run on a show no longer shown.
            if (value) onChange(null);
          }}
          aria-describedby={`${id}-hint`}
          autoComplete="off"
          className="min-h-11 rounded-lg border border-stone-300 bg-white px-3 text-base text-stone-900 focus:border-brand-500 focus:ring-2 focus:ring-brand-200 focus:outline-none"
        />
        <p id={`${id}-hint`} className="text-xs text-stone-600" aria-live="polite">
          {searched && shows.length === 0 ? t.noShowsFound : t.findShowHint}
        </p>
      </div>
      <div className="flex flex-col gap-1">
        <label htmlFor={`${id}-show`} className="text-sm font-medium text-stone-700">
          {t.show}
        </label>
        <select
          id={`${id}-show`}
          value={value?.id ?? ""}
          onChange={(e) => onChange(options.find((s) => s.id === e.target.value) ?? null)}
          className="min-h-11 w-full min-w-0 rounded-lg border border-stone-300 bg-white px-3 text-base text-stone-900 focus:border-brand-500 focus:ring-2 focus:ring-brand-200 focus:outline-none"
        >
          <option value="">{t.selectShow}</option>
          {options.map((s) => (
            <option key={s.id} value={s.id}>
              {s.name} — {formatShowDates(s.startDate, s.endDate)}
            </option>
          ))}
        </select>
      </div>
    </div>
  );
}
