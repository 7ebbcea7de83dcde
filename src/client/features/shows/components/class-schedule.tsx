import { Search } from "lucide-react";
import {
  type ReactNode,
  startTransition,
  use,
  useCallback,
  useDeferredValue,
  useEffect,
  useMemo,
  useRef,
  useState,
} from "react";
import { ClassRow } from "#client/features/shows/components/class-row.tsx";
import type { ScheduleRow } from "#client/features/shows/components/show-day-extras.tsx";
import { EmptyState } from "#client/ui/page.tsx";
import { defaultRangeExtractor, useVirtualRows, type VisibleRange } from "#client/ui/use-virtual-rows.ts";
import type { ShowClass, ShowDetail, ShowSession } from "#domain/contracts/shows.ts";
import { formatDayHeading } from "#domain/dates/show-dates.ts";
import { assignClassDates, groupClassesByDate } from "#domain/shows/class-dates.ts";
import { matchesAllWords } from "#domain/shows/word-search.ts";
import { showTexts } from "#domain/texts/show.ts";

type Row = ScheduleRow;

// Only a show with sessions needs them (issue 21); see show-day-extras.tsx.
export const showDayExtras = import("#client/features/shows/components/show-day-extras.tsx");

export interface ClassScheduleProps {
  show: Pick<ShowDetail, "startDate" | "endDate" | "classes"> & { sessions?: ShowSession[] };
  /** Opens the class entry dialog (entries issue); rows are buttons when given. */
  onSelectClass?: (cls: ShowClass) => void;
  /** The viewer's entry icons for a class (entries issue). */
  renderEntryIcons?: (cls: ShowClass) => ReactNode;
  /** In place of a class's planned time: its live status and estimate while the show runs (issue 34). */
  renderTime?: ((cls: ShowClass) => ReactNode) | undefined;
  /** Under a class's row: its posted placings (issue 22). */
  renderBelow?: (cls: ShowClass) => ReactNode;
  /** A class to bring into view on arrival (a class alert's link). */
  focusClassId?: string | null;
}

/**
 * The class schedule: every-word search over class names, classes grouped by day under date headings
 * (the spec's class-date rule, applied to the WHOLE list before searching so a search never moves a class
 * to another day), in a list capped at 32rem from 640 px wide (on a phone, in the page's own scroll). Rows are virtualised, so 600 classes scroll and filter
 * without rendering 600 rows.
 */
export function ClassSchedule({
  show,
  onSelectClass,
  renderEntryIcons,
  renderTime,
  renderBelow,
  focusClassId,
}: ClassScheduleProps) {
  const [query, setQuery] = useState("");
  const deferredQuery = useDeferredValue(query);
  const total = show.classes.length;
  const extras = !!show.sessions?.length && use(showDayExtras);

  const dated = useMemo(() => {
    const dates = assignClassDates(show, show.classes);
    return show.classes.map((c, i) => ({ ...c, date: dates[i] ?? show.startDate }));
  }, [show]);

  const rows = useMemo<Row[]>(() => {
    const matching = dated.filter((c) => matchesAllWords(c.name, deferredQuery));
    if (extras && show.sessions?.length)
      return extras.sessionRows(show, show.sessions, matching, groupClassesByDate);
    return groupClassesByDate(show, matching).flatMap((day) => [
      { kind: "day" as const, date: day.date, level: "h3" as const },
      ...day.classes.map((cls) => ({ kind: "class" as const, cls })),
    ]);
  }, [dated, deferredQuery, show, extras]);
  const shown = rows.filter((r) => r.kind === "class").length;

  // The heading of the day being scrolled stays pinned at the top of the list.
  const dayIndexes = useMemo(() => rows.flatMap((r, i) => (r.kind === "day" && !r.label ? [i] : [])), [rows]);
  const activeDay = useRef(0);
  const rangeExtractor = useCallback(
    (range: VisibleRange) => {
      activeDay.current = dayIndexes.findLast((i) => i <= range.startIndex) ?? 0;
      return [...new Set([activeDay.current, ...defaultRangeExtractor(range)])].sort((a, b) => a - b);
    },
    [dayIndexes],
  );

  const [scroller, setScroller] = useState<HTMLElement | null>(null);
  // The list's element comes with the commit that mounts (or hydrates) it. Set urgently, React would render
  // the list again, and run every effect the page's hydration left waiting, in that commit's task (issue 33:
  // 60-140 ms at 4x slowdown on today's show detail); in a transition that comes after, in slices.
  const scrollerRef = useCallback(
    (element: HTMLElement | null) => startTransition(() => setScroller(element)),
    [],
  );
  const getItemKey = useCallback(
    (i: number) => {
      const row = rows[i];
      return row?.kind === "day" ? `day-${row.date}${row.label}` : `class-${row?.cls.id}`;
    },
    [rows],
  );
  // A row's height as the CSS draws it when its words fit one line (a heading 33 px; a class 49, or 60 with
  // its status line): the server's page places rows by these, so where they hold nothing moves on hydration.
  const estimateSize = useCallback(
    (i: number) => (rows[i]?.kind === "day" ? 33 : renderTime ? 60 : 49),
    [rows, renderTime],
  );
  const virtualizer = useVirtualRows({
    rangeExtractor,
    count: rows.length,
    scroller,
    estimateSize,
    getItemKey,
    overscan: 12,
  });

  // A class alert's link names a class: it is brought into view on arrival, by code loaded only then.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per class and list, never again on a search
  useEffect(() => {
    const index = rows.findIndex((r) => r.kind === "class" && r.cls.id === focusClassId);
    if (scroller && index >= 0) {
      void import("#client/features/shows/components/focus-class.ts").then((m) =>
        m.focusClass(scroller, index, estimateSize),
      );
    }
  }, [focusClassId, scroller]);

  // A new search starts at the top of its results.
  const searched = useRef(deferredQuery);
  useEffect(() => {
    if (searched.current === deferredQuery) return;
    searched.current = deferredQuery;
    scroller?.scrollTo({ top: 0 });
  }, [deferredQuery, scroller]);

  if (total === 0) return <EmptyState title={showTexts.noClasses} />;

  return (
    <div className="flex flex-col gap-3">
      <div className="relative">
        <Search aria-hidden className="search-icon" />
        <input
          type="search"
          aria-label={showTexts.searchLabel}
          placeholder={showTexts.searchClasses(total)}
          // Words typed into the server's HTML before the script ran stay in the field but not in the state
          // (hydration keeps the field's text): taken up here, the search runs and the next render keeps them.
          ref={(field) => {
            if (field && field.value !== query) setQuery(field.value);
          }}
          value={query}
          maxLength={100}
          onChange={(e) => setQuery(e.target.value)}
          className="search-field"
        />
      </div>
      <p aria-live="polite" data-query={deferredQuery} className="text-xs text-stone-600">
        {showTexts.classCount(shown, total)}
      </p>
      {shown === 0 ? (
        <EmptyState title={showTexts.noClassesMatch} />
      ) : (
        <section
          ref={scrollerRef}
          data-testid="class-list"
          aria-label={showTexts.classSchedule}
          // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable list must be reachable by keyboard (WCAG 2.1.1) when its rows are not buttons
          tabIndex={0}
          // From 640 px the spec's list capped at 32rem that scrolls itself; on a phone the page scrolls
          // as one, the list with it (ADR 036): use-virtual-rows.ts follows whichever scrolls.
          className="rounded-xl border border-stone-200 bg-white sm:max-h-[32rem] sm:overflow-y-auto"
        >
          <div className="relative w-full" style={{ height: virtualizer.totalSize }}>
            {virtualizer.items.map((item) => {
              const row = rows[item.index];
              if (!row) return null;
              const pinned = row.kind === "day" && item.index === activeDay.current;
              return (
                <div
                  key={item.key}
                  data-index={item.index}
                  ref={virtualizer.measureElement}
                  // Pinned under the app's bar (h-12 and its border) where the page scrolls.
                  className={
                    pinned ? "sticky top-[49px] z-10 w-full sm:top-0" : "absolute top-0 left-0 w-full"
                  }
                  style={pinned ? undefined : { transform: `translateY(${item.start}px)` }}
                >
                  {row.kind === "day" ? (
                    // A session's heading (label) sits one level under its day's.
                    <row.level className="day-heading">{row.label ?? formatDayHeading(row.date)}</row.level>
                  ) : (
                    <ClassRow
                      cls={row.cls}
                      onSelect={onSelectClass}
                      entryIcons={renderEntryIcons?.(row.cls)}
                      time={renderTime?.(row.cls)}
                      below={renderBelow?.(row.cls)}
                    />
                  )}
                </div>
              );
            })}
          </div>
        </section>
      )}
    </div>
  );
}
