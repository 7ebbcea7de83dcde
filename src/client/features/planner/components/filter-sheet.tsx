import { SlidersHorizontal } from "lucide-react";
import { useRef, useState } from "react";
import { LoadBoundary } from "#client/app/load-boundary.tsx";
import { activeFilterCount, type PlannerFilters } from "#client/features/planner/filters.ts";
import { retryingLazy } from "#client/lib/retrying-lazy.ts";
import { plannerTexts } from "#domain/texts/planner.ts";

const loadSheet = () => import("#client/features/planner/components/filter-sheet-dialog.tsx");
const FilterSheetDialog = retryingLazy(loadSheet);

/**
 * The spec's filter sheet: a bottom sheet (at most 95% of the screen height) edited as a draft, applied at once.
 * The button is on the planner's first paint; the sheet's code loads when a pointer or the focus
 * comes near it, and stays mounted once opened. From 1024 px the filter panel (filter-panel.tsx) replaces it.
 */
export function FilterSheet({
  filters,
  onApply,
  ready,
}: {
  filters: PlannerFilters;
  onApply: (next: PlannerFilters) => void;
  /** False while the button is the server's HTML, not yet the script's: shown as not ready. */
  ready: boolean;
}) {
  const [open, setOpen] = useState(false);
  const [used, setUsed] = useState(false);
  const [draft, setDraft] = useState<PlannerFilters>(filters);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const count = activeFilterCount(filters);

  const onOpenChange = (next: boolean) => {
    if (next) {
      setDraft(filters);
      setUsed(true);
    }
    setOpen(next);
  };

  return (
    <>
      <button
        ref={triggerRef}
        type="button"
        aria-haspopup="dialog"
        aria-expanded={open}
        disabled={!ready}
        onClick={() => onOpenChange(true)}
        onPointerEnter={loadSheet}
        onFocus={loadSheet}
        aria-label={plannerTexts.openFilters(count)}
        className="filter-button"
      >
        <SlidersHorizontal aria-hidden className="size-4" />
        <span>{plannerTexts.filters}</span>
        {count > 0 ? (
          <span aria-hidden className="filter-count">
            {count}
          </span>
        ) : null}
      </button>
      {used ? (
        <LoadBoundary kind="dialog" fallback={null}>
          <FilterSheetDialog
            open={open}
            onOpenChange={onOpenChange}
            draft={draft}
            setDraft={setDraft}
            onSubmit={() => {
              onApply(draft);
              setOpen(false);
            }}
            trigger={triggerRef}
          />
        </LoadBoundary>
      ) : null}
    </>
  );
}
