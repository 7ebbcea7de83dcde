import { plannerTexts } from "#domain/texts/planner.ts";

const t = plannerTexts;

/**
 * Upcoming / Past shows, always visible above the list: upcoming shows come first, and past shows are one
 * tap away instead of hidden in the filter sheet. Two toggle buttons; the pressed one is the list shown.
 */
export function PeriodSwitch({
  past,
  onChange,
  ready,
}: {
  past: boolean;
  onChange: (past: boolean) => void;
  /** False while the buttons are the server's HTML, not yet the script's: shown as not ready. */
  ready: boolean;
}) {
  const option = (value: boolean, label: string) => (
    <button
      type="button"
      aria-pressed={past === value}
      onClick={() => past !== value && onChange(value)}
      className="segment-option"
    >
      {label}
    </button>
  );
  return (
    <fieldset
      disabled={!ready}
      className="mb-4 flex min-w-0 gap-1 rounded-lg border border-stone-200 bg-stone-100 p-1 sm:inline-flex"
    >
      <legend className="sr-only">{t.periodLabel}</legend>
      {option(false, t.upcomingShows)}
      {option(true, t.pastShows)}
    </fieldset>
  );
}
