import type { ReactNode } from "react";
import { useShowDay } from "#client/features/show-day/api/get-show-day.ts";
import { ClassStatus } from "#client/features/show-day/components/class-status.tsx";
import { LiveRingBar } from "#client/features/show-day/components/live-ring-bar.tsx";
import { useDayModel, useNow } from "#client/features/show-day/use-day-model.ts";
import { useLiveRing } from "#client/features/show-day/use-live-ring.ts";
import { ShareLiveButton } from "#client/features/watch/share-live-button.tsx";
import type { RosterShow } from "#domain/contracts/roster.ts";
import type { ShowDay } from "#domain/contracts/show-day.ts";

type LiveParts = { bar?: ReactNode; statusOf?: (classId: string) => ReactNode; share?: ReactNode };

export interface RosterLiveProps {
  show: RosterShow;
  /** Whether the show runs today (its days include today): then its ring is kept live. */
  running: boolean;
  /** The card, given the live bar, each class's status and "Share live". */
  render: (live: LiveParts) => ReactNode;
  /** The card as it is without the live part (while it loads). */
  fallback: ReactNode;
}

/**
 * A roster card's later part: on a show running today its ring bar and what each of my classes says,
 * kept live; on a show running or to come with a horse on the card, "Share live" (issue 35).
 */
export default function RosterLive({ show, running, render, fallback }: RosterLiveProps) {
  const day = useShowDay(show.id, running);
  useLiveRing(show.id, running && !!day.data?.runningToday);
  const withHorse = show.days.some((d) => d.classes.some((c) => c.entries.some((e) => e.horseName)));
  const share = withHorse ? (
    <div className="mt-2">
      <ShareLiveButton show={show} />
    </div>
  ) : undefined;
  if (!running || !day.data?.runningToday) return share ? render({ share }) : fallback;
  return <Live day={day.data} render={render} share={share} />;
}

function Live({ day, render, share }: { day: ShowDay; render: RosterLiveProps["render"]; share: ReactNode }) {
  const model = useDayModel(day, useNow());
  return render({
    bar: <LiveRingBar model={model} />,
    statusOf: (classId) => <ClassStatus status={model.statusOf(classId)} zone={model.zone} />,
    share,
  });
}
