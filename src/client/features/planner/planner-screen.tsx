import type { QueryClient } from "@tanstack/react-query";
import { useEffect, useMemo, useRef, useState } from "react";
import { useAfterFirstScreen, useFirstScreenShown } from "#client/app/after-first-screen.ts";
import { LoadBoundary } from "#client/app/load-boundary.tsx";
import { useSearchParams } from "#client/app/routing.ts";
import { FilterChips } from "#client/features/planner/components/filter-chips.tsx";
import { FilterSheet } from "#client/features/planner/components/filter-sheet.tsx";
import { PeriodSwitch } from "#client/features/planner/components/period-switch.tsx";
import { ShowCard } from "#client/features/planner/components/show-card.tsx";
import {
  clearFilters,
  filtersFromParams,
  filtersToApiQuery,
  filtersToParams,
  type PlannerFilters,
  removeChip,
} from "#client/features/planner/filters.ts";
import { PlannerAiSlot } from "#client/features/recommendations/ai-slots.tsx";
import { SeasonCalendar, useCalendarView, ViewSlot } from "#client/features/season/view-slot.tsx";
import { showListQueryOptions, useShowList } from "#client/features/shows/api/list-shows.ts";
import { retryingLazy } from "#client/lib/retrying-lazy.ts";
import { ErrorAlert, LoadError } from "#client/ui/alert.tsx";
import { Button } from "#client/ui/button.tsx";
import { EmptyState, PageHeader, Spinner } from "#client/ui/page.tsx";
import { useProgressiveCount } from "#client/ui/use-progressive-count.ts";
import { plannerTexts } from "#domain/texts/planner.ts";
import { texts } from "#domain/texts/shell.ts";

// From 1024 px the filters are a panel beside the list (ADR 035): after the first screen, its form never on a phone.
const FilterPanel = retryingLazy(() => import("#client/features/planner/components/filter-panel.tsx"));
// From 1280 px the month calendar, or the chosen show, beside the list (ADR 047): after the first screen too.
const PlannerPane = retryingLazy(() => import("#client/features/planner/components/planner-pane.tsx"));

/** The spec's highlight ring lasts 3 seconds. */
const HIGHLIGHT_MS = 3000;
/** How many pages the planner fetches looking for a highlighted show before giving up. */
const HIGHLIGHT_MAX_PAGES = 30;

/** The first page for these search params, asked for before the screen renders (first-data.ts). */
export function prefetchPlanner(queryClient: QueryClient, search: string): Promise<void> {
  const query = filtersToApiQuery(filtersFromParams(new URLSearchParams(search)));
  return queryClient.prefetchInfiniteQuery(showListQueryOptions(query));
}

export default function PlannerScreen() {
  const [params, setParams] = useSearchParams();
  const filters = useMemo(() => filtersFromParams(params), [params]);
  const apiQuery = filtersToApiQuery(filters);
  const highlight = params.get("highlight");
  const list = useShowList(apiQuery);
  useFirstScreenShown(!list.isPending);
  const shows = useMemo(() => list.data?.pages.flatMap((p) => p.shows) ?? [], [list.data]);

  const view = useCalendarView();
  const calendar = view[0];
  // Every filter change is a new history entry, so Back returns to the previous filters. A show open beside
  // the list (from 1280 px, ADR 047) stays open while the list refilters.
  const apply = (next: PlannerFilters) => {
    const p = filtersToParams(next);
    if (calendar) p.set("view", "calendar");
    const show = params.get("show");
    if (show) p.set("show", show);
    setParams(p);
  };

  const ringed = useHighlight(highlight, shows, list);
  const sentinel = useInfiniteScroll(list);
  // A page of cards is rendered a few at a time; a highlighted show needs its card there to scroll to.
  const progressive = useProgressiveCount(shows.length, { first: 8, step: 8 });
  const rendered = highlight ? shows.length : progressive;
  // Also when the Filters button and Upcoming / Past are ready: till then they are the server's HTML, where a
  // tap does nothing, and they are shown as not ready.
  const later = useAfterFirstScreen();
  const calendarQuery = filtersToApiQuery({ ...filters, past: false });

  return (
    <>
      <PageHeader
        title={plannerTexts.title}
        subtitle={plannerTexts.subtitle}
        actions={<FilterSheet filters={filters} onApply={apply} ready={later} />}
      />
      {/* From 1024 px: the filter panel's column (kept while it loads, so the list never moves), the list beside;
          from 1280 px, in the list view, a third column (ADR 047). */}
      <div data-wide className="planner-columns">
        <div className="hidden lg:block">
          {later && (
            <LoadBoundary fallback={null}>
              <FilterPanel filters={filters} onApply={apply} />
            </LoadBoundary>
          )}
        </div>
        <div className="min-w-0 lg:col-start-2">
          <div className="flex flex-wrap gap-x-2">
            <ViewSlot view={view} />
            {calendar ? null : (
              <PeriodSwitch
                past={filters.past}
                onChange={(past) => apply({ ...filters, past })}
                ready={later}
              />
            )}
          </div>
          <FilterChips
            filters={filters}
            onRemove={(chip) => apply(removeChip(filters, chip))}
            onClearAll={() => apply(clearFilters(filters))}
          />
          <PlannerAiSlot />
          {calendar ? (
            <LoadBoundary fallback={<Spinner label={texts.common.loading} />}>
              <SeasonCalendar query={calendarQuery} />
            </LoadBoundary>
          ) : list.isPending ? (
            <Spinner label={plannerTexts.loadingShows} />
          ) : list.isError && shows.length === 0 ? (
            <LoadError
              message={`${plannerTexts.loadFailed} ${list.error.message}`}
              onRetry={() => void list.refetch()}
            />
          ) : shows.length === 0 ? (
            <EmptyState title={plannerTexts.empty}>{plannerTexts.emptyHint}</EmptyState>
          ) : (
            <>
              <ul
                aria-busy={list.isPlaceholderData}
                className={`flex flex-col gap-3 transition-opacity ${list.isPlaceholderData ? "opacity-50" : ""}`}
              >
                {shows.slice(0, rendered).map((show) => (
                  <li key={show.id}>
                    <ShowCard show={show} highlighted={ringed === show.id} />
                  </li>
                ))}
              </ul>
              {list.isFetchNextPageError ? (
                <div className="mt-3">
                  <ErrorAlert message={`${plannerTexts.loadFailed} ${list.error?.message ?? ""}`} />
                </div>
              ) : null}
              {list.hasNextPage && rendered >= shows.length ? (
                <div ref={sentinel} className="mt-4 flex justify-center">
                  <Button
                    variant="secondary"
                    disabled={list.isFetchingNextPage}
                    onClick={() => list.fetchNextPage()}
                  >
                    {list.isFetchingNextPage ? texts.common.loading : plannerTexts.loadMore}
                  </Button>
                </div>
              ) : null}
            </>
          )}
        </div>
        {calendar ? null : (
          <div className="planner-pane">
            {later && (
              <LoadBoundary fallback={null}>
                <PlannerPane query={calendarQuery} />
              </LoadBoundary>
            )}
          </div>
        )}
      </div>
    </>
  );
}

type ShowList = ReturnType<typeof useShowList>;

/**
 * `?highlight=<showId>`: loads pages until the show's card is there, scrolls it into view and rings it
 * for 3 seconds. Returns the id currently ringed.
 */
function useHighlight(highlight: string | null, shows: { id: string }[], list: ShowList): string | null {
  const [ringed, setRinged] = useState<string | null>(null);
  const handled = useRef<string | null>(null);
  const found = !!highlight && shows.some((s) => s.id === highlight);
  const pages = list.data?.pages.length ?? 0;
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = list;

  useEffect(() => {
    if (!highlight || handled.current === highlight || found) return;
    if (hasNextPage && !isFetchingNextPage && pages < HIGHLIGHT_MAX_PAGES) void fetchNextPage();
  }, [highlight, found, hasNextPage, isFetchingNextPage, pages, fetchNextPage]);

  useEffect(() => {
    if (!highlight || !found || handled.current === highlight) return;
    handled.current = highlight;
    const reduceMotion = window.matchMedia?.("(prefers-reduced-motion: reduce)").matches;
    document
      .getElementById(`show-${highlight}`)
      ?.scrollIntoView({ block: "center", behavior: reduceMotion ? "auto" : "smooth" });
    setRinged(highlight);
  }, [highlight, found]);

  useEffect(() => {
    if (!ringed) return;
    const timer = window.setTimeout(() => setRinged(null), HIGHLIGHT_MS);
    return () => window.clearTimeout(timer);
  }, [ringed]);

  return ringed;
}

/** Fetches the next page when the "Load more" row scrolls near the viewport; the button stays for keyboards. */
function useInfiniteScroll(list: ShowList) {
  const { hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage } = list;
  const [node, setNode] = useState<HTMLDivElement | null>(null);
  useEffect(() => {
    if (!node || !hasNextPage || isFetchingNextPage || isFetchNextPageError) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) void fetchNextPage();
      },
      { rootMargin: "400px 0px" },
    );
    observer.observe(node);
    return () => observer.disconnect();
  }, [node, hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage]);
  return setNode;
}
