import { Download } from "lucide-react";
import { useId, useRef } from "react";
import { useFirstScreenShown } from "#client/app/after-first-screen.ts";
import { Link, useSearchParams } from "#client/app/routing.ts";
import { standingsPath, standingsQueryOf, useStandings } from "#client/features/results/api/get-standings.ts";
import { useOnline } from "#client/lib/online.ts";
import { LoadError } from "#client/ui/alert.tsx";
import { buttonClass } from "#client/ui/button.tsx";
import { EmptyState, PageHeader, Spinner } from "#client/ui/page.tsx";
import { SortHeader } from "#client/ui/sort-header.tsx";
import { useHydrated } from "#client/ui/use-hydrated.ts";
import type { Standings } from "#domain/contracts/results.ts";
import { RESULT_LIMITS } from "#domain/results/result-limits.ts";
import {
  isRankOrder,
  nextSort,
  STANDINGS_SORT_PARAMS,
  type StandingsColumn,
  type StandingsSortParam,
  standingsSortOf,
} from "#domain/results/standings-sort.ts";
import { divisionName } from "#domain/shows/divisions.ts";
import { sortParam } from "#domain/sorting/table-sort.ts";
import { resultsTexts } from "#domain/texts/results.ts";

const t = resultsTexts.standings;
/** Until the screen has hydrated its controls are disabled and look it (issue 33: a tap never vanishes). */
const NOT_READY = "disabled:cursor-progress disabled:opacity-60";

/** The address's sort if the server takes it (a hand-edited one is left out, not sent to fail). */
const sortIn = (value: string | null): StandingsSortParam | undefined =>
  STANDINGS_SORT_PARAMS.find((p) => p === value);

/** The Standings screen (issue 22): a year, organisation and division's high-point table. */
export default function StandingsScreen() {
  const [params, setParams] = useSearchParams();
  // The server renders the standings into the page for this same query (ADR 040).
  const query = standingsQueryOf(params);
  const standings = useStandings(query);
  useFirstScreenShown(!standings.isPending);
  // The rows on screen are the last answer's: while the next is on its way (or waits for the connection, when
  // it may be a while), the sort marks, the page and "mine only" say what the rows are, not what was asked.
  const shown = useRef(query);
  if (standings.data && !standings.isPlaceholderData) shown.current = query;
  const online = useOnline();
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
    <div data-wide className="flex flex-col gap-4">
      <PageHeader title={t.title} subtitle={t.subtitle} />
      {standings.isPending ? (
        <Spinner label={t.title} />
      ) : standings.isError ? (
        <LoadError
          message={`${t.loadFailed} ${standings.error.message}`}
          onRetry={() => void standings.refetch()}
        />
      ) : (
        <>
          {standings.isPlaceholderData && !online ? (
            <p
              role="status"
              className="rounded-lg border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900"
            >
              {t.waitingOffline}
            </p>
          ) : null}
          <StandingsView
            data={standings.data}
            query={shown.current}
            waiting={standings.isPlaceholderData}
            onChange={set}
          />
        </>
      )}
    </div>
  );
}

function StandingsView({
  data,
  query,
  waiting,
  onChange,
}: {
  data: Standings;
  /** The query of the rows shown. */
  query: string;
  waiting: boolean;
  onChange: (changes: Record<string, string | null>) => void;
}) {
  const ids = useId();
  const ready = useHydrated();
  const asked = new URLSearchParams(query);
  // The server sorts the whole division (ADR 048); a new sort starts at page one (`onChange` drops the page).
  const sort = standingsSortOf(sortIn(asked.get("sort")));
  const header = (column: StandingsColumn, className = "") => (
    <SortHeader
      column={column}
      label={t.columns[column]}
      sort={sort}
      onSort={(c) => {
        const next = nextSort(sort, c);
        onChange({ sort: next.column === "rank" && isRankOrder(next) ? null : sortParam(next) });
      }}
      className={className}
      disabled={!ready}
    />
  );
  const mine = asked.get("mine") === "1";
  const years = [...new Set(data.groups.map((g) => g.year))];
  const orgs = [...new Set(data.groups.filter((g) => g.year === data.year).map((g) => g.org))];
  const divisions = data.groups
    .filter((g) => g.year === data.year && g.org === data.org)
    .map((g) => g.division);
  const pages = Math.max(1, Math.ceil(data.total / RESULT_LIMITS.standingsPage));
  const select = `min-h-11 w-full rounded-lg border border-stone-300 bg-white px-3 text-sm ${NOT_READY}`;
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
            disabled={!ready}
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
            disabled={!ready}
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
            disabled={!ready}
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
            className={`size-4 ${NOT_READY}`}
            disabled={!ready}
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
        // From 1024 px every column fits: no scroller of its own, so the header can stick under the app's bar.
        <div className="overflow-x-auto rounded-xl border border-stone-200 bg-white lg:overflow-visible">
          <table aria-busy={waiting} className="w-full text-left text-sm aria-busy:opacity-70">
            <caption className="px-3 pt-3 text-left font-semibold text-brand-900">
              {t.caption(divisionName(data.division), data.year)}
            </caption>
            <thead>
              <tr className="border-b border-stone-200 text-stone-700">
                {header("rank")}
                {header("horse")}
                {header("owner", "hidden lg:table-cell")}
                {header("points", "text-right")}
                {header("shows", "hidden text-right md:table-cell")}
                {header("placings", "hidden md:table-cell")}
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
                        className="text-brand-700 underline decoration-brand-200 underline-offset-2 hover:decoration-brand-700"
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
                  <td className="hidden px-3 py-2 lg:table-cell">{r.owner}</td>
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
            disabled={!ready || data.page <= 1}
            onClick={() => onChange({ page: String(data.page - 1) })}
          >
            {t.previous}
          </button>
          <span className="text-sm text-stone-700">{t.page(data.page, pages)}</span>
          <button
            type="button"
            className={buttonClass("secondary")}
            disabled={!ready || data.page >= pages}
            onClick={() => onChange({ page: String(data.page + 1) })}
          >
            {t.next}
          </button>
        </nav>
      ) : null}
    </>
  );
}
