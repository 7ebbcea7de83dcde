import { useQueryClient } from "@tanstack/react-query";
import { CalendarDays, MapPin } from "lucide-react";
import { lazy, type ReactNode, Suspense, useEffect, useState } from "react";
import { useAfterFirstScreen, useFirstScreenShown } from "#client/app/after-first-screen.ts";
import { LoadBoundary } from "#client/app/load-boundary.tsx";
import { Link, useSearchParams } from "#client/app/routing.ts";
import { useMe } from "#client/features/auth/api/get-me.ts";
import { entryKeys } from "#client/features/entries/api/keys.ts";
import { removeEntryChange, useRemoveEntry } from "#client/features/entries/api/remove-entry.ts";
import type { SaveEntriesInput } from "#client/features/entries/api/save-class-entries.ts";
import { PlacingBadge } from "#client/features/entries/components/placing-badge.tsx";
import { useRoster } from "#client/features/roster/api/get-roster.ts";
import { CalendarFeedButton } from "#client/features/roster/components/calendar-feed-button.tsx";
import { useToday } from "#client/features/roster/use-today.ts";
import { SeasonCalendar, useCalendarView, ViewSlot } from "#client/features/season/view-slot.tsx";
import { showDayKeys } from "#client/features/show-day/api/show-day-keys.ts";
import type { LiveParts } from "#client/features/show-day/roster-live.tsx";
import { useQueuedChanges } from "#client/lib/queued.ts";
import { retryingLazy } from "#client/lib/retrying-lazy.ts";
import { ErrorAlert, LoadError } from "#client/ui/alert.tsx";
import { EmptyState, PageHeader, Spinner } from "#client/ui/page.tsx";
import { useProgressiveCount } from "#client/ui/use-progressive-count.ts";
import type { Roster, RosterEntryView, RosterShow } from "#domain/contracts/roster.ts";
import type { ShowDay } from "#domain/contracts/show-day.ts";
import { formatDayHeading, formatShowDates } from "#domain/dates/show-dates.ts";
import { INVITED_BY } from "#domain/people/invite-link.ts";
import { statusLabel } from "#domain/roster/entry-status.ts";
import { ROSTER_FIRST_CARDS, ROSTER_SECTIONS } from "#domain/roster/first-cards.ts";
import { needsClassDay } from "#domain/roster/roster-view.ts";
import { blockingTexts } from "#domain/texts/blocking.ts";
import { entryStatusTexts } from "#domain/texts/entry-status.ts";
import { rosterTexts } from "#domain/texts/roster.ts";
import { texts } from "#domain/texts/shell.ts";

// Only a customer arriving through a trainer's invite link sees it: off everyone else's first load.
const WelcomeBanner = retryingLazy(() =>
  import("#client/features/invites/components/welcome-banner.tsx").then((m) => ({
    default: m.WelcomeBanner,
  })),
);
const t = rosterTexts;
// Only a new account's empty roster shows it: off everyone else's first load.
const NothingYet = retryingLazy(() => import("#client/features/roster/components/nothing-yet.tsx"));

// Opened by one action on someone else's line: its dialog code loads on first use, not at first paint.
// Entries saved offline are listed only while some wait: their words and markup stay off the first load.
const WaitingEntries = retryingLazy(() => import("#client/features/roster/components/waiting-entries.tsx"));
const BlockDialog = retryingLazy(() =>
  import("#client/features/profile/components/block-dialog.tsx").then((m) => ({ default: m.BlockDialog })),
);
// A show on today gets its live ring bar and class statuses (issue 21): in the page when the server
// rendered them (its day is in the page's data, ADR 040), else once the first screen is shown. "Share live"
// on a card with a horse at a show running or to come (issue 35) comes at the same times and from the same
// chunk (one fetch for today's card), inside the card, so the card is not drawn anew when it comes, into a
// place kept for it. If that chunk cannot be fetched (the signal went), the card stays as it is without them.
const rosterLive = () => import("#client/features/show-day/roster-live.tsx");
const RosterLive = lazy(() =>
  rosterLive().catch(() => ({
    default: ({ fallback }: { fallback: ReactNode }) => fallback,
  })),
);
const ShareLive = lazy<(props: { show: RosterShow }) => ReactNode>(() =>
  rosterLive().then(
    (m) => ({ default: m.ShareLiveButton }),
    () => ({ default: () => null }),
  ),
);

// A page carries the first cards only (issue 33); the rest are asked for after the first screen.
const RestOfSeason = retryingLazy(() => import("#client/features/roster/components/rest-of-season.tsx"));

// Past shows' placings of the viewer's horses (issue 22) and, from 1280 px, the notifications (ADR 047),
// after the first screen.
const RosterLater = retryingLazy(() => import("#client/features/roster/components/roster-later.tsx"));

const SECTIONS = ROSTER_SECTIONS.map((key) => ({ key, title: t[key] }));

interface Person {
  id: string;
  name: string;
}

/** What a line entered by someone else offers: remove it (one action) or block its author. */
interface EntryActions {
  remove: (entry: RosterEntryView) => void;
  /** Entries whose removal is waiting to be sent (or being sent). */
  removing: ReadonlySet<string>;
  block: (person: Person) => void;
}

export default function RosterScreen() {
  const today = useToday();
  const roster = useRoster(today);
  useFirstScreenShown(!roster.isPending);
  const later = useAfterFirstScreen();
  const { refetch } = roster;
  const partial = !!roster.data?.rest;
  // The page's roster holds its first cards only: the whole one is asked for once the first screen is shown
  // (waiting for the connection when there is none).
  useEffect(() => {
    if (later && partial) void refetch();
  }, [later, partial, refetch]);
  const me = useMe();
  const [params, setParams] = useSearchParams();
  const view = useCalendarView();
  const calendar = view[0];
  const remove = useRemoveEntry();
  const removals = useQueuedChanges<string>(removeEntryChange.key);
  // Entries saved while offline show here at once, until the server has them (then they are in the roster).
  const waitingSaves = useQueuedChanges<SaveEntriesInput>([...entryKeys.all, "save"]).filter(
    (c) => c.status === "pending" && c.offline,
  );
  const [blocking, setBlocking] = useState<Person | null>(null);
  // Stays mounted once opened, so closing it animates and gives focus back like any dialog.
  const [blockUsed, setBlockUsed] = useState(false);
  const actions: EntryActions = {
    remove: (entry) => remove.queue(entry.id, t.removingLabel(statusLabel(entry.status))),
    removing: new Set(removals.filter((r) => r.status === "pending").map((r) => r.input)),
    block: (person) => {
      setBlockUsed(true);
      setBlocking(person);
    },
  };
  return (
    <>
      <PageHeader title={t.title} subtitle={t.subtitle} actions={<CalendarFeedButton />} />
      {me.data && params.get(INVITED_BY) ? (
        <LoadBoundary fallback={null}>
          <WelcomeBanner
            trainerId={params.get(INVITED_BY)}
            viewerId={me.data.id}
            onDismiss={() => setParams({}, { replace: true })}
          />
        </LoadBoundary>
      ) : null}
      <div className="mb-3 empty:hidden">
        <ErrorAlert
          message={
            remove.error && !remove.variables?.offline
              ? `${entryStatusTexts.errors.removeFailed} ${remove.error.message}`
              : null
          }
        />
        {blockUsed ? (
          <LoadBoundary kind="dialog" fallback={null}>
            <BlockDialog person={blocking} onClose={() => setBlocking(null)} />
          </LoadBoundary>
        ) : null}
      </div>
      <ViewSlot view={view} />
      {waitingSaves.length ? (
        <LoadBoundary fallback={null}>
          <WaitingEntries saves={waitingSaves} />
        </LoadBoundary>
      ) : null}
      {calendar ? (
        <LoadBoundary fallback={<Spinner label={texts.common.loading} />}>
          <SeasonCalendar query="" mine />
        </LoadBoundary>
      ) : roster.data && (partial || !roster.isError) ? (
        <RosterSections roster={roster.data} actions={actions} today={today} />
      ) : roster.isError ? (
        <LoadError
          message={`${t.loadFailed} ${roster.error.message}`}
          onRetry={() => void roster.refetch()}
        />
      ) : (
        <Spinner label={texts.common.loading} />
      )}
      {later ? (
        // A part whose code cannot come (the signal went before it did) says so here, the cards staying.
        <LoadBoundary fallback={null}>
          {!calendar && roster.data?.rest ? <RestOfSeason roster={roster} /> : null}
          <RosterLater />
        </LoadBoundary>
      ) : null}
    </>
  );
}

/**
 * The sections in order, their cards rendered a few at a time (useProgressiveCount): a section shows
 * once every card before it is there, so what is added only ever goes below what is shown.
 */
function RosterSections({
  roster,
  actions,
  today,
}: {
  roster: Roster;
  actions: EntryActions;
  today: string;
}) {
  const total = SECTIONS.reduce((n, { key }) => n + roster.sections[key].length, 0);
  const count = useProgressiveCount(total, { first: ROSTER_FIRST_CARDS });
  let left = count;
  const shown: { key: keyof Roster["sections"]; title: string; cards: RosterShow[] }[] = [];
  for (const { key, title } of SECTIONS) {
    const cards = roster.sections[key];
    // A page's roster holds its first cards only: what comes after them is not known to be empty.
    if (left === 0 && (count < total || roster.rest)) break;
    shown.push({ key, title, cards: cards.slice(0, left) });
    left -= Math.min(left, cards.length);
  }
  // Nothing anywhere (a new account): one sentence and the way to fill it, not one per section.
  if (total === 0)
    return (
      <LoadBoundary fallback={<Spinner label={texts.common.loading} />}>
        <NothingYet />
      </LoadBoundary>
    );
  let drawn = 0;
  // From 1280 px (ADR 035, 047) a section's shows are two columns, three from 1792 px, read row by row; the
  // notifications' column at the right, which comes after the first screen, has its room from the first paint
  // (styles.css: main has a section heading of the roster's).
  return (
    <div data-wide className="flex flex-col gap-7">
      {shown.map(({ key, title, cards }) => (
        <section key={key} aria-labelledby={`roster-${key}`} data-testid={`roster-${key}`}>
          <h2 id={`roster-${key}`} className="mb-2 text-lg font-semibold text-brand-900">
            {title}
          </h2>
          {roster.sections[key].length === 0 ? (
            <EmptyState title={t.empty}>
              <Link to="/planner" className="plan-link">
                {t.planLink}
              </Link>
            </EmptyState>
          ) : (
            <div className="roster-cards">
              {cards.map((show) => (
                <ShowCard
                  key={show.id}
                  show={show}
                  actions={actions}
                  today={today}
                  beyondPage={++drawn > ROSTER_FIRST_CARDS}
                />
              ))}
            </div>
          )}
        </section>
      ))}
    </div>
  );
}

/**
 * A card's live parts come once the first screen is shown, or with the page when the server rendered the
 * show's day. What stays the same is drawn by the same components before and after, so nothing of the card
 * is drawn anew for them (a card swapped whole cost a long task at hydration's end: issue 33).
 */
function ShowCard({
  show,
  actions,
  today,
  beyondPage,
}: {
  show: RosterShow;
  actions: EntryActions;
  today: string;
  /** Not among the cards in the server's page: it comes below them, after the first screen. */
  beyondPage: boolean;
}) {
  const later = useAfterFirstScreen();
  const inPage = !!useQueryClient().getQueryData<ShowDay>(showDayKeys.day(show.id))?.runningToday;
  const live = (later || inPage) && today <= show.endDate;
  // Its place is kept from the first paint, the button coming into it after the first screen: a card
  // growing then moved every card below it (a layout shift of 52 px on a steward's roster at 1280 px).
  const share =
    today <= show.endDate && show.days.some((d) => d.classes.some((c) => c.entries.some((e) => e.horseName)));
  const card = (parts?: LiveParts) => (
    <ShowCardBody
      show={show}
      actions={actions}
      live={parts}
      share={share}
      later={later}
      beyondPage={beyondPage}
    />
  );
  if (!live || today < show.startDate) return card();
  return (
    <Suspense fallback={card()}>
      <RosterLive show={show} render={card} fallback={card()} />
    </Suspense>
  );
}

/** Where "Share live" comes, its size, until it does. */
const shareSlot = <span aria-hidden className="block h-11 w-34 rounded-lg bg-stone-100" />;

function ShowCardBody({
  show,
  actions,
  live,
  share,
  later,
  beyondPage,
}: {
  show: RosterShow;
  actions: EntryActions;
  live?: LiveParts | undefined;
  share: boolean;
  later: boolean;
  beyondPage: boolean;
}) {
  return (
    <article
      className={`overflow-hidden rounded-xl border border-stone-200 bg-white shadow-sm${beyondPage ? " roster-card-later" : ""}`}
    >
      <header className="border-b border-stone-100 px-4 py-3">
        <h3 className="text-base leading-tight font-semibold">
          <Link to={`/shows/${encodeURIComponent(show.id)}`} className="text-brand-800 hover:underline">
            {show.name}
          </Link>
        </h3>
        <p className="mt-1 flex items-center gap-1.5 text-sm text-stone-600">
          <MapPin aria-hidden className="size-4 shrink-0" />
          {show.location}
        </p>
        <p className="mt-1 flex items-center gap-1.5 text-sm font-medium text-stone-800">
          <CalendarDays aria-hidden className="size-4 shrink-0 text-brand-600" />
          {formatShowDates(show.startDate, show.endDate)}
        </p>
        {live?.bar ? <div className="mt-2 empty:hidden">{live.bar}</div> : null}
        {share ? (
          <div className="mt-2">
            {live?.Share ? (
              <live.Share show={show} />
            ) : later ? (
              <Suspense fallback={shareSlot}>
                <ShareLive show={show} />
              </Suspense>
            ) : (
              shareSlot
            )}
          </div>
        ) : null}
      </header>
      {show.days.map((day) => (
        <div key={day.date}>
          {day.heading ? (
            <h4 className="roster-day-heading">{formatDayHeading(day.date)}</h4>
          ) : needsClassDay(day, show) ? (
            <p data-testid="roster-class-day" className="px-4 pt-2.5 text-xs font-semibold text-brand-800">
              {t.classesOn(formatDayHeading(day.date))}
            </p>
          ) : null}
          <ul className="divide-y divide-stone-100">
            {day.classes.map((cls) => (
              <li key={cls.id} className="px-4 py-2.5">
                <p className="text-sm font-medium text-stone-900">
                  <span
                    className="mr-2 font-mono text-brand-700 tabular-nums"
                    title={t.classNumber(cls.number)}
                  >
                    {cls.number}
                  </span>
                  {cls.name}
                </p>
                {live?.statusOf ? (
                  <p className="mt-1 empty:hidden">{live.statusOf(cls.id)}</p>
                ) : cls.planned ? (
                  <p className="mt-0.5 text-xs text-stone-600">≈ {cls.planned.label}</p>
                ) : null}
                <ul className="mt-1 flex flex-col gap-0.5">
                  {cls.entries.map((entry) => (
                    <StatusLine key={`${entry.id}-${entry.status}`} entry={entry} actions={actions} />
                  ))}
                </ul>
              </li>
            ))}
          </ul>
        </div>
      ))}
    </article>
  );
}

/** Small actions on a status line, still 44 px tall for a finger. */
const lineAction =
  "inline-flex min-h-11 items-center rounded-lg px-3 text-xs font-semibold disabled:cursor-not-allowed disabled:text-stone-400";

function StatusLine({ entry, actions }: { entry: RosterEntryView; actions: EntryActions }) {
  const details = [
    entry.horseName,
    entry.riderName ? t.rider(entry.riderName) : null,
    entry.fromName ? t.enteredBy(entry.fromName) : null,
  ].filter(Boolean);
  const label = statusLabel(entry.status);
  const author =
    entry.mirrored && entry.fromId && entry.fromName ? { id: entry.fromId, name: entry.fromName } : null;
  return (
    <li className="text-xs text-stone-600" data-testid="roster-entry">
      <span className="entry-status">{label}</span>
      {details.join(" · ")}
      {entry.placing ? (
        <>
          {" "}
          <PlacingBadge placing={entry.placing} horse={entry.horseName} />
        </>
      ) : null}
      {entry.warnings?.map((w) => (
        <span key={w.otherEntryId + w.kind} data-testid="entry-warning" className="block text-amber-900">
          {w.message}
        </span>
      ))}
      {author ? (
        <span className="mt-0.5 flex flex-wrap gap-1">
          <button
            type="button"
            className={`${lineAction} border border-stone-300 bg-white text-stone-800 hover:bg-stone-50`}
            aria-label={t.removeLabel(label, author.name)}
            disabled={actions.removing.has(entry.id)}
            onClick={() => actions.remove(entry)}
          >
            {t.remove}
          </button>
          {actions.removing.has(entry.id) ? (
            <span className="inline-flex min-h-11 items-center text-xs font-semibold text-amber-800">
              {t.pendingRemoval}
            </span>
          ) : null}
          <button
            type="button"
            className={`${lineAction} text-brand-700 hover:bg-brand-50`}
            aria-label={blockingTexts.blockLabel(author.name)}
            onClick={() => actions.block(author)}
          >
            {blockingTexts.block}
          </button>
        </span>
      ) : null}
    </li>
  );
}
