import { LoadBoundary } from "#client/app/load-boundary.tsx";
import type { PlannerFilters } from "#client/features/planner/filters.ts";
import { retryingLazy } from "#client/lib/retrying-lazy.ts";
import { useMediaQuery } from "#client/ui/use-media-query.ts";

const FilterPanelForm = retryingLazy(
  () => import("#client/features/planner/components/filter-panel-form.tsx"),
);

/**
 * The planner's filter panel beside the list, from 1024 px (Tailwind's `lg`, ADR 035). A small lazy part loaded
 * after the first screen: on a narrower window it renders nothing, so phones never fetch the form (the Filters
 * button's sheet serves them), and a window widened past 1024 px gets it then.
 */
export default function FilterPanel(props: {
  filters: PlannerFilters;
  onApply: (next: PlannerFilters) => void;
}) {
  const wide = useMediaQuery("(min-width: 64rem)");
  if (!wide) return null;
  return (
    <LoadBoundary fallback={null}>
      <FilterPanelForm {...props} />
    </LoadBoundary>
  );
}
