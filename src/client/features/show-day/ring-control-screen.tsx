import { ArrowLeft, CircleCheck, Clock, Play, Square, Undo2 } from "lucide-react";
import { Fragment, useMemo, useState } from "react";
import { useFirstScreenShown } from "#client/app/after-first-screen.ts";
import { Link, useParams } from "#client/app/routing.ts";
import { useMe } from "#client/features/auth/api/get-me.ts";
import { useShowDay } from "#client/features/show-day/api/get-show-day.ts";
import {
  type RingActionInput,
  ringActionChange,
  useRingAction,
} from "#client/features/show-day/api/ring-action.ts";
import { ActionLog } from "#client/features/show-day/components/action-log.tsx";
import { BoardCard } from "#client/features/show-day/components/board-card.tsx";
import { FinishDialog } from "#client/features/show-day/components/finish-dialog.tsx";
import { ScratchDialog } from "#client/features/show-day/components/scratch-dialog.tsx";
import { StartEarlyDialog } from "#client/features/show-day/components/start-early-dialog.tsx";
import { StewardsCard } from "#client/features/show-day/components/stewards-card.tsx";
import { useDayModel, useNow } from "#client/features/show-day/use-day-model.ts";
import { useLiveRing } from "#client/features/show-day/use-live-ring.ts";
import { NO_SHORTCUTS, useRingShortcuts } from "#client/features/show-day/use-ring-shortcuts.ts";
import { useQueuedChanges } from "#client/lib/queued.ts";
import { ErrorAlert, LoadError } from "#client/ui/alert.tsx";
import { buttonClass } from "#client/ui/button.tsx";
import { PageHeader, Spinner } from "#client/ui/page.tsx";
import { useHydrated } from "#client/ui/use-hydrated.ts";
import type { RingActionBody, ShowDay } from "#domain/contracts/show-day.ts";
import { formatDayHeading } from "#domain/dates/show-dates.ts";
import { hasRole } from "#domain/people/roles.ts";
import { earlyStart } from "#domain/show-day/early-start.ts";
import {
  describeAction,
  inRingOf,
  nextSessionOf,
  nextToCall,
  sessionLive,
  unrunClasses,
} from "#domain/show-day/ring.ts";
import { statusTime } from "#domain/show-day/ring-estimates.ts";
import { RING_SHORTCUTS, type RingShortcut } from "#domain/show-day/ring-shortcuts.ts";
import { formatClockTime } from "#domain/show-day/show-sessions.ts";
import { formatShowTime } from "#domain/show-day/show-time.ts";
import { showDayTexts } from "#domain/texts/show-day.ts";

const t = showDayTexts.ring;
/** One-thumb targets: at least 48 px, the main one larger; larger again on a tablet in landscape. */
const big = "min-h-14 w-full text-base lg:min-h-20 lg:text-lg";
const tap = "min-h-12 lg:min-h-14 lg:text-base";
/** A control in the server's page before the script runs: disabled, dimmed, the cursor saying it is coming. */
const NOT_READY = "cursor-progress opacity-60";

export default function RingControlScreen() {
  const { showId = "" } = useParams();
  const day = useShowDay(showId);
  // The day may be in the page the server rendered (ADR 040): the stream opens once this has hydrated.
  useLiveRing(showId, !!day.data);
  useFirstScreenShown(!day.isPending);
  if (day.isPending) return <Spinner label={t.title} />;
  if (day.isError) {
    return <LoadError message={`${t.loadFailed} ${day.error.message}`} onRetry={() => void day.refetch()} />;
  }
  return <RingControl day={day.data} />;
}

function RingControl({ day }: { day: ShowDay }) {
  const me = useMe();
  const ring = useRingAction();
  const queued = useQueuedChanges<RingActionInput>(ringActionChange.key).filter(
    (q) => q.input?.showId === day.showId,
  );
  const waiting = useMemo(
    () => queued.filter((q) => q.status === "pending").map((q) => q.input.action),
    [queued],
  );
  const now = useNow();
  const model = useDayModel(day, now, waiting);
  const [chosen, setChosen] = useState<string | null>(null);
  const [scratching, setScratching] = useState<{ id: string; number: string } | null>(null);
  const [finishing, setFinishing] = useState(false);
  const [startingEarly, setStartingEarly] = useState(false);
  const shortcuts = useRingShortcuts();
  shortcuts.current = NO_SHORTCUTS;
  // Every control below is disabled until this screen has hydrated: a tap on the server's page would
  // otherwise vanish (no handler yet), with the steward believing the class was called.
  const ready = useHydrated();
  const notReady = ready ? "" : NOT_READY;
  const session =
    model.sessions.find((s) => s.id === chosen) ??
    model.sessions.find((s) => sessionLive(model.state, s.id).status === "running") ??
    model.sessions.find(
      (s) => s.date === day.today && sessionLive(model.state, s.id).status === "scheduled",
    ) ??
    model.sessions[0];

  const header = (
    <>
      <Link
        to={`/shows/${encodeURIComponent(day.showId)}`}
        className="-ml-2 mb-1 inline-flex min-h-11 items-center gap-1 rounded-lg px-2 text-sm font-semibold text-brand-700 hover:bg-brand-50"
      >
        <ArrowLeft aria-hidden className="size-4" />
        {t.backToShow}
      </Link>
      <PageHeader title={t.title} subtitle={day.name} />
    </>
  );
  if (!day.canRunRing)
    return (
      <>
        {header}
        <ErrorAlert message={t.notAllowed} />
      </>
    );
  if (!day.runningToday)
    return (
      <>
        {header}
        <p className="text-sm text-stone-700">{t.notToday}</p>
        <BoardCard showId={day.showId} />
      </>
    );
  if (!session)
    return (
      <>
        {header}
        <p className="text-sm text-stone-700">{t.noSessions}</p>
        <BoardCard showId={day.showId} />
      </>
    );

  const live = sessionLive(model.state, session.id);
  const current = inRingOf(model.state, session);
  const next = nextToCall(model.state, session);
  const nextAt = next ? statusTime(model.statusOf(next.id)) : null;
  // A refusal shows once, where the person acted: here, unless the tap was made offline (then the
  // app-wide connection bar reports it, since the person may have left this screen).
  const refused = queued.filter((q) => q.status === "error" && !q.offline);
  const send = (action: RingActionBody) => {
    const label = describeAction(action, model.sessions);
    ring.queue({ showId: day.showId, action }, label);
  };
  const lastSeq = day.ring.lastEffectiveSeq;
  // A Finish is one Undo away (issue 34), whichever session the screen has moved on to.
  const lastFinish = day.ring.actions.find((a) => a.seq === lastSeq && a.kind === "finish-session");
  const unrun = unrunClasses(model.state, session);
  const nextSession = nextSessionOf(model.sessions, model.state, session);
  const sessionName = (s: { name: string; date: string }) => s.name || formatDayHeading(s.date);
  const early = earlyStart(session, model.zone, now);

  // One function per action, called by its button and by its keyboard shortcut alike (ADR 045); null where
  // the button is absent or disabled, so the key does nothing there either.
  const running = live.status === "running";
  const callNext =
    running && next
      ? () =>
          send({
            kind: "in-ring",
            sessionId: session.id,
            classId: next.id,
            expectedInRing: current?.id ?? null,
          })
      : null;
  const markDone =
    running && current ? () => send({ kind: "done", sessionId: session.id, classId: current.id }) : null;
  const undoLast =
    running && lastSeq !== null && waiting.length === 0
      ? () => send({ kind: "undo", undoSeq: lastSeq })
      : null;
  // The scratch key scratches the class a steward would call next (the first waiting one before the start).
  const toScratch = live.status === "finished" ? null : (next ?? unrun[0] ?? null);
  const scratchNext = toScratch ? () => setScratching({ id: toScratch.id, number: toScratch.number }) : null;
  shortcuts.current = { next: callNext, done: markDone, scratch: scratchNext, undo: undoLast };
  const keyOf = (action: RingShortcut) => RING_SHORTCUTS.find((s) => s.action === action)?.key;

  return (
    <div
      data-wide
      className="flex flex-col gap-4 pb-6 lg:grid lg:grid-cols-[minmax(0,5fr)_minmax(0,6fr)] lg:items-start lg:gap-x-6 lg:gap-y-4"
    >
      <div className="contents lg:col-span-2 lg:block">{header}</div>
      {/* From 1024 px the current class and its actions in the left column (kept in view while the classes
          scroll), the session's classes in the right; below, both wrappers are `contents` and the phone's
          single column is as it was. */}
      <div
        data-testid="ring-control-pane"
        className="contents lg:sticky lg:top-16 lg:flex lg:flex-col lg:gap-4"
      >
        <label className="flex flex-col gap-1 text-sm font-medium text-stone-800">
          {t.pickSession}
          <select
            value={session.id}
            disabled={!ready}
            onChange={(e) => setChosen(e.target.value)}
            className={`min-h-12 rounded-lg border border-stone-300 bg-white px-3 text-base ${notReady}`}
          >
            {model.sessions.map((s) => (
              <option key={s.id} value={s.id}>
                {t.sessionLabel(
                  s.name || formatDayHeading(s.date),
                  s.startTime ? formatClockTime(s.startTime) : null,
                  t.sessionStatus[sessionLive(model.state, s.id).status],
                )}
              </option>
            ))}
          </select>
        </label>

        {refused.map((q) => (
          <ErrorAlert key={q.submittedAt} message={`${t.refused}: ${q.label}. ${q.error ?? ""}`} />
        ))}
        {lastFinish && waiting.length === 0 ? (
          <div className="flex flex-wrap items-center justify-between gap-2 rounded-lg bg-stone-100 px-3 py-2">
            <p className="text-sm font-medium text-stone-800">{lastFinish.text}</p>
            <button
              type="button"
              disabled={!ready}
              className={buttonClass("secondary", `${tap} ${notReady}`)}
              onClick={() => send({ kind: "undo", undoSeq: lastFinish.seq })}
            >
              <Undo2 aria-hidden className="size-4" />
              {t.undoLabel(lastFinish.text)}
            </button>
          </div>
        ) : null}
        {waiting.length > 0 ? (
          <p
            role="status"
            className="flex items-center gap-2 rounded-lg bg-amber-50 px-3 py-2 text-sm font-medium text-amber-900"
          >
            <Clock aria-hidden className="size-4" />
            {t.waitingCount(waiting.length)}
          </p>
        ) : null}

        <section
          aria-label={t.title}
          className="flex flex-col gap-3 rounded-xl border border-stone-200 bg-white p-3 shadow-sm lg:p-4"
        >
          <p className="text-sm font-semibold text-stone-700">{t.sessionStatus[live.status]}</p>
          {current ? (
            <div className="rounded-lg bg-emerald-50 p-3 text-emerald-950 lg:p-4" data-testid="ring-current">
              <p className="text-lg font-bold lg:text-2xl">{t.inRing(current.number)}</p>
              <p className="text-sm break-words lg:text-base">{current.name}</p>
              {model.state.classes[current.id]?.startedAt ? (
                <p className="mt-1 text-xs lg:text-sm">
                  {t.inRingSince(formatShowTime(model.state.classes[current.id]!.startedAt!, model.zone))}
                </p>
              ) : null}
            </div>
          ) : running ? (
            <p className="text-sm text-stone-700">{t.nothingInRing}</p>
          ) : null}

          {live.status === "scheduled" ? (
            <button
              type="button"
              disabled={!ready}
              className={buttonClass("primary", `${big} ${notReady}`)}
              onClick={() =>
                early.early ? setStartingEarly(true) : send({ kind: "start-session", sessionId: session.id })
              }
            >
              <Play aria-hidden className="size-5" />
              {t.startSession}
            </button>
          ) : null}
          {callNext && next ? (
            <button
              type="button"
              disabled={!ready}
              aria-keyshortcuts={keyOf("next")}
              className={buttonClass("primary", `${big} lg:flex-col lg:gap-0 ${notReady}`)}
              onClick={callNext}
            >
              {t.callNext(next.number)}
              {nextAt ? <span className="font-normal">≈ {formatShowTime(nextAt, model.zone)}</span> : null}
            </button>
          ) : null}
          {running ? (
            <div className="grid grid-cols-2 gap-2 lg:gap-3">
              <button
                type="button"
                disabled={!ready || !markDone}
                aria-keyshortcuts={keyOf("done")}
                aria-label={current ? t.doneLabel(current.number) : t.done}
                className={buttonClass("secondary", `${tap} ${notReady}`)}
                onClick={() => markDone?.()}
              >
                <CircleCheck aria-hidden className="size-4" />
                {t.done}
              </button>
              <button
                type="button"
                disabled={!ready || !undoLast}
                aria-keyshortcuts={keyOf("undo")}
                aria-describedby={waiting.length > 0 ? "undo-waits" : undefined}
                className={buttonClass("secondary", `${tap} ${notReady}`)}
                onClick={() => undoLast?.()}
              >
                <Undo2 aria-hidden className="size-4" />
                {t.undo}
              </button>
              <button
                type="button"
                disabled={!ready}
                className={buttonClass("secondary", `${tap} col-span-2 ${notReady}`)}
                onClick={() => send({ kind: "late", sessionId: session.id, minutes: 10 })}
              >
                <Clock aria-hidden className="size-4" />
                {t.late}
              </button>
            </div>
          ) : null}
          {waiting.length > 0 ? (
            <p id="undo-waits" className="text-xs text-stone-600">
              {t.undoWaits}
            </p>
          ) : null}
        </section>
        <ShortcutList />
      </div>

      <div data-testid="ring-classes-pane" className="contents lg:flex lg:flex-col lg:gap-4">
        <section
          aria-labelledby="ring-classes"
          className="rounded-xl border border-stone-200 bg-white shadow-sm"
        >
          <h2
            id="ring-classes"
            className="border-b border-stone-100 px-3 py-2 text-sm font-semibold text-brand-900"
          >
            {t.classList}
          </h2>
          <ul className="divide-y divide-stone-100">
            {session.classes.map((c) => {
              const status = model.state.classes[c.id]?.status ?? "waiting";
              const at = statusTime(model.statusOf(c.id));
              return (
                <li
                  key={c.id}
                  className={`flex items-center gap-2 px-3 py-1.5 lg:min-h-14 ${status === "in-ring" ? "bg-emerald-50" : ""}`}
                >
                  <span className="w-10 shrink-0 text-right font-mono text-sm font-semibold text-brand-700 lg:text-base">
                    {c.number}
                  </span>
                  <span className="min-w-0 flex-1 text-sm">
                    <span className="line-clamp-2 break-words">{c.name}</span>
                    <span className="text-xs text-stone-600">
                      {t.statusWord[status]}
                      {status === "waiting" && at ? ` · ≈ ${formatShowTime(at, model.zone)}` : ""}
                    </span>
                  </span>
                  {status === "waiting" && live.status !== "finished" ? (
                    <button
                      type="button"
                      aria-label={t.scratchLabel(c.number)}
                      disabled={!ready}
                      aria-keyshortcuts={c.id === toScratch?.id ? keyOf("scratch") : undefined}
                      className={buttonClass("ghost", `${tap} px-3 ${notReady}`)}
                      onClick={() => setScratching({ id: c.id, number: c.number })}
                    >
                      {t.scratch}
                    </button>
                  ) : null}
                </li>
              );
            })}
          </ul>
        </section>

        {running ? (
          <button
            type="button"
            disabled={!ready}
            className={buttonClass("danger", `${tap} ${notReady}`)}
            onClick={() =>
              unrun.length > 0 ? setFinishing(true) : send({ kind: "finish-session", sessionId: session.id })
            }
          >
            <Square aria-hidden className="size-4" />
            {t.finishSession}
          </button>
        ) : null}
      </div>

      <div className="contents lg:col-span-2 lg:grid lg:grid-cols-2 lg:items-start lg:gap-6">
        <ActionLog actions={day.ring.actions} zone={model.zone} />
        <BoardCard showId={day.showId} />
        {me.data && hasRole(me.data, "Admin") ? <StewardsCard showId={day.showId} /> : null}
      </div>

      <StartEarlyDialog
        session={startingEarly ? sessionName(session) : null}
        printed={early.printed}
        onClose={() => setStartingEarly(false)}
        onStart={() => {
          send({ kind: "start-session", sessionId: session.id, early: true });
          setStartingEarly(false);
        }}
      />
      <FinishDialog
        session={finishing ? sessionName(session) : null}
        unrun={unrun.map((c) => c.number)}
        nextSession={nextSession ? sessionName(nextSession) : null}
        onClose={() => setFinishing(false)}
        onFinish={(choice) => {
          send({ kind: "finish-session", sessionId: session.id, unrun: choice });
          setFinishing(false);
        }}
      />
      <ScratchDialog
        number={scratching?.number ?? null}
        onClose={() => setScratching(null)}
        onScratch={(reason) => {
          if (scratching) send({ kind: "scratch", sessionId: session.id, classId: scratching.id, reason });
          setScratching(null);
        }}
      />
    </div>
  );
}

/**
 * The keyboard shortcuts, listed where a keyboard is likely (from 1024 px) and always there for a screen
 * reader (the buttons carry `aria-keyshortcuts` too).
 */
function ShortcutList() {
  return (
    <section
      aria-labelledby="ring-shortcuts"
      data-testid="ring-shortcuts"
      className="sr-only lg:not-sr-only lg:rounded-xl lg:border lg:border-stone-200 lg:bg-white lg:px-4 lg:py-3"
    >
      <h2 id="ring-shortcuts" className="text-sm font-semibold text-brand-900">
        {t.shortcutsTitle}
      </h2>
      <dl className="mt-2 grid grid-cols-[auto_minmax(0,1fr)] items-center gap-x-3 gap-y-1.5 text-sm text-stone-800">
        {RING_SHORTCUTS.map((s) => (
          <Fragment key={s.key}>
            <dt>
              <kbd className="inline-flex min-w-7 justify-center rounded border border-stone-300 bg-stone-50 px-1.5 py-0.5 font-mono text-xs font-semibold shadow-[0_1px_0_var(--color-stone-300)]">
                {s.key}
              </kbd>
            </dt>
            <dd>{t.shortcuts[s.action]}</dd>
          </Fragment>
        ))}
      </dl>
    </section>
  );
}
