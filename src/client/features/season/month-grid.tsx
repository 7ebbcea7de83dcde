import type { MonthLayout } from "#client/features/season/month-layout.ts";
import { seasonTexts } from "#domain/texts/season.ts";

const t = seasonTexts.calendar;

/** Show bars a day cell holds before "+N more". */
export const VISIBLE_LANES = 3;

/** What a day cell of the calendar carries: its role, focus, selection and click (the calendar's own). */
export type CellProps = (day: string) => Record<string, unknown>;

/** The month as a grid of weeks (wide screens): each show a bar across its days, "+N more" past three. */
export function MonthGrid({
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
