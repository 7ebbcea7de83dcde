import { useAfterFirstScreen } from "#client/app/after-first-screen.ts";
import { LoadBoundary } from "#client/app/load-boundary.tsx";
import { retryingLazy } from "#client/lib/retrying-lazy.ts";
import type { ShowClass, ShowDetail } from "#domain/contracts/shows.ts";
import { localDay } from "#domain/roster/roster-view.ts";

/** Show detail's AI row, loaded once the first screen is shown (as the planner's, ai-slots.tsx). */
const ShowAiRow = retryingLazy(() => import("#client/features/recommendations/components/show-ai-row.tsx"));

// On a phone the row arrives folded to one line (show-ai-row.tsx): its placeholder is that high.
const placeholder = (
  <div aria-hidden className="min-h-11 rounded-xl border border-brand-100 bg-brand-50/60 sm:min-h-[7.5rem]" />
);

/** Only shows that have not ended get recommendations (spec), so a past show has no AI row. */
export function ShowAiSlot({
  show,
  onSelectClass,
}: {
  show: ShowDetail;
  onSelectClass: (cls: ShowClass) => void;
}) {
  const later = useAfterFirstScreen();
  if (show.endDate < localDay(new Date())) return null;
  return (
    <LoadBoundary fallback={placeholder}>
      {later ? <ShowAiRow show={show} onSelectClass={onSelectClass} /> : placeholder}
    </LoadBoundary>
  );
}
