import { ArrowLeft, CircleCheck, Clock, Play, Square, Undo2 } from "lucide-react";
import { useMemo, useState } from "react";
import { Link, useParams } from "#client/app/routing.ts";
import { useMe } from "#client/features/auth/api/get-me.ts";
import { useShowDay } from "#client/features/show-day/api/get-show-day.ts";
import {
  type RingActionInput,
  ringActionChange,
  useRingAction,
} from "#client/features/show-day/api/ring-action.ts";
import { ActionLog } from "#client/features/show-day/components/action-log.tsx";
import { ScratchDialog } from "#client/features/show-day/components/scratch-dialog.tsx";
import { StewardsCard } from "#client/features/show-day/components/stewards-card.tsx";
import { useDayModel, useNow } from "#client/features/show-day/use-day-model.ts";
import { useLiveRing } from "#client/features/show-day/use-live-ring.ts";
import { useQueuedChanges } from "#client/lib/queued.ts";
import { ErrorAlert, LoadError } from "#client/ui/alert.tsx";
import { buttonClass } from "#client/ui/button.tsx";
import { PageHeader, Spinner } from "#client/ui/page.tsx";
import type { RingActionBody, ShowDay } from "#domain/contracts/show-day.ts";
import { formatDayHeading } from "#domain/dates/show-dates.ts";
import { hasRole } from "#domain/people/roles.ts";
import { describeAction, inRingOf, nextToCall, sessionLive } from "#domain/show-day/ring.ts";
import { formatClockTime } from "#domain/show-day/show-sessions.ts";
import { formatShowTime } from "#domain/show-day/show-time.ts";
import { showDayTexts } from "#domain/texts/show-day.ts";

const t = showDayTexts.ring;
/** One-thumb targets: at least 48 px, the main one larger. */
const big = "min-h-14 w-full text-base";
const tap = "min-h-12";

export default function RingControlScreen() {
  const { showId = "" } = useParams();
  const day = useShowDay(showId);
  useLiveRing(showId, !!day.data);
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
  const model = useDayModel(day, useNow(), waiting);
  const [chosen, setChosen] = useState<string | null>(null);
  const [scratching, setScratching] = useState<{ id: string; number: string } | null>(null);
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
      </>
    );
  if (!session)
    return (
      <>
        {header}
        <p className="text-sm text-stone-700">{t.noSessions}</p>
      </>
    );

  const live = sessionLive(model.state, session.id);
  const current = inRingOf(model.state, session);
  const next = nextToCall(model.state, session);
  const est = model.estimates.get(session.id);
  const refused = queued.filter((q) => q.status === "error");
  const send = (action: RingActionBody) => {
    const label = describeAction(action, model.sessions);
    ring.queue({ showId: day.showId, action }, label);
  };
  const lastSeq = day.ring.lastEffectiveSeq;
  const error = ring.error && !ring.variables?.offline ? ring.error.message : null;

  return (
    <div className="flex flex-col gap-4 pb-6">
      {header}
      <label className="flex flex-col gap-1 text-sm font-medium text-stone-800">
        {t.pickSession}
        <select
          value={session.id}
          onChange={(e) => setChosen(e.target.value)}
          className="min-h-12 rounded-lg border border-stone-300 bg-white px-3 text-base"
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

      <ErrorAlert message={error} />
      {refused.map((q) => (
        <ErrorAlert key={q.submittedAt} message={`${t.refused}: ${q.label}. ${q.error ?? ""}`} />
      ))}
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
        className="flex flex-col gap-3 rounded-xl border border-stone-200 bg-white p-3 shadow-sm"
      >
        <p className="text-sm font-semibold text-stone-700">{t.sessionStatus[live.status]}</p>
        {current ? (
          <div className="rounded-lg bg-emerald-50 p-3 text-emerald-950" data-testid="ring-current">
            <p className="text-lg font-bold">{t.inRing(current.number)}</p>
            <p className="text-sm break-words">{current.name}</p>
            {model.state.classes[current.id]?.startedAt ? (
              <p className="mt-1 text-xs">
                {t.inRingSince(formatShowTime(model.state.classes[current.id]!.startedAt!, model.zone))}
              </p>
            ) : null}
          </div>
        ) : live.status === "running" ? (
          <p className="text-sm text-stone-700">{t.nothingInRing}</p>
        ) : null}

        {live.status === "scheduled" ? (
          <button
            type="button"
            className={buttonClass("primary", big)}
            onClick={() => send({ kind: "start-session", sessionId: session.id })}
          >
            <Play aria-hidden className="size-5" />
            {t.startSession}
          </button>
        ) : null}
        {live.status === "running" && next ? (
          <button
            type="button"
            className={buttonClass("primary", big)}
            onClick={() =>
              send({
                kind: "in-ring",
                sessionId: session.id,
                classId: next.id,
                expectedInRing: current?.id ?? null,
              })
            }
          >
            {t.callNext(next.number)}
            {est?.starts.get(next.id) ? (
              <span className="font-normal">≈ {formatShowTime(est.starts.get(next.id)!, model.zone)}</span>
            ) : null}
          </button>
        ) : null}
        {live.status === "running" ? (
          <div className="grid grid-cols-2 gap-2">
            <button
              type="button"
              disabled={!current}
              aria-label={current ? t.doneLabel(current.number) : t.done}
              className={buttonClass("secondary", tap)}
              onClick={() => current && send({ kind: "done", sessionId: session.id, classId: current.id })}
            >
              <CircleCheck aria-hidden className="size-4" />
              {t.done}
            </button>
            <button
              type="button"
              disabled={lastSeq === null || waiting.length > 0}
              aria-describedby={waiting.length > 0 ? "undo-waits" : undefined}
              className={buttonClass("secondary", tap)}
              onClick={() => lastSeq !== null && send({ kind: "undo", undoSeq: lastSeq })}
            >
              <Undo2 aria-hidden className="size-4" />
              {t.undo}
            </button>
            <button
              type="button"
              className={buttonClass("secondary", `${tap} col-span-2`)}
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
            const at = est?.starts.get(c.id);
            return (
              <li key={c.id} className="flex items-center gap-2 px-3 py-1.5">
                <span className="w-10 shrink-0 text-right font-mono text-sm font-semibold text-brand-700">
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
                    className={buttonClass("ghost", `${tap} px-3`)}
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

      {live.status === "running" ? (
        <button
          type="button"
          className={buttonClass("danger", tap)}
          onClick={() => send({ kind: "finish-session", sessionId: session.id })}
        >
          <Square aria-hidden className="size-4" />
          {t.finishSession}
        </button>
      ) : null}

      <ActionLog actions={day.ring.actions} zone={model.zone} />
      {me.data && hasRole(me.data, "Admin") ? <StewardsCard showId={day.showId} /> : null}

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
