import { useCallback, useEffect, useRef } from "react";
import { LoadBoundary } from "#client/app/load-boundary.tsx";
import { RouteAt } from "#client/app/route-at.tsx";
import { useLocation, useNavigate, useSearchParams } from "#client/app/routing.ts";
import { SeasonCalendar } from "#client/features/season/view-slot.tsx";
import { retryingLazy } from "#client/lib/retrying-lazy.ts";
import { Spinner } from "#client/ui/page.tsx";
import { documentTitle } from "#client/ui/use-document-title.ts";
import { plannerTexts } from "#domain/texts/planner.ts";
import { texts } from "#domain/texts/shell.ts";
import { wideTexts } from "#domain/texts/wide.ts";

// The show detail screen itself, the chunk its route loads (and the planner's cards prefetch on hover).
const ShowDetail = retryingLazy(() => import("#client/features/shows/show-detail-screen.tsx"));

/** The history entry of a show opened from the list: Back (the browser's or the detail's) returns to it. */
const FROM_LIST = "planner-list";
/** A link to a show's page, and nothing below it (`/shows/x/print` stays a page of its own). */
const SHOW_LINK = /^\/shows\/([^/?#]+)$/;

/**
 * The planner's third column from 1280 px (ADR 047): the month calendar beside the list, or the chosen
 * show's detail in its place. The list's links and the calendar's shows open here: the address becomes
 * `/planner?…&show=<id>` (pushed, so Back closes the detail), the list stays mounted with its filters and
 * scroll place. A plain click only: Ctrl/⌘-click and the context menu still open `/shows/<id>`.
 */
export default function PlannerSide({ query }: { query: string }) {
  const [params] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const show = params.get("show");
  const holder = useRef<HTMLDivElement>(null);
  const pane = useRef<HTMLElement>(null);
  const openedHere = useRef<string | null>(null);

  const withShow = useCallback(
    (id: string | null) => {
      const next = new URLSearchParams(params);
      if (id) next.set("show", id);
      else next.delete("show");
      const search = next.toString();
      return `/planner${search ? `?${search}` : ""}`;
    },
    [params],
  );
  const open = useCallback(
    (id: string) => {
      openedHere.current = id;
      navigate(withShow(id), { replace: id === show, state: FROM_LIST });
    },
    [navigate, withShow, show],
  );

  // Clicks on the list's, the calendar's and the agenda's show links open the show here. The detail's Back
  // returns to the list: through history when the show was opened from it, else by dropping `show`.
  const fromList = location.state === FROM_LIST;
  useEffect(() => {
    const columns = holder.current?.closest<HTMLElement>(".planner-columns");
    if (!columns) return;
    const onClick = (event: MouseEvent) => {
      if (event.button || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      const target = event.target instanceof Element ? event.target : null;
      const id = SHOW_LINK.exec(target?.closest("a[href]")?.getAttribute("href") ?? "")?.[1];
      const back = !fromList && !!show && !!target?.closest(".back-button");
      if (!id && !back) return;
      event.preventDefault();
      event.stopPropagation();
      if (id) open(decodeURIComponent(id));
      else navigate(withShow(null), { replace: true });
    };
    columns.addEventListener("click", onClick, true);
    return () => columns.removeEventListener("click", onClick, true);
  }, [open, navigate, withShow, fromList, show]);

  // Focus follows the choice: into the detail when a show is opened here, back to its card when it closes.
  const previous = useRef(show);
  useEffect(() => {
    const was = previous.current;
    previous.current = show;
    if (show && openedHere.current === show) pane.current?.focus({ preventScroll: true });
    if (show || !was) return;
    // The detail named the page after its show; the list is the planner again.
    document.title = documentTitle(plannerTexts.title);
    document.getElementById(`show-${was}`)?.focus({ preventScroll: true });
  }, [show]);

  return (
    <div ref={holder}>
      {show ? (
        <section
          ref={pane}
          tabIndex={-1}
          aria-label={wideTexts.chosenShow}
          data-testid="planner-detail"
          className="outline-none"
        >
          <LoadBoundary fallback={<Spinner label={texts.common.loading} />}>
            <RouteAt key={show} path="/shows/:showId" location={`/shows/${encodeURIComponent(show)}`}>
              <ShowDetail />
            </RouteAt>
          </LoadBoundary>
        </section>
      ) : (
        <LoadBoundary fallback={<Spinner label={texts.common.loading} />}>
          <SeasonCalendar query={query} onOpen={open} />
        </LoadBoundary>
      )}
    </div>
  );
}
