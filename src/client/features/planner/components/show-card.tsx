import { useQueryClient } from "@tanstack/react-query";
import { CalendarDays, Gavel, MapPin } from "lucide-react";
import { forwardRef } from "react";
import { Link } from "#client/app/routing.ts";
import { showQueryOptions } from "#client/features/shows/api/get-show.ts";
import { AiPredictionBadge } from "#client/ui/ai-prediction-badge.tsx";
import type { ShowSummary } from "#domain/contracts/shows.ts";
import { formatShowDates } from "#domain/dates/show-dates.ts";
import { plannerTexts } from "#domain/texts/planner.ts";
import { texts } from "#domain/texts/shell.ts";

/** A planner card: name, location, sanctioning org, AI Prediction badge, dates and judges; opens the show. */
export const ShowCard = forwardRef<HTMLAnchorElement, { show: ShowSummary; highlighted: boolean }>(
  function ShowCard({ show, highlighted }, ref) {
    const queryClient = useQueryClient();
    // Start loading the show (up to 600 classes) as soon as the user shows intent, not after the tap.
    const prefetch = () => {
      void import("#client/features/shows/show-detail-screen.tsx");
      void queryClient.prefetchQuery(showQueryOptions(show.id));
    };
    return (
      <Link
        ref={ref}
        to={`/shows/${show.id}`}
        onPointerDown={prefetch}
        onPointerEnter={prefetch}
        onFocus={prefetch}
        id={`show-${show.id}`}
        data-highlighted={highlighted ? "true" : undefined}
        className={`block scroll-mt-20 rounded-xl border bg-white p-4 shadow-sm transition-shadow duration-300 hover:border-brand-200 hover:shadow-md ${
          highlighted ? "border-gold-500 ring-4 ring-gold-400" : "border-stone-200"
        }`}
      >
        <div className="flex items-start justify-between gap-3">
          <h2 className="text-base leading-snug font-semibold text-brand-900">{show.name}</h2>
          <div className="flex shrink-0 flex-col items-end gap-1">
            {show.sanctioningOrg ? (
              <span className="rounded-md bg-brand-800 px-2 py-0.5 text-xs font-bold tracking-wide text-white">
                {show.sanctioningOrg}
              </span>
            ) : null}
            {show.isAiPrediction ? <AiPredictionBadge /> : null}
          </div>
        </div>
        <p className="mt-1 flex items-center gap-1.5 text-sm text-stone-600">
          <MapPin aria-hidden className="size-4 shrink-0" />
          {show.location}
        </p>
        <p className="mt-2 flex items-center gap-1.5 text-sm font-medium text-stone-800">
          <CalendarDays aria-hidden className="size-4 shrink-0 text-brand-600" />
          {formatShowDates(show.startDate, show.endDate)}
        </p>
        <p className="mt-1 flex items-start gap-1.5 text-sm text-stone-600">
          <Gavel aria-hidden className="mt-0.5 size-4 shrink-0" />
          {show.judges.length > 0 ? plannerTexts.judgesLine(show.judges.join(", ")) : texts.common.noJudges}
        </p>
      </Link>
    );
  },
);
