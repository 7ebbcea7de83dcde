import { useQueryClient } from "@tanstack/react-query";
import { ArrowLeft, CalendarPlus, MapPin } from "lucide-react";
import { type ReactNode, useCallback, useMemo, useState } from "react";
import { useAfterFirstScreen, useFirstScreenShown } from "#client/app/after-first-screen.ts";
import { LoadBoundary } from "#client/app/load-boundary.tsx";
import { historyIndex, Link, useNavigate, useParams, useSearchParams } from "#client/app/routing.ts";
import { useMe } from "#client/features/auth/api/get-me.ts";
import { EntryIcons, useEntriesByClass } from "#client/features/entries/components/entry-icons.tsx";
import { ShowAiSlot } from "#client/features/recommendations/show-ai-slot.tsx";
import { showDayKeys } from "#client/features/show-day/api/show-day-keys.ts";
import { showCalendarUrl, useShow } from "#client/features/shows/api/get-show.ts";
import { ClassSchedule, showDayExtras } from "#client/features/shows/components/class-schedule.tsx";
import { ShowDetailsCard } from "#client/features/shows/components/show-details-card.tsx";
import { ApiError } from "#client/lib/api.ts";
import { retryingLazy } from "#client/lib/retrying-lazy.ts";
import { LoadError } from "#client/ui/alert.tsx";
import { buttonClass } from "#client/ui/button.tsx";
import { Spinner } from "#client/ui/page.tsx";
import { useDocumentTitle } from "#client/ui/use-document-title.ts";
import type { ShowDay } from "#domain/contracts/show-day.ts";
import type { ShowClass } from "#domain/contracts/shows.ts";
import { localDay } from "#domain/roster/roster-view.ts";
import { texts } from "#domain/texts/shell.ts";
import { showTexts } from "#domain/texts/show.ts";

// Rare (a removed show's old link): its words and picture load when it happens.
const ShowNotFound = retryingLazy(() =>
  import("#client/features/shows/components/show-not-found.tsx").then((m) => ({ default: m.ShowNotFound })),
);

// Opens on a tap on a class: its form and Radix Dialog load then, not with the schedule.
const ClassEntryDialog = retryingLazy(() =>
  import("#client/features/entries/components/class-entry-dialog.tsx").then((m) => ({
    default: m.ClassEntryDialog,
  })),
);

// A posted class's placings under its row (issue 22), after the first screen.
const ClassResults = retryingLazy(() => import("#client/features/results/components/class-results.tsx"));

// The live ring bar and Ring control (issue 21): in the page when the server rendered them (the show's
// day is in the page's data, ADR 040), else after the first screen; see show-day-extras.tsx.
const ShowDayPanel = retryingLazy(() => showDayExtras.then((m) => m.loadShowDayPanel()));

export default function ShowDetailScreen() {
  const { showId = "" } = useParams();
  const [params] = useSearchParams();
  const show = useShow(showId);
  useFirstScreenShown(!show.isPending);
  const me = useMe();
  const later = useAfterFirstScreen();
  const entriesOf = useEntriesByClass(showId, later);
  // While a session day runs, each row's time is the live status and estimate the roster shows too.
  const [liveStatus, setLiveStatus] = useState<((classId: string) => ReactNode) | null>(null);
  const onLive = useCallback((of: ((classId: string) => ReactNode) | null) => setLiveStatus(() => of), []);
  const dayInPage = !!useQueryClient().getQueryData<ShowDay>(showDayKeys.day(showId))?.runningToday;
  const panelShown = later || dayInPage;
  // The same element until the show or that changes: the panel the server rendered may still wait for its
  // code, and a part that is updated before it has hydrated is rendered again by the browser (empty first,
  // then the bar: two layout shifts).
  const dayPanel = useMemo(
    () =>
      show.data && panelShown ? (
        <LoadBoundary fallback={null}>
          <ShowDayPanel show={show.data} onLive={onLive} />
        </LoadBoundary>
      ) : null,
    [show.data, panelShown, onLive],
  );
  const [entryClass, setEntryClass] = useState<ShowClass | null>(null);
  const missing = show.error instanceof ApiError && show.error.status === 404;
  useDocumentTitle(show.data?.name ?? (missing ? showTexts.notFoundTitle : null));

  if (show.isPending) return <Spinner label={texts.common.loading} />;
  if (show.isError) {
    if (missing)
      return (
        <LoadBoundary fallback={<Spinner label={texts.common.loading} />}>
          <ShowNotFound />
        </LoadBoundary>
      );
    return (
      <div className="flex flex-col items-start gap-3">
        <BackButton />
        <LoadError
          message={`${showTexts.loadFailed} ${show.error.message}`}
          onRetry={() => void show.refetch()}
        />
      </div>
    );
  }

  const data = show.data;
  // On a phone the header is compact (Back and Add to Calendar share a row) and the gaps are smaller, so
  // the first class shows on arrival at 360 × 740 (issue 24). From 1024 px (ADR 035) the show's details, the
  // live ring bar and the AI row are a column at the left, read first as on a phone, beside the schedule.
  return (
    <div data-wide className="wide-columns flex flex-col gap-3 sm:gap-5">
      <header className="show-header">
        <BackButton />
        <span aria-hidden className="hidden sm:order-1 sm:block sm:basis-full" />
        <a
          href={showCalendarUrl(data.id)}
          download
          className={buttonClass("secondary", "shrink-0 sm:order-3")}
        >
          <CalendarPlus aria-hidden className="size-4" />
          {showTexts.addToCalendar}
        </a>
        <div className="w-full min-w-0 sm:order-2 sm:w-auto sm:flex-1">
          <h1 className="show-title">{data.name}</h1>
          <p className="mt-1 flex flex-wrap items-center gap-x-1.5 text-sm text-stone-600">
            <MapPin aria-hidden className="size-4 shrink-0" />
            {data.location}
            {/* The printed barn schedule (issue 25): on the location's line, so the phone's first class stays in view. */}
            <Link
              to={`/shows/${data.id}/print`}
              className="ml-auto py-0.5 font-semibold text-brand-700 underline"
            >
              {showTexts.printSchedule}
            </Link>
          </p>
        </div>
      </header>
      <div data-testid="show-side" className="show-side">
        {dayPanel}
        <ShowDetailsCard show={data} />
        <ShowAiSlot show={data} onSelectClass={setEntryClass} />
      </div>
      <section data-testid="show-schedule" className="flex min-w-0 flex-col gap-3">
        <h2 className="text-base font-semibold text-brand-900">{showTexts.classSchedule}</h2>
        <ClassSchedule
          show={data}
          onSelectClass={setEntryClass}
          renderEntryIcons={(cls) => (
            <EntryIcons showId={data.id} classId={cls.id} entries={entriesOf(cls.id)} later={later} />
          )}
          renderTime={
            liveStatus
              ? (cls) => liveStatus(cls.id)
              : // Until the live panel hands over its statuses, the planned time waits where they will show.
                dayInPage
                ? () => null
                : undefined
          }
          renderBelow={
            // Results are posted once a show has begun: a show still to come has none to ask for.
            later && data.startDate <= localDay(new Date())
              ? (cls) => (
                  <LoadBoundary fallback={null}>
                    <ClassResults showId={data.id} classId={cls.id} number={cls.number} />
                  </LoadBoundary>
                )
              : undefined
          }
          focusClassId={params.get("class")}
        />
      </section>
      {entryClass && me.data ? (
        <LoadBoundary kind="dialog" fallback={null}>
          <ClassEntryDialog
            show={data}
            cls={entryClass}
            viewer={me.data}
            open
            onOpenChange={(open) => !open && setEntryClass(null)}
          />
        </LoadBoundary>
      ) : null}
    </div>
  );
}

/**
 * Back to where the user came from; to the planner when the show was opened directly. A link to the planner,
 * so that a tap before the page's script has run still goes somewhere (issue 33).
 */
function BackButton() {
  const navigate = useNavigate();
  return (
    <Link
      to="/planner"
      onClick={(event) => {
        if (historyIndex() > 0) {
          event.preventDefault();
          navigate(-1);
        }
      }}
      className="back-button"
    >
      <ArrowLeft aria-hidden className="size-4" />
      {texts.common.back}
    </Link>
  );
}
