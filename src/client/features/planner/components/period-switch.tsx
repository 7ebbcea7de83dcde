import { Segmented } from "#client/ui/segmented.tsx";
import { texts } from "#domain/texts.ts";

const t = texts.planner;

/**
 * Upcoming / Past shows, always visible above the list: upcoming shows come first, and past shows are one
 * tap away instead of hidden in the filter sheet. Two toggle buttons; the pressed one is the list shown.
 */
export function PeriodSwitch({ past, onChange }: { past: boolean; onChange: (past: boolean) => void }) {
  return (
    <Segmented
      label={t.periodLabel}
      options={[
        [false, t.upcomingShows],
        [true, t.pastShows],
      ]}
      value={past}
      onChange={onChange}
    />
  );
}
