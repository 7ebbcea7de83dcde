import { type KeyboardEvent, useId, useState } from "react";
import { usePastShows } from "#client/features/records/api/search-past-shows.ts";
import { AUTOCOMPLETE_MIN_CHARS } from "#domain/contracts/records.ts";
import { formatLongDate } from "#domain/dates/show-dates.ts";
import { profileTexts } from "#domain/texts/profile.ts";

export interface ChosenShow {
  id: string;
  name: string;
  startDate: string;
}

/**
 * The show-name field with past-show suggestions (ARIA combobox): typing more than two characters
 * lists matching past shows; arrow keys move, Enter picks, and a click picks too.
 */
export function ShowNameCombobox({
  value,
  onChange,
  onChoose,
}: {
  value: string;
  onChange: (value: string) => void;
  onChoose: (show: ChosenShow) => void;
}) {
  const id = useId();
  const listId = `${id}-list`;
  const [focused, setFocused] = useState(false);
  const [active, setActive] = useState(-1);
  const [picked, setPicked] = useState<string | null>(null);
  const suggestions = usePastShows(value);
  const shows = value.trim().length > AUTOCOMPLETE_MIN_CHARS ? (suggestions.data?.shows ?? []) : [];
  const open = focused && picked !== value && shows.length > 0;

  const choose = (index: number) => {
    const show = shows[index];
    if (!show) return;
    setPicked(show.name);
    setActive(-1);
    onChoose(show);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (!open) return;
    if (event.key === "ArrowDown") {
      event.preventDefault();
      setActive((i) => (i + 1) % shows.length);
    } else if (event.key === "ArrowUp") {
      event.preventDefault();
      setActive((i) => (i <= 0 ? shows.length - 1 : i - 1));
    } else if (event.key === "Enter" && active >= 0) {
      event.preventDefault();
      choose(active);
    }
  };

  return (
    <div className="relative flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium text-stone-700">
        {profileTexts.showName}
      </label>
      <input
        id={id}
        role="combobox"
        aria-expanded={open}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={open && active >= 0 ? `${listId}-${active}` : undefined}
        autoComplete="off"
        value={value}
        onChange={(e) => {
          setPicked(null);
          setActive(-1);
          onChange(e.target.value);
        }}
        onFocus={() => setFocused(true)}
        onBlur={() => setFocused(false)}
        onKeyDown={onKeyDown}
        className="min-h-11 rounded-lg border border-stone-300 bg-white px-3 text-base text-stone-900 focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-200"
      />
      <div
        id={listId}
        role="listbox"
        aria-label={profileTexts.showSuggestions}
        hidden={!open}
        className="absolute top-full right-0 left-0 z-10 mt-1 max-h-60 overflow-y-auto rounded-lg border border-stone-200 bg-white py-1 shadow-lg"
      >
        {shows.map((show, index) => (
          <div
            key={show.id}
            tabIndex={-1}
            id={`${listId}-${index}`}
            role="option"
            aria-selected={index === active}
            // Keeps the input focused so the click lands before the list closes on blur.
            onMouseDown={(e) => e.preventDefault()}
            onClick={() => choose(index)}
            onKeyDown={() => undefined}
            className="flex min-h-11 cursor-pointer flex-col justify-center px-3 py-1.5 text-sm aria-selected:bg-brand-50 hover:bg-brand-50"
          >
            <span className="font-medium text-stone-900">{show.name}</span>
            <span className="text-xs text-stone-600">
              {formatLongDate(show.startDate)} · {show.location}
            </span>
          </div>
        ))}
      </div>
    </div>
  );
}
