import { addDays, format } from "date-fns";
import { Megaphone } from "lucide-react";
import { lazy, type ReactNode, Suspense, useEffect } from "react";
import { Link } from "#client/app/routing.ts";
import { useShowDay } from "#client/features/show-day/api/get-show-day.ts";
import { ClassStatus } from "#client/features/show-day/components/class-status.tsx";
import { LiveRingBar } from "#client/features/show-day/components/live-ring-bar.tsx";
import { useDayModel, useNow } from "#client/features/show-day/use-day-model.ts";
import { useLiveRing } from "#client/features/show-day/use-live-ring.ts";
import { buttonClass } from "#client/ui/button.tsx";
import type { ShowDay } from "#domain/contracts/show-day.ts";
import type { ShowDetail } from "#domain/contracts/shows.ts";
import { showDayTexts } from "#domain/texts/show-day.ts";

/**
 * Show detail's show-day part (its own chunk, loaded after the first screen): the live ring bar while a
 * session runs, and Ring control for admins and the show's stewards while the show is on. A show whose
 * dates are not within a day of this device's today cannot be running (whatever its time zone), so its
 * day is not asked for.
 */
/** What a class row says while the show runs: its status and estimate, the roster's words exactly. */
export type LiveClassStatus = (classId: string) => ReactNode;

export default function ShowDayPanel({
  show,
  onLive,
}: {
  show: Pick<ShowDetail, "id" | "startDate" | "endDate" | "classes">;
  /** Given each class's live status while a session day runs (null otherwise), for the class rows. */
  onLive?: (statusOf: LiveClassStatus | null) => void;
}) {
  // Posted results (issue 22) come with this chunk too: show detail's first load is at its budget.
  const started = show.startDate <= format(new Date(), "yyyy-MM-dd");
  return (
    <>
      <RingPart show={show} onLive={onLive} />
      {started ? (
        <Suspense fallback={null}>
          <ShowResultsPanel show={show} />
        </Suspense>
      ) : null}
    </>
  );
}

const ShowResultsPanel = lazy(() =>
  import("#client/features/results/components/show-results-panel.tsx").then((m) => ({
    default: m.ShowResultsPanel,
  })),
);

function RingPart({
  show,
  onLive,
}: {
  show: Pick<ShowDetail, "id" | "startDate" | "endDate">;
  onLive: ((statusOf: LiveClassStatus | null) => void) | undefined;
}) {
  const today = new Date();
  const near =
    show.startDate <= format(addDays(today, 1), "yyyy-MM-dd") &&
    show.endDate >= format(addDays(today, -1), "yyyy-MM-dd");
  const day = useShowDay(show.id, near);
  useLiveRing(show.id, !!day.data?.runningToday);
  if (!day.data?.runningToday) return null;
  return <Panel day={day.data} onLive={onLive} />;
}

function Panel({
  day,
  onLive,
}: {
  day: ShowDay;
  onLive: ((statusOf: LiveClassStatus | null) => void) | undefined;
}) {
  const model = useDayModel(day, useNow());
  // Show detail's rows say what the roster says, from the same model (one estimate, issue 34).
  useEffect(() => {
    onLive?.((classId) => <ClassStatus status={model.statusOf(classId)} zone={model.zone} />);
    return () => onLive?.(null);
  }, [model, onLive]);
  return (
    <div className="flex flex-col gap-2 empty:hidden">
      <LiveRingBar model={model} />
      {day.canRunRing && day.sessions.length > 0 ? (
        <Link
          to={`/shows/${encodeURIComponent(day.showId)}/ring`}
          className={buttonClass("secondary", "self-start")}
        >
          <Megaphone aria-hidden className="size-4" />
          {showDayTexts.ring.open}
        </Link>
      ) : null}
    </div>
  );
}
