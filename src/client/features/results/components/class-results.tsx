import { useShowResults } from "#client/features/results/api/get-show-results.ts";
import { placingLabel } from "#domain/results/placing.ts";
import { resultsTexts } from "#domain/texts/results.ts";

const t = resultsTexts.show;

/**
 * A posted class's placings under its row of show detail's schedule (issue 22), loaded after the first
 * screen. Every row asks the same query, so the show's results are fetched once; a class without
 * posted results shows nothing.
 */
export default function ClassResults({
  showId,
  classId,
  number,
}: {
  showId: string;
  classId: string;
  number: string;
}) {
  const posted = useShowResults(showId).data?.classes.find((c) => c.classId === classId);
  if (!posted) return null;
  return (
    <div className="flex flex-wrap items-start gap-2 pr-3 pb-2 pl-[4.5rem] text-xs text-stone-700">
      <ol aria-label={t.classResults(number)} className="flex min-w-0 flex-1 flex-col gap-0.5">
        {posted.placings.map((p) => (
          <li key={p.id}>
            {t.line(
              p.placing === null ? resultsTexts.shown : placingLabel(String(p.placing)),
              p.horse,
              p.rider,
              p.owner,
            )}
          </li>
        ))}
      </ol>
      {posted.correctedAt ? (
        <span className="rounded-full bg-amber-100 px-2 py-0.5 font-semibold text-amber-900">
          {resultsTexts.correctedMark}
        </span>
      ) : null}
    </div>
  );
}
