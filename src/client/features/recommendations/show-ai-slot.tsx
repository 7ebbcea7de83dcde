import { ChevronDown } from "lucide-react";
import { useEffect, useState } from "react";
import { useAfterFirstScreen } from "#client/app/after-first-screen.ts";
import { LoadBoundary } from "#client/app/load-boundary.tsx";
import { retryingLazy } from "#client/lib/retrying-lazy.ts";
import type { ShowClass, ShowDetail } from "#domain/contracts/shows.ts";
import { localDay } from "#domain/roster/roster-view.ts";
import { showTexts } from "#domain/texts/show.ts";

/** Show detail's AI row, loaded once the first screen is shown (as the planner's, ai-slots.tsx), or on a tap. */
const ShowAiRow = retryingLazy(() => import("#client/features/recommendations/components/show-ai-row.tsx"));

/**
 * The row as it arrives, until its code is here: on a phone its folded line (show-ai-row.tsx), which
 * shows it is not ready (disabled, dimmed) until the page's script runs, so a tap before then is not
 * silently lost (issue 33); after that a tap unfolds it at once, loading its code. From 640 px, a box
 * as high as the open row.
 */
function Placeholder({ onUnfold }: { onUnfold: (() => void) | null }) {
  return (
    <>
      <button
        type="button"
        aria-expanded={false}
        disabled={!onUnfold}
        onClick={onUnfold ?? undefined}
        className="ai-row-fold"
      >
        {showTexts.aiRowTitle}
        <ChevronDown aria-hidden className="ml-auto size-4" />
      </button>
      <div aria-hidden className="ai-row-box" />
    </>
  );
}

/** Only shows that have not ended get recommendations (spec), so a past show has no AI row. */
export function ShowAiSlot({
  show,
  onSelectClass,
}: {
  show: ShowDetail;
  onSelectClass: (cls: ShowClass) => void;
}) {
  const later = useAfterFirstScreen();
  // False in the page the server rendered and while it hydrates: its controls have no script yet.
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  const [tapped, setTapped] = useState(false);
  if (show.endDate < localDay(new Date())) return null;
  const waiting = <Placeholder onUnfold={null} />;
  return (
    <LoadBoundary fallback={waiting}>
      {later || tapped ? (
        <ShowAiRow show={show} onSelectClass={onSelectClass} startUnfolded={tapped} />
      ) : (
        <Placeholder onUnfold={hydrated ? () => setTapped(true) : null} />
      )}
    </LoadBoundary>
  );
}
