import { useQuery } from "@tanstack/react-query";
import { ArrowLeft, Download, Printer } from "lucide-react";
import { Link, useParams, useSearchParams } from "#client/app/routing.ts";
import { useMe } from "#client/features/auth/api/get-me.ts";
import { ApiError, api } from "#client/lib/api.ts";
import { ErrorAlert, LoadError } from "#client/ui/alert.tsx";
import { buttonClass } from "#client/ui/button.tsx";
import { Spinner } from "#client/ui/page.tsx";
import { Segmented } from "#client/ui/segmented.tsx";
import { useDocumentTitle } from "#client/ui/use-document-title.ts";
import { useHydrated } from "#client/ui/use-hydrated.ts";
import type { BarnSchedule } from "#domain/contracts/season.ts";
import { formatDayHeading, formatShowDates } from "#domain/dates/show-dates.ts";
import { hasRole } from "#domain/people/roles.ts";
import { localDay } from "#domain/roster/roster-view.ts";
import { formatClockTime } from "#domain/show-day/show-sessions.ts";
import { seasonTexts } from "#domain/texts/season.ts";

const t = seasonTexts.print;

/**
 * The printed barn schedule (issue 25): the browser's Print gives the sheet alone (the app's bars and
 * these controls are `print:hidden`), and "Download PDF" fetches the same sheet made on the server.
 * `?barn=<own id>` is a trainer's whole barn; `?large=1` large type for the stall door.
 */
export default function PrintScheduleScreen() {
  const { showId = "" } = useParams();
  const [params, setParams] = useSearchParams();
  const me = useMe();
  const barn = params.get("barn");
  const large = params.get("large") === "1";
  // The switch is in the server's HTML: until the script runs it is shown as not ready, so a tap then is not lost.
  const ready = useHydrated();
  const today = localDay(new Date());
  const query = new URLSearchParams({ today });
  if (barn) query.set("barn", barn);
  const schedule = useQuery({
    queryKey: ["barn-schedule", showId, barn, today],
    queryFn: () =>
      api<BarnSchedule>(`/api/shows/${encodeURIComponent(showId)}/schedule/print?${query.toString()}`),
    retry: (count, error) => !(error instanceof ApiError && error.status < 500) && count < 2,
  });
  useDocumentTitle(schedule.data ? t.title(schedule.data.show.name) : t.open);
  const pdf = new URLSearchParams(query);
  if (large) pdf.set("large", "1");
  const set = (key: string, value: string | null) => {
    const next = new URLSearchParams(params);
    if (value === null) next.delete(key);
    else next.set(key, value);
    setParams(next, { replace: true });
  };
  const back = (
    <Link
      to={`/shows/${encodeURIComponent(showId)}`}
      className="-ml-2 inline-flex min-h-11 items-center gap-1 self-start rounded-lg px-2 text-sm font-semibold text-brand-700 hover:bg-brand-50 print:hidden"
    >
      <ArrowLeft aria-hidden className="size-4" />
      {t.back}
    </Link>
  );

  if (schedule.isPending) return <Spinner label={t.open} />;
  if (schedule.isError) {
    const refused = schedule.error instanceof ApiError && schedule.error.status < 500;
    return (
      <div className="flex flex-col gap-3">
        {back}
        {refused ? (
          <ErrorAlert message={schedule.error.message} />
        ) : (
          <LoadError
            message={`${t.loadFailed} ${schedule.error.message}`}
            onRetry={() => void schedule.refetch()}
          />
        )}
      </div>
    );
  }
  const data = schedule.data;
  const empty = data.days.length === 0;
  const trainer = me.data ? hasRole(me.data, "Trainer") : false;
  return (
    <div className={`flex flex-col gap-4 ${large ? "text-lg" : "text-sm"}`}>
      <div className="flex flex-col gap-3 print:hidden" data-testid="print-controls">
        {back}
        {trainer && me.data ? (
          <Segmented
            label={t.whose}
            className="mb-0"
            options={[
              ["mine", t.mine],
              ["barn", t.barn],
            ]}
            value={barn ? "barn" : "mine"}
            onChange={(v) => set("barn", v === "barn" ? me.data!.id : null)}
          />
        ) : null}
        {empty ? null : (
          <div className="flex flex-wrap items-center gap-3">
            <label className="inline-flex min-h-11 items-center gap-2 text-sm font-medium text-stone-800">
              <input
                type="checkbox"
                checked={large}
                disabled={!ready}
                onChange={(e) => set("large", e.target.checked ? "1" : null)}
                className="size-5 accent-brand-700"
              />
              {t.large}
            </label>
            <button type="button" className={buttonClass("primary")} onClick={() => window.print()}>
              <Printer aria-hidden className="size-4" />
              {t.print}
            </button>
            <a
              className={buttonClass("secondary")}
              href={`/api/shows/${encodeURIComponent(showId)}/schedule.pdf?${pdf.toString()}`}
              download
            >
              <Download aria-hidden className="size-4" />
              {t.download}
            </a>
          </div>
        )}
      </div>
      <article
        className="flex flex-col gap-4 rounded-xl border border-stone-200 bg-white p-4 print:border-0 print:p-0"
        data-testid="print-sheet"
      >
        {/* On a phone the QR code goes under the title, which needs the whole width (large type most of all). */}
        <header className="flex flex-wrap items-start justify-between gap-4">
          <div className="min-w-0 flex-1 basis-60">
            <h1 className={`font-bold break-words text-brand-900 ${large ? "text-4xl" : "text-2xl"}`}>
              {data.show.name}
            </h1>
            <p className="break-words text-stone-700">
              {formatShowDates(data.show.startDate, data.show.endDate)} · {data.show.location}
            </p>
            <p className="text-stone-600">{t.printed(formatDayHeading(data.printedOn))}</p>
          </div>
          <figure className="w-24 shrink-0 text-center text-[10px] leading-tight text-stone-600">
            {/* The server's QR code: paths only, made from the show's address. */}
            {/* biome-ignore lint/security/noDangerouslySetInnerHtml: an SVG the server made with qrcode */}
            <div role="img" aria-label={t.scan} dangerouslySetInnerHTML={{ __html: data.qrSvg }} />
            <figcaption aria-hidden>{t.scan}</figcaption>
          </figure>
        </header>
        {empty ? (
          <p className="rounded-lg bg-stone-50 p-4 text-stone-700" data-testid="print-empty">
            {data.scope === "barn" ? t.noBarnEntries : t.noEntries}
          </p>
        ) : (
          data.days.map((day) => (
            <section key={day.date} className="flex flex-col gap-2 break-inside-avoid-page">
              <h2 className={`font-bold text-brand-900 ${large ? "text-2xl" : "text-lg"}`}>
                {formatDayHeading(day.date)}
              </h2>
              {day.sessions.map((session) => (
                // Below 640 px each line is a card of labelled rows (styles.css, .sheet-table), nothing
                // past the screen's edge; wider, and on paper, a table.
                <section
                  key={`${session.name}-${session.startTime}`}
                  aria-label={sessionTitle(session)}
                  // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region keyboards can scroll
                  tabIndex={0}
                  className="overflow-x-auto print:overflow-visible"
                >
                  <table
                    className={`sheet-table w-full table-fixed border-collapse print:min-w-0 ${large ? "min-w-[46rem]" : "min-w-[34rem]"}`}
                  >
                    <caption className="pb-1 text-left font-semibold text-stone-800">
                      {sessionTitle(session)}
                    </caption>
                    <thead>
                      <tr className="border-b border-stone-300 text-left text-stone-600">
                        <th scope="col" className="w-[12%] py-1 pr-2">
                          {t.columns.number}
                        </th>
                        <th scope="col" className="w-[30%] py-1 pr-2">
                          {t.columns.name}
                        </th>
                        <th scope="col" className="py-1 pr-2">
                          {t.columns.horse}
                        </th>
                        <th scope="col" className="py-1 pr-2">
                          {t.columns.rider}
                        </th>
                        <th scope="col" className="py-1 pr-2">
                          {t.columns.owner}
                        </th>
                        <th scope="col" className="w-[14%] py-1">
                          {t.columns.time}
                        </th>
                      </tr>
                    </thead>
                    <tbody>
                      {session.lines.map((line) => (
                        <tr
                          key={`${line.number}-${line.horse}-${line.rider}`}
                          className="border-b border-stone-100 align-top break-inside-avoid"
                          data-testid="print-line"
                        >
                          <td className="py-1 pr-2 font-mono font-semibold tabular-nums">{line.number}</td>
                          <td
                            dir="auto"
                            className="py-1 pr-2 font-semibold break-words sm:font-normal print:font-normal"
                          >
                            {line.className}
                          </td>
                          <td dir="auto" data-label={t.columns.horse} className="py-1 pr-2 break-words">
                            {line.horse}
                          </td>
                          <td dir="auto" data-label={t.columns.rider} className="py-1 pr-2 break-words">
                            {line.rider}
                          </td>
                          <td dir="auto" data-label={t.columns.owner} className="py-1 pr-2 break-words">
                            {line.owner}
                          </td>
                          <td data-label={t.columns.time} className="py-1">
                            {line.time}
                          </td>
                        </tr>
                      ))}
                    </tbody>
                  </table>
                </section>
              ))}
            </section>
          ))
        )}
      </article>
    </div>
  );
}

const sessionTitle = (session: BarnSchedule["days"][number]["sessions"][number]) =>
  t.sessionHeading(session.name, session.startTime ? formatClockTime(session.startTime) : null, session.ring);
