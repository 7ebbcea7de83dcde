import { CalendarDays, Gavel, Landmark } from "lucide-react";
import { LoadBoundary } from "#client/app/load-boundary.tsx";
import { retryingLazy } from "#client/lib/retrying-lazy.ts";
import type { ShowSummary } from "#domain/contracts/shows.ts";
import { formatShowDates } from "#domain/dates/show-dates.ts";
import { texts } from "#domain/texts/shell.ts";
import { showTexts } from "#domain/texts/show.ts";

// Only a few shows are predictions: the badge (and its icon) load when one is shown. It sits beside the
// heading, no taller than it, so its arrival moves nothing.
const AiPredictionBadge = retryingLazy(() =>
  import("#client/ui/ai-prediction-badge.tsx").then((m) => ({ default: m.AiPredictionBadge })),
);

/** Dates, judges, sanctioning org when present, and the AI Prediction badge when flagged. */
export function ShowDetailsCard({ show }: { show: ShowSummary }) {
  const rows = [
    [CalendarDays, showTexts.dates, formatShowDates(show.startDate, show.endDate)],
    [Gavel, showTexts.judges, show.judges.length > 0 ? show.judges.join(", ") : texts.common.noJudges],
    [Landmark, showTexts.sanctioningOrg, show.sanctioningOrg],
  ] as const;
  return (
    <section aria-labelledby="show-details" className="details-card">
      <div className="mb-2 flex items-center justify-between gap-2 sm:mb-3">
        <h2 id="show-details" className="text-base font-semibold text-brand-900">
          {showTexts.details}
        </h2>
        {show.isAiPrediction ? (
          <LoadBoundary fallback={null}>
            <AiPredictionBadge />
          </LoadBoundary>
        ) : null}
      </div>
      {/* Compact on a phone (issue 24): one line a fact, so the class schedule shows on arrival. */}
      <dl className="details-list">
        {rows.map(([Icon, term, value]) =>
          value ? (
            <div key={term} className="flex items-start gap-2 sm:contents">
              <dt className="flex items-center gap-1.5 font-medium text-stone-600">
                <Icon aria-hidden className="size-4" />
                {term}
              </dt>
              <dd className="text-stone-900">{value}</dd>
            </div>
          ) : null,
        )}
      </dl>
    </section>
  );
}
