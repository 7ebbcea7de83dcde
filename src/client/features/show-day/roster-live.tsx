import type { ReactNode } from "react";
import { useShowDay } from "#client/features/show-day/api/get-show-day.ts";
import { ClassStatus } from "#client/features/show-day/components/class-status.tsx";
import { LiveRingBar } from "#client/features/show-day/components/live-ring-bar.tsx";
import { useDayModel, useNow } from "#client/features/show-day/use-day-model.ts";
import { useLiveRing } from "#client/features/show-day/use-live-ring.ts";
import type { ShowDay } from "#domain/contracts/show-day.ts";

export interface RosterLiveProps {
  showId: string;
  /** The card, given the live bar and each class's status. */
  render: (live: { bar: ReactNode; statusOf: (classId: string) => ReactNode }) => ReactNode;
  /** The card as it is without the live part (while it loads, or when the show is not on today). */
  fallback: ReactNode;
}

/** A roster card of a show on today, kept live: its ring bar and what each of my classes says. */
export default function RosterLive({ showId, render, fallback }: RosterLiveProps) {
  const day = useShowDay(showId);
  useLiveRing(showId, !!day.data?.runningToday);
  if (!day.data?.runningToday) return fallback;
  return <Live day={day.data} render={render} />;
}

function Live({ day, render }: { day: ShowDay; render: RosterLiveProps["render"] }) {
  const model = useDayModel(day, useNow());
  return render({
    bar: <LiveRingBar model={model} />,
    statusOf: (classId) => <ClassStatus status={model.statusOf(classId)} zone={model.zone} />,
  });
}
