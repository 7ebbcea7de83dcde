import { addDays, format } from "date-fns";
import { Megaphone } from "lucide-react";
import { lazy, Suspense } from "react";
import { Link } from "#client/app/routing.ts";
import { useShowDay } from "#client/features/show-day/api/get-show-day.ts";
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
export default function ShowDayPanel({
  show,
}: {
  show: Pick<ShowDetail, "id" | "startDate" | "endDate" | "classes">;
}) {
  // Posted results (issue 22) come with this chunk too: show detail's first load is at its budget.
  const started = show.startDate <= format(new Date(), "yyyy-MM-dd");
  return (
    <>
      <RingPart show={show} />
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

function RingPart({ show }: { show: Pick<ShowDetail, "id" | "startDate" | "endDate"> }) {
  const today = new Date();
  const near =
    show.startDate <= format(addDays(today, 1), "yyyy-MM-dd") &&
    show.endDate >= format(addDays(today, -1), "yyyy-MM-dd");
  const day = useShowDay(show.id, near);
  useLiveRing(show.id, !!day.data?.runningToday);
  if (!day.data?.runningToday) return null;
  return <Panel day={day.data} />;
}

function Panel({ day }: { day: ShowDay }) {
  const model = useDayModel(day, useNow());
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
