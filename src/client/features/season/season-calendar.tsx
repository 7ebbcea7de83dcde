import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { addDays, addMonths, format, isValid, parseISO } from "date-fns";
import { ChevronLeft, ChevronRight } from "lucide-react";
import { type KeyboardEvent, type PointerEvent, useEffect, useMemo, useRef } from "react";
import { useNavigate, useSearchParams } from "#client/app/routing.ts";
import { DayAgenda } from "#client/features/season/day-agenda.tsx";
import { MonthGrid } from "#client/features/season/month-grid.tsx";
import { layoutMonth } from "#client/features/season/month-layout.ts";
import { MonthStrip } from "#client/features/season/month-strip.tsx";
import { api } from "#client/lib/api.ts";
import { LoadError } from "#client/ui/alert.tsx";
import { Spinner } from "#client/ui/page.tsx";
import { useMediaQuery } from "#client/ui/use-media-query.ts";
import type { CalendarMonth } from "#domain/contracts/season.ts";
import { formatDayHeading } from "#domain/dates/show-dates.ts";
import { localDay } from "#domain/roster/roster-view.ts";
import { seasonTexts } from "#domain/texts/season.ts";

const t = seasonTexts.calendar;

/** A swipe this far sideways (px) pages the month. */
const SWIPE_PX = 60;

/** Where each key moves the chosen day: by day, by week, to the week's ends, by month. */
const KEY_STEPS: Record<string, (at: Date) => Date> = {
  ArrowLeft: (at) => addDays(at, -1),
  ArrowRight: (at) => addDays(at, 1),
  ArrowUp: (at) => addDays(at, -7),
  ArrowDown: (at) => addDays(at, 7),
  Home: (at) => addDays(at, -at.getDay()),
  End: (at) => addDays(at, 6 - at.getDay()),
  PageUp: (at) => addMonths(at, -1),
  PageDown: (at) => addMonths(at, 1),
};

const ymd = (day: Date) => format(day, "yyyy-MM-dd");
const monthOf = (value: string | null, fallback: string) =>
  value && /^\d{4}-(0[1-9]|1[0-2])$/.test(value) && isValid(parseISO(`${value}-01`)) ? value : fallback;

/**
 * The season's month calendar (issue 25), for the planner (its filters in `query`) and the roster
 * (`mine`: shows holding the viewer's entries). Wide: a month grid with each show a bar across its
 * days; phone: a strip of the month's days with dots above the chosen day's agenda. The month and the
 * chosen day are in the URL (`month`, `day`). An ARIA grid: arrow keys move by day, Page Up / Page Down
 * by month, each day cell announces its shows; Enter shows the day's agenda.
 */
export default function SeasonCalendar({
  query,
  mine = false,
  onOpen,
}: {
  query: string;
  mine?: boolean;
  /** Where a show's bar opens it; its page unless given (the planner's third column opens it there). */
  onOpen?: (showId: string) => void;
}) {
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const today = localDay(new Date());
  const month = monthOf(params.get("month"), today.slice(0, 7));
  const chosenParam = params.get("day");
  const chosen = chosenParam?.startsWith(month) && isValid(parseISO(chosenParam)) ? chosenParam : null;
  const wide = useMediaQuery("(min-width: 768px)");
  const data = useQuery({
    queryKey: ["calendar", query, month, mine],
    queryFn: () =>
      api<CalendarMonth>(`/api/calendar?${query}${query ? "&" : ""}month=${month}${mine ? "&mine=1" : ""}`),
    placeholderData: keepPreviousData,
  });
  const layout = useMemo(
    () => layoutMonth(month, data.data?.month === month ? data.data.shows : []),
    [month, data.data],
  );
  const selected = chosen ?? (today.startsWith(month) ? today : `${month}-01`);
  const grid = useRef<HTMLDivElement>(null);
  const moved = useRef(false);
  const agenda = useRef<HTMLHeadingElement>(null);

  const go = (next: { month?: string; day?: string | null }) => {
    const p = new URLSearchParams(params);
    p.set("month", next.month ?? month);
    if (next.day) p.set("day", next.day);
    else p.delete("day");
    setParams(p, { replace: true });
  };
  const page = (by: number) => go({ month: format(addMonths(parseISO(`${month}-01`), by), "yyyy-MM") });
  const moveTo = (day: string) => {
    moved.current = true;
    go({ month: day.slice(0, 7), day });
  };

  // Keyboard focus follows the chosen day, also across months.
  useEffect(() => {
    if (!moved.current) return;
    moved.current = false;
    grid.current?.querySelector<HTMLElement>(`[data-day="${selected}"]`)?.focus();
  }, [selected]);

  const onKey = (event: KeyboardEvent) => {
    const next = KEY_STEPS[event.key];
    if (next) {
      event.preventDefault();
      moveTo(ymd(next(parseISO(selected))));
    } else if (event.key === "Enter" || event.key === " ") {
      event.preventDefault();
      agenda.current?.focus();
    }
  };

  const swipe = useRef<{ x: number; y: number } | null>(null);
  const onPointerDown = (e: PointerEvent) => {
    swipe.current = e.pointerType === "mouse" ? null : { x: e.clientX, y: e.clientY };
  };
  const onPointerUp = (e: PointerEvent) => {
    const start = swipe.current;
    swipe.current = null;
    if (!start) return;
    const dx = e.clientX - start.x;
    if (Math.abs(dx) > SWIPE_PX && Math.abs(dx) > 2 * Math.abs(e.clientY - start.y)) page(dx < 0 ? 1 : -1);
  };

  const monthName = format(parseISO(`${month}-01`), "MMMM yyyy");
  const cellProps = (day: string) => {
    const shows = layout.byDay.get(day) ?? [];
    return {
      role: "gridcell",
      "data-day": day,
      tabIndex: day === selected ? 0 : -1,
      "aria-selected": day === selected,
      "aria-current": day === today ? ("date" as const) : undefined,
      "aria-label": t.day(formatDayHeading(day), shows, day === today),
      onClick: () => go({ day }),
    };
  };

  return (
    <section aria-label={t.label(monthName)} className="flex flex-col gap-3" data-testid="season-calendar">
      <div className="flex items-center justify-between gap-2">
        <button type="button" onClick={() => page(-1)} className={navButton} aria-label={t.previous}>
          <ChevronLeft aria-hidden className="size-5" />
        </button>
        <h2 aria-live="polite" className="text-lg font-semibold text-brand-900" data-testid="calendar-month">
          {monthName}
        </h2>
        <button type="button" onClick={() => page(1)} className={navButton} aria-label={t.next}>
          <ChevronRight aria-hidden className="size-5" />
        </button>
      </div>
      {data.isError && !data.data ? (
        <LoadError message={`${t.loadFailed} ${data.error.message}`} onRetry={() => void data.refetch()} />
      ) : data.isPending ? (
        <Spinner label={t.label(monthName)} />
      ) : (
        <>
          {data.data.truncated ? <p className="text-sm text-amber-900">{t.truncated}</p> : null}
          {/* biome-ignore lint/a11y/useSemanticElements: an ARIA grid of days, not a data table */}
          <div
            ref={grid}
            role="grid"
            aria-label={monthName}
            aria-describedby="calendar-keys"
            aria-busy={data.isPlaceholderData}
            onKeyDown={onKey}
            onPointerDown={onPointerDown}
            onPointerUp={onPointerUp}
            className={`touch-pan-y select-none ${data.isPlaceholderData ? "opacity-60" : ""}`}
          >
            {wide ? (
              <MonthGrid
                layout={layout}
                today={today}
                selected={selected}
                cellProps={cellProps}
                onOpen={onOpen ?? ((id) => navigate(`/shows/${encodeURIComponent(id)}`))}
                onMore={(day) => {
                  go({ day });
                  requestAnimationFrame(() => agenda.current?.focus());
                }}
              />
            ) : (
              <MonthStrip layout={layout} today={today} selected={selected} cellProps={cellProps} />
            )}
          </div>
          <p id="calendar-keys" className="sr-only">
            {t.keyboardHint}
          </p>
          <DayAgenda day={selected} shows={layout.byDay.get(selected) ?? []} heading={agenda} />
        </>
      )}
    </section>
  );
}

const navButton =
  "inline-flex size-11 items-center justify-center rounded-lg border border-stone-300 bg-white text-brand-800 hover:bg-brand-50";
