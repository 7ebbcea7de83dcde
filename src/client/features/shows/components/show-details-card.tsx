import { CalendarDays, Gavel, Landmark } from "lucide-react";
import { formatShowDates } from "#client/lib/show-dates.ts";
import { AiPredictionBadge } from "#client/ui/ai-prediction-badge.tsx";
import type { ShowSummary } from "#domain/contracts/shows.ts";
import { texts } from "#domain/texts.ts";

/** Dates, judges, sanctioning org when present, and the AI Prediction badge when flagged. */
export function ShowDetailsCard({ show }: { show: ShowSummary }) {
  return (
    <section
      aria-labelledby="show-details"
      className="rounded-xl border border-stone-200 bg-white p-4 shadow-sm"
    >
      <div className="mb-3 flex items-center justify-between gap-2">
        <h2 id="show-details" className="text-base font-semibold text-brand-900">
          {texts.show.details}
        </h2>
        {show.isAiPrediction ? <AiPredictionBadge /> : null}
      </div>
      <dl className="grid gap-3 text-sm sm:grid-cols-[auto_1fr] sm:gap-x-6">
        <div className="flex items-start gap-2 sm:contents">
          <dt className="flex items-center gap-1.5 font-medium text-stone-600">
            <CalendarDays aria-hidden className="size-4" />
            {texts.show.dates}
          </dt>
          <dd className="text-stone-900">{formatShowDates(show.startDate, show.endDate)}</dd>
        </div>
        <div className="flex items-start gap-2 sm:contents">
          <dt className="flex items-center gap-1.5 font-medium text-stone-600">
            <Gavel aria-hidden className="size-4" />
            {texts.show.judges}
          </dt>
          <dd className="text-stone-900">
            {show.judges.length > 0 ? show.judges.join(", ") : texts.planner.noJudges}
          </dd>
        </div>
        {show.sanctioningOrg ? (
          <div className="flex items-start gap-2 sm:contents">
            <dt className="flex items-center gap-1.5 font-medium text-stone-600">
              <Landmark aria-hidden className="size-4" />
              {texts.show.sanctioningOrg}
            </dt>
            <dd className="text-stone-900">{show.sanctioningOrg}</dd>
          </div>
        ) : null}
      </dl>
    </section>
  );
}
