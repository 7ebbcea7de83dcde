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
 * comes near it, and stays mounted once opened.
 */
export function FilterSheet({
  filters,
  onApply,
}: {
  filters: PlannerFilters;
  onApply: (next: PlannerFilters) => void;
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
        onClick={() => onOpenChange(true)}
        onPointerEnter={loadSheet}
        onFocus={loadSheet}
        aria-label={plannerTexts.openFilters(count)}
        className="relative inline-flex min-h-11 items-center gap-2 rounded-lg border border-stone-300 bg-white px-4 text-sm font-semibold text-stone-800 hover:bg-stone-50"
      >
        <SlidersHorizontal aria-hidden className="size-4" />
        <span>{plannerTexts.filters}</span>
        {count > 0 ? (
          <span
            aria-hidden
            className="absolute -top-2 -right-2 flex size-6 items-center justify-center rounded-full bg-gold-500 text-xs font-bold text-brand-900"
          >
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
