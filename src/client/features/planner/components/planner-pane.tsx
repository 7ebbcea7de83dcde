import { useEffect } from "react";
import { LoadBoundary } from "#client/app/load-boundary.tsx";
import { useNavigate, useSearchParams } from "#client/app/routing.ts";
import { retryingLazy } from "#client/lib/retrying-lazy.ts";
import { useMediaQuery } from "#client/ui/use-media-query.ts";

const PlannerSide = retryingLazy(() => import("#client/features/planner/components/planner-side.tsx"));

/** Tailwind's `xl`: from here the planner has a third column (ADR 047). */
export const PLANNER_SIDE_QUERY = "(min-width: 80rem)";

/**
 * The planner's third column from 1280 px (ADR 047): the month calendar, or the show chosen in the list
 * (`?show=<id>`). A small lazy part loaded after the first screen; the column's code (planner-side.tsx) is
 * fetched only on a window that wide. Narrower, an address that names a show is that show's own page: a
 * link made at a desk opens the plain show detail on a phone.
 */
export default function PlannerPane({ query }: { query: string }) {
  const wide = useMediaQuery(PLANNER_SIDE_QUERY);
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const show = params.get("show");
  useEffect(() => {
    if (!wide && show) navigate(`/shows/${encodeURIComponent(show)}`, { replace: true });
  }, [wide, show, navigate]);
  if (!wide) return null;
  return (
    <LoadBoundary fallback={null}>
      <PlannerSide query={query} />
    </LoadBoundary>
  );
}
