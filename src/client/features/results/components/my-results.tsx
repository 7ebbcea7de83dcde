import { Award } from "lucide-react";
import { useDeferredValue } from "react";
import { Link } from "#client/app/routing.ts";
import { useMyResults } from "#client/features/results/api/get-my-results.ts";
import type { MyResults as Mine } from "#domain/contracts/results.ts";
import { formatLongDate } from "#domain/dates/show-dates.ts";
import { placingLabel } from "#domain/results/placing.ts";
import { resultsTexts } from "#domain/texts/results.ts";

const t = resultsTexts.roster;

/** The roster's past shows (issue 22): the newest posted placings of the viewer's horses. */
export function MyResults() {
  // The rows render in a transition, in slices, not in the task the answer arrives in: a query's update is
  // synchronous (issue 33: 40-60 ms at 4x slowdown on the roster after its first screen).
  const rows = useDeferredValue(useMyResults().data)?.results ?? [];
  if (rows.length === 0) return null;
  return (
    <section aria-labelledby="my-results" className="mt-6 flex flex-col gap-3">
      <h2 id="my-results" className="text-lg font-semibold text-brand-900">
        {t.title}
      </h2>
      <ul className="flex flex-col gap-2">
        {rows.map((r) => (
          <ResultRow key={r.id} result={r} />
        ))}
      </ul>
    </section>
  );
}

/** One placing: a component of its own, so React may yield between rows as it renders a long list. */
function ResultRow({ result: r }: { result: Mine["results"][number] }) {
  return (
    <li className="rounded-xl border border-stone-200 bg-white p-3 text-sm">
      <p className="flex items-center gap-1.5 font-semibold text-stone-900">
        <Award aria-hidden className="size-4 text-gold-600" />
        {t.line(r.placing === null ? resultsTexts.shown : placingLabel(String(r.placing)), r.horseName)}
        {r.corrected ? (
          <span className="rounded-full bg-amber-100 px-2 py-0.5 text-xs text-amber-900">
            {resultsTexts.correctedMark}
          </span>
        ) : null}
      </p>
      <p className="text-stone-700">{t.where(r.classNumber, r.className)}</p>
      {/* The date beside the show where it fits, else on its own line: never a line that starts with its separator. */}
      <p className="flex flex-wrap items-center gap-x-3 text-stone-600">
        <Link
          to={`/shows/${encodeURIComponent(r.showId)}`}
          className="inline-flex min-h-11 items-center font-medium text-brand-700 underline-offset-2 hover:underline"
        >
          {r.showName}
        </Link>
        <span className="whitespace-nowrap">{formatLongDate(r.showDate)}</span>
      </p>
    </li>
  );
}
