import { Trophy } from "lucide-react";
import { Link } from "#client/app/routing.ts";
import { useShowResults } from "#client/features/results/api/get-show-results.ts";
import { buttonClass } from "#client/ui/button.tsx";
import type { ShowDetail } from "#domain/contracts/shows.ts";
import { placingLabel } from "#domain/placing.ts";
import { resultsTexts } from "#domain/texts-results.ts";

const t = resultsTexts.show;

/**
 * Show detail's results (issue 22), loaded after the first screen: each posted class with its placings,
 * and the way to post them for the show's stewards and admins.
 */
export function ShowResultsPanel({ show }: { show: Pick<ShowDetail, "id" | "classes"> }) {
  const results = useShowResults(show.id);
  if (!results.data) return null;
  const { classes, canPost } = results.data;
  if (classes.length === 0 && !canPost) return null;
  const byId = new Map(show.classes.map((c) => [c.id, c]));
  const posted = [...classes].sort(
    (a, b) =>
      show.classes.indexOf(byId.get(a.classId) as never) - show.classes.indexOf(byId.get(b.classId) as never),
  );
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
      {posted.length === 0 ? <p className="text-sm text-stone-600">{t.none}</p> : null}
      {posted.map((c) => {
        const cls = byId.get(c.classId);
        return (
          <article
            key={c.classId}
            id={`results-${c.classId}`}
            className="rounded-xl border border-stone-200 bg-white p-4"
          >
            <h3 className="font-semibold text-stone-900">
              {cls ? t.classHeading(cls.number, cls.name) : c.classId}
              {c.correctedAt ? (
                <span className="ml-2 rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900">
                  {resultsTexts.correctedMark}
                </span>
              ) : null}
            </h3>
            <ol className="mt-2 flex flex-col gap-1 text-sm text-stone-800">
              {c.placings.map((p) => (
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
          </article>
        );
      })}
    </section>
  );
}
