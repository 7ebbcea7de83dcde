import { plannerTexts } from "#domain/texts/planner.ts";

const t = plannerTexts;

/**
 * Upcoming / Past shows, always visible above the list: upcoming shows come first, and past shows are one
 * tap away instead of hidden in the filter sheet. Two toggle buttons; the pressed one is the list shown.
 */
export function PeriodSwitch({ past, onChange }: { past: boolean; onChange: (past: boolean) => void }) {
  const option = (value: boolean, label: string) => (
    <button
      type="button"
      aria-pressed={past === value}
      onClick={() => past !== value && onChange(value)}
      className="inline-flex min-h-11 flex-1 items-center justify-center rounded-md px-4 text-sm font-semibold text-stone-700 hover:text-brand-800 aria-pressed:bg-white aria-pressed:text-brand-800 aria-pressed:shadow-sm sm:flex-none"
    >
      {label}
    </button>
  );
  return (
    <fieldset className="mb-4 flex min-w-0 gap-1 rounded-lg border border-stone-200 bg-stone-100 p-1 sm:inline-flex">
      <legend className="sr-only">{t.periodLabel}</legend>
      {option(false, t.upcomingShows)}
      {option(true, t.pastShows)}
    </fieldset>
  );
}
