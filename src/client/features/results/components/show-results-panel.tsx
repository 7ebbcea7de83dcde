import { Trophy } from "lucide-react";
import { Link } from "#client/app/routing.ts";
import { useShowResults } from "#client/features/results/api/get-show-results.ts";
import { buttonClass } from "#client/ui/button.tsx";
import type { ShowDetail } from "#domain/contracts/shows.ts";
import { resultsTexts } from "#domain/texts/results.ts";

const t = resultsTexts.show;

/**
 * Show detail's results (issue 22), loaded after the first screen: the way to the standings and, for the
 * show's stewards and admins, to post them. Each posted class's placings are under its row
 * (class-results.tsx).
 */
export function ShowResultsPanel({ show }: { show: Pick<ShowDetail, "id" | "classes"> }) {
  const results = useShowResults(show.id);
  if (!results.data) return null;
  const { classes, canPost } = results.data;
  if (classes.length === 0 && !canPost) return null;
  return (
    <section aria-labelledby="show-results" className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="show-results" className="text-base font-semibold text-brand-900">
          {t.title}
        </h2>
        <div className="flex gap-2">
          <Link to="/standings" className={buttonClass("ghost")}>
            {resultsTexts.horse.standingsLink}
          </Link>
          {canPost ? (
            <Link to={`/shows/${encodeURIComponent(show.id)}/results`} className={buttonClass("secondary")}>
              <Trophy aria-hidden className="size-4" />
              {t.post}
            </Link>
          ) : null}
        </div>
      </div>
      <p className="text-sm text-stone-600">{classes.length === 0 ? t.none : t.underClasses}</p>
    </section>
  );
}
