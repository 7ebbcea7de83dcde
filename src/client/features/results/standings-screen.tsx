import { Download } from "lucide-react";
import { useId } from "react";
import { Link, useSearchParams } from "#client/app/routing.ts";
import { standingsPath, useStandings } from "#client/features/results/api/get-standings.ts";
import { LoadError } from "#client/ui/alert.tsx";
import { buttonClass } from "#client/ui/button.tsx";
import { EmptyState, PageHeader, Spinner } from "#client/ui/page.tsx";
import { RESULT_LIMITS, type Standings } from "#domain/contracts/results.ts";
import { divisionName } from "#domain/shows/divisions.ts";
import { resultsTexts } from "#domain/texts/results.ts";

const t = resultsTexts.standings;
const FILTERS = ["year", "org", "division", "mine", "page"] as const;

/** The Standings screen (issue 22): a year, organisation and division's high-point table. */
export default function StandingsScreen() {
  const [params, setParams] = useSearchParams();
  const query = new URLSearchParams(
    FILTERS.flatMap((k) => {
      const v = params.get(k);
      return v === null ? [] : [[k, v]];
    }),
  ).toString();
  const standings = useStandings(query);
  const set = (changes: Record<string, string | null>) => {
    const next = new URLSearchParams(query);
    for (const [k, v] of Object.entries(changes)) {
      if (v === null || v === "") next.delete(k);
      else next.set(k, v);
    }
    if (!("page" in changes)) next.delete("page");
    setParams(next, { replace: true });
  };
  return (
    <div className="flex flex-col gap-4">
      <PageHeader title={t.title} subtitle={t.subtitle} />
      {standings.isPending ? (
        <Spinner label={t.title} />
      ) : standings.isError ? (
        <LoadError
          message={`${t.loadFailed} ${standings.error.message}`}
          onRetry={() => void standings.refetch()}
        />
      ) : (
        <StandingsView data={standings.data} query={query} onChange={set} />
      )}
    </div>
  );
}

function StandingsView({
  data,
  query,
  onChange,
}: {
  data: Standings;
  query: string;
  onChange: (changes: Record<string, string | null>) => void;
}) {
  const ids = useId();
  const mine = new URLSearchParams(query).get("mine") === "1";
  const years = [...new Set(data.groups.map((g) => g.year))];
  const orgs = [...new Set(data.groups.filter((g) => g.year === data.year).map((g) => g.org))];
  const divisions = data.groups
    .filter((g) => g.year === data.year && g.org === data.org)
    .map((g) => g.division);
  const pages = Math.max(1, Math.ceil(data.total / RESULT_LIMITS.standingsPage));
  const select = "min-h-11 w-full rounded-lg border border-stone-300 bg-white px-3 text-sm";
  if (data.year === null) return <EmptyState title={t.empty} />;
  const csvQuery = new URLSearchParams({
    year: String(data.year),
    org: data.org,
    division: data.division,
    ...(mine ? { mine: "1" } : {}),
  }).toString();
  return (
    <>
      <div className="grid grid-cols-1 gap-3 rounded-xl border border-stone-200 bg-white p-4 sm:grid-cols-3">
        <div className="flex flex-col gap-1">
          <label htmlFor={`${ids}-year`} className="text-sm font-semibold text-stone-800">
            {t.year}
          </label>
          <select
            id={`${ids}-year`}
            className={select}
            value={data.year}
            onChange={(e) => onChange({ year: e.target.value, org: null, division: null })}
          >
            {years.map((y) => (
              <option key={y} value={y}>
                {y}
              </option>
            ))}
          </select>
        </div>
        <div className="flex flex-col gap-1">
          <label htmlFor={`${ids}-org`} className="text-sm font-semibold text-stone-800">
            {t.org}
          </label>
          <select
            id={`${ids}-org`}
            className={select}
            value={data.org}
            onChange={(e) => onChange({ org: e.target.value, division: null })}
          >
            {orgs.map((o) => (
              <option key={o} value={o}>
                {o || t.noOrg}
              </option>
            ))}
          </select>
        </div>
        <div className="flex flex-col gap-1">
          <label htmlFor={`${ids}-division`} className="text-sm font-semibold text-stone-800">
            {t.division}
          </label>
          <select
            id={`${ids}-division`}
            className={select}
            value={data.division}
            onChange={(e) => onChange({ division: e.target.value })}
          >
            {divisions.map((d) => (
              <option key={d} value={d}>
                {divisionName(d)}
              </option>
            ))}
          </select>
        </div>
        <label className="flex min-h-11 items-center gap-2 text-sm text-stone-800 sm:col-span-2">
          <input
            type="checkbox"
            className="size-4"
            checked={mine}
            onChange={(e) => onChange({ mine: e.target.checked ? "1" : null })}
          />
          {t.mineOnly}
        </label>
        <a
          href={standingsPath(csvQuery, true)}
          download
          className={buttonClass("secondary", "justify-self-start")}
        >
          <Download aria-hidden className="size-4" />
          {t.csv}
        </a>
      </div>
      {data.rows.length === 0 ? (
        <EmptyState title={mine ? t.emptyMine : t.empty} />
      ) : (
        <div className="overflow-x-auto rounded-xl border border-stone-200 bg-white">
          <table className="w-full text-left text-sm">
            <caption className="px-3 pt-3 text-left font-semibold text-brand-900">
              {t.caption(divisionName(data.division), data.year)}
            </caption>
            <thead>
              <tr className="border-b border-stone-200 text-stone-700">
                <th scope="col" className="px-3 py-2">
                  {t.columns.rank}
                </th>
                <th scope="col" className="px-3 py-2">
                  {t.columns.horse}
                </th>
                <th scope="col" className="px-3 py-2 text-right">
                  {t.columns.points}
                </th>
                <th scope="col" className="hidden px-3 py-2 text-right md:table-cell">
                  {t.columns.shows}
                </th>
                <th scope="col" className="hidden px-3 py-2 md:table-cell">
                  {t.columns.placings}
                </th>
              </tr>
            </thead>
            <tbody>
              {data.rows.map((r) => (
                <tr
                  key={r.horseKey}
                  className={`border-b border-stone-100 last:border-0 ${r.mine ? "bg-gold-400/20 font-semibold" : ""}`}
                >
                  <td className="px-3 py-2">{r.rank}</td>
                  <td className="px-3 py-2">
                    {r.horseId ? (
                      <Link
                        to={`/horses/${encodeURIComponent(r.horseId)}`}
                        className="text-brand-700 underline-offset-2 hover:underline"
                      >
                        {r.horseName}
                      </Link>
                    ) : (
                      r.horseName
                    )}
                    {r.mine ? (
                      <span className="ml-2 rounded-full bg-brand-700 px-2 py-0.5 text-xs text-white">
                        {t.yours}
                      </span>
                    ) : null}
                    <span className="block text-xs font-normal text-stone-700 md:hidden">
                      {t.compact(r.shows, t.placings(r.firsts, r.seconds, r.thirds, r.classes))}
                    </span>
                  </td>
                  <td className="px-3 py-2 text-right">{r.points}</td>
                  <td className="hidden px-3 py-2 text-right md:table-cell">{r.shows}</td>
                  <td className="hidden px-3 py-2 md:table-cell">
                    {t.placings(r.firsts, r.seconds, r.thirds, r.classes)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {pages > 1 ? (
        <nav aria-label={t.page(data.page, pages)} className="flex items-center justify-between gap-2">
          <button
            type="button"
            className={buttonClass("secondary")}
            disabled={data.page <= 1}
            onClick={() => onChange({ page: String(data.page - 1) })}
          >
            {t.previous}
          </button>
          <span className="text-sm text-stone-700">{t.page(data.page, pages)}</span>
          <button
            type="button"
            className={buttonClass("secondary")}
            disabled={data.page >= pages}
            onClick={() => onChange({ page: String(data.page + 1) })}
          >
            {t.next}
          </button>
        </nav>
      ) : null}
    </>
  );
}
