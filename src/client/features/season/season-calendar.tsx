import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { addDays, addMonths, format, isValid, parseISO } from "date-fns";
import { ChevronLeft, ChevronRight } from "lucide-react";
import { type KeyboardEvent, type PointerEvent, useEffect, useMemo, useRef, useState } from "react";
import { Link, useNavigate, useSearchParams } from "#client/app/routing.ts";
import { layoutMonth, type MonthLayout } from "#client/features/season/month-layout.ts";
import { api } from "#client/lib/api.ts";
import { LoadError } from "#client/ui/alert.tsx";
import { Spinner } from "#client/ui/page.tsx";
import type { CalendarMonth, CalendarShow } from "#domain/contracts/season.ts";
import { formatDayHeading, formatShowDates } from "#domain/dates/show-dates.ts";
import { localDay } from "#domain/roster/roster-view.ts";
import { seasonTexts } from "#domain/texts/season.ts";

const t = seasonTexts.calendar;

/** Show bars a day cell holds before "+N more". */
export const VISIBLE_LANES = 3;
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

function useWide(): boolean {
  const query = "(min-width: 768px)";
  const [wide, setWide] = useState(() => window.matchMedia?.(query).matches ?? true);
  useEffect(() => {
    const list = window.matchMedia?.(query);
    if (!list) return;
    const change = () => setWide(list.matches);
    list.addEventListener("change", change);
    return () => list.removeEventListener("change", change);
  }, []);
  return wide;
}

/**
 * The season's month calendar (issue 25), for the planner (its filters in `query`) and the roster
 * (`mine`: shows holding the viewer's entries). Wide: a month grid with each show a bar across its
 * days; phone: a strip of the month's days with dots above the chosen day's agenda. The month and the
 * chosen day are in the URL (`month`, `day`). An ARIA grid: arrow keys move by day, Page Up / Page Down
 * by month, each day cell announces its shows; Enter shows the day's agenda.
 */
export default function SeasonCalendar({ query, mine = false }: { query: string; mine?: boolean }) {
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const today = localDay(new Date());
  const month = monthOf(params.get("month"), today.slice(0, 7));
  const chosenParam = params.get("day");
  const chosen = chosenParam?.startsWith(month) && isValid(parseISO(chosenParam)) ? chosenParam : null;
  const wide = useWide();
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
                onOpen={(id) => navigate(`/shows/${encodeURIComponent(id)}`)}
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

type CellProps = (day: string) => Record<string, unknown>;

function MonthGrid({
  layout,
  today,
  selected,
  cellProps,
  onOpen,
  onMore,
}: {
  layout: MonthLayout;
  today: string;
  selected: string;
  cellProps: CellProps;
  onOpen: (showId: string) => void;
  onMore: (day: string) => void;
}) {
  return (
    <div className="overflow-hidden rounded-xl border border-stone-200 bg-white">
      {/* biome-ignore lint/a11y/useFocusableInteractive: a header row of the grid */}
      {/* biome-ignore lint/a11y/useSemanticElements: an ARIA grid row */}
      <div role="row" className="grid grid-cols-7 border-b border-stone-200 bg-stone-50">
        {t.weekdays.map((name) => (
          // biome-ignore lint/a11y/useSemanticElements: an ARIA grid header
          // biome-ignore lint/a11y/useFocusableInteractive: a column header
          <div
            key={name}
            role="columnheader"
            aria-label={name}
            className="py-1.5 text-center text-xs font-bold text-stone-600"
          >
            {name.slice(0, 3)}
          </div>
        ))}
      </div>
      {layout.weeks.map((week) => {
        const lanes = Math.min(VISIBLE_LANES, Math.max(0, ...week.bars.map((b) => b.lane + 1)));
        return (
          // biome-ignore lint/a11y/useSemanticElements: an ARIA grid row
          // biome-ignore lint/a11y/useFocusableInteractive: a row of focusable cells
          <div
            key={week.days.find(Boolean)}
            role="row"
            className="relative grid grid-cols-7 border-b border-stone-100 last:border-b-0"
            style={{ gridTemplateRows: `2rem repeat(${lanes}, 1.75rem) 1.75rem` }}
          >
            {week.days.map((day, col) =>
              day ? (
                <div
                  key={day}
                  {...cellProps(day)}
                  className={`relative border-r border-stone-100 p-1 text-right text-xs last:border-r-0 hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-offset-[-2px] focus-visible:outline-brand-600 ${day === selected ? "bg-brand-50" : ""}`}
                  style={{ gridColumn: col + 1, gridRow: `1 / span ${lanes + 2}` }}
                >
                  <span
                    aria-hidden
                    className={`inline-flex size-6 items-center justify-center rounded-full font-semibold ${day === today ? "bg-brand-700 text-white" : "text-stone-700"}`}
                  >
                    {Number(day.slice(8))}
                  </span>
                </div>
              ) : (
                // biome-ignore lint/a11y/useFocusableInteractive: a day of another month, empty
                // biome-ignore lint/a11y/useSemanticElements: an ARIA grid cell
                <div
                  // biome-ignore lint/suspicious/noArrayIndexKey: the blank's weekday is its identity
                  key={`blank-${col}`}
                  role="gridcell"
                  className="bg-stone-50"
                  style={{ gridColumn: col + 1, gridRow: `1 / span ${lanes + 2}` }}
                />
              ),
            )}
            {week.bars
              .filter((b) => b.lane < VISIBLE_LANES)
              .map((b) => (
                <button
                  key={b.show.id}
                  type="button"
                  tabIndex={-1}
                  aria-hidden
                  data-testid="calendar-bar"
                  title={b.show.name}
                  onClick={() => onOpen(b.show.id)}
                  className={`z-10 mx-0.5 my-0.5 truncate rounded px-1.5 text-left text-xs font-semibold ${b.show.mine ? "bg-brand-700 text-white" : "border border-brand-200 bg-brand-100 text-brand-900"}`}
                  style={{ gridColumn: `${b.col + 1} / span ${b.span}`, gridRow: b.lane + 2 }}
                >
                  {b.show.mine ? "★ " : ""}
                  {b.show.name}
                </button>
              ))}
            {week.days.map((day, col) => {
              if (!day) return null;
              const hidden = (layout.byDay.get(day)?.length ?? 0) - visibleOn(week.bars, col);
              if (hidden <= 0) return null;
              return (
                <button
                  key={`more-${day}`}
                  type="button"
                  tabIndex={-1}
                  aria-hidden
                  data-testid="calendar-more"
                  onClick={() => onMore(day)}
                  className="z-10 mx-0.5 truncate rounded px-1 text-left text-xs font-semibold text-brand-800 hover:underline"
                  style={{ gridColumn: col + 1, gridRow: lanes + 2 }}
                >
                  {t.more(hidden)}
                </button>
              );
            })}
          </div>
        );
      })}
    </div>
  );
}

const visibleOn = (bars: MonthLayout["weeks"][number]["bars"], col: number) =>
  bars.filter((b) => b.lane < VISIBLE_LANES && b.col <= col && col < b.col + b.span).length;

function MonthStrip({
  layout,
  today,
  selected,
  cellProps,
}: {
  layout: MonthLayout;
  today: string;
  selected: string;
  cellProps: CellProps;
}) {
  const strip = useRef<HTMLDivElement>(null);
  useEffect(() => {
    strip.current
      ?.querySelector<HTMLElement>(`[data-day="${selected}"]`)
      ?.scrollIntoView({ block: "nearest", inline: "center" });
  }, [selected]);
  return (
    // biome-ignore lint/a11y/useSemanticElements: an ARIA grid row
    // biome-ignore lint/a11y/useFocusableInteractive: a row of focusable cells
    <div ref={strip} role="row" className="flex gap-1 overflow-x-auto pb-1">
      {layout.days.map((day) => {
        const shows = layout.byDay.get(day) ?? [];
        const isSelected = day === selected;
        return (
          <div
            key={day}
            {...cellProps(day)}
            className={`flex w-11 shrink-0 flex-col items-center gap-0.5 rounded-lg border py-1.5 text-xs focus-visible:outline-2 focus-visible:outline-brand-600 ${isSelected ? "border-brand-700 bg-brand-700 text-white" : "border-stone-200 bg-white text-stone-800"} ${day === today && !isSelected ? "ring-2 ring-brand-600" : ""}`}
          >
            <span aria-hidden className="font-medium">
              {t.weekdays[parseISO(day).getDay()]!.slice(0, 2)}
            </span>
            <span aria-hidden className="text-base font-bold">
              {Number(day.slice(8))}
            </span>
            <span aria-hidden className="flex h-2 gap-0.5">
              {shows.slice(0, 3).map((s) => (
                <span
                  key={s.id}
                  className={`size-1.5 rounded-full ${s.mine ? (isSelected ? "bg-amber-300" : "bg-amber-600") : isSelected ? "bg-white" : "bg-brand-500"}`}
                />
              ))}
            </span>
          </div>
        );
      })}
    </div>
  );
}

function DayAgenda({
  day,
  shows,
  heading,
}: {
  day: string;
  shows: readonly CalendarShow[];
  heading: React.RefObject<HTMLHeadingElement | null>;
}) {
  return (
    <section aria-labelledby="calendar-day" data-testid="calendar-agenda" className="flex flex-col gap-2">
      <h3
        id="calendar-day"
        ref={heading}
        tabIndex={-1}
        className="text-base font-semibold text-brand-900 focus-visible:outline-2 focus-visible:outline-brand-600"
      >
        {formatDayHeading(day)}
      </h3>
      {shows.length === 0 ? (
        <p className="text-sm text-stone-600">{t.noShows}</p>
      ) : (
        <ul className="flex flex-col gap-2">
          {shows.map((show) => (
            <li key={show.id}>
              <Link
                to={`/shows/${encodeURIComponent(show.id)}`}
                className="flex min-h-11 flex-col rounded-lg border border-stone-200 bg-white px-3 py-2 hover:bg-brand-50"
              >
                <span className="font-semibold break-words text-brand-800">{show.name}</span>
                <span className="text-sm break-words text-stone-600">
                  {formatShowDates(show.startDate, show.endDate)} · {show.location}
                </span>
                {show.mine ? (
                  <span className="mt-1 self-start rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900">
                    ★ {t.mine}
                  </span>
                ) : null}
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
