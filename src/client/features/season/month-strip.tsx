import { parseISO } from "date-fns";
import { useEffect, useRef } from "react";
import type { CellProps } from "#client/features/season/month-grid.tsx";
import type { MonthLayout } from "#client/features/season/month-layout.ts";
import { seasonTexts } from "#domain/texts/season.ts";

const t = seasonTexts.calendar;

/** The month as a strip of days (phones), with dots for the chosen day's shows. */
export function MonthStrip({
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
