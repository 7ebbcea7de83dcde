import { ChevronRight } from "lucide-react";
import type { RecommendedClass } from "#domain/contracts/recommendations.ts";
import { formatDayHeading } from "#domain/dates/show-dates.ts";
import { recommendationsTexts } from "#domain/texts/recommendations.ts";

/** Recommended classes: number, name, day and reason; with `onSelect` each one is a button. */
export function RecommendationList({
  items,
  onSelect,
}: {
  items: readonly RecommendedClass[];
  onSelect?: (item: RecommendedClass) => void;
}) {
  return (
    <ul className="flex flex-col gap-2">
      {items.map((item) => {
        const body = (
          <>
            <span className="flex items-baseline gap-2">
              <span className="shrink-0 font-mono text-xs font-semibold text-brand-700 tabular-nums">
                {recommendationsTexts.classNumber(item.number)}
              </span>
              <span className="text-xs text-stone-600">{formatDayHeading(item.date)}</span>
            </span>
            <span className="mt-0.5 block text-sm leading-snug font-semibold text-stone-900">
              {item.className}
            </span>
            <span className="mt-1 block text-sm leading-snug text-stone-700">{item.reason}</span>
          </>
        );
        return (
          <li key={item.classId}>
            {onSelect ? (
              <button
                type="button"
                onClick={() => onSelect(item)}
                className="flex w-full items-center gap-2 rounded-xl border border-stone-200 bg-white p-3 text-left hover:border-brand-300 hover:bg-brand-50"
              >
                <span className="min-w-0 flex-1">{body}</span>
                <ChevronRight aria-hidden className="size-5 shrink-0 text-stone-400" />
              </button>
            ) : (
              <div className="rounded-xl border border-stone-200 bg-white p-3">{body}</div>
            )}
          </li>
        );
      })}
    </ul>
  );
}
