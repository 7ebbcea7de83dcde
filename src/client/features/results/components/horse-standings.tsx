import { Link } from "#client/app/routing.ts";
import { useHorseResults } from "#client/features/results/api/get-horse-results.ts";
import { resultsTexts } from "#domain/texts/results.ts";

const t = resultsTexts.horse;

/** Horse detail's standings lines ("3rd of 41 in Lite Shod, 42 pts"), newest year first (issue 22). */
export function HorseStandings({ horseId }: { horseId: string }) {
  const results = useHorseResults(horseId);
  const standings = results.data?.standings ?? [];
  if (standings.length === 0) return null;
  const latest = standings[0]?.year;
  return (
    <section aria-labelledby="horse-standings" className="rounded-xl border border-stone-200 bg-white p-4">
      <div className="flex items-center justify-between gap-2">
        <h2 id="horse-standings" className="text-base font-semibold text-brand-900">
          {t.standingsTitle}
        </h2>
        <Link
          to="/standings"
          className="inline-flex min-h-11 items-center text-sm font-semibold text-brand-700"
        >
          {t.standingsLink}
        </Link>
      </div>
      <ul className="mt-1 flex flex-col gap-1 text-sm text-stone-800">
        {standings
          .filter((s) => s.year === latest)
          .map((s) => (
            <li key={`${s.year}-${s.org}-${s.division}`}>
              {resultsTexts.standingLine(s.rank, s.of, s.division, s.points)}
              <span className="text-stone-600"> · {t.yearOrg(s.year, s.org)}</span>
            </li>
          ))}
      </ul>
    </section>
  );
}
