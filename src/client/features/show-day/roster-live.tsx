import type { ReactNode } from "react";
import { useShowDay } from "#client/features/show-day/api/get-show-day.ts";
import { ClassStatus } from "#client/features/show-day/components/class-status.tsx";
import { LiveRingBar } from "#client/features/show-day/components/live-ring-bar.tsx";
import { useDayModel, useNow } from "#client/features/show-day/use-day-model.ts";
import { useLiveRing } from "#client/features/show-day/use-live-ring.ts";
import { ShareLiveButton } from "#client/features/watch/share-live-button.tsx";
import type { RosterShow } from "#domain/contracts/roster.ts";
import type { ShowDay } from "#domain/contracts/show-day.ts";

// A roster card's "Share live" comes from this chunk too: today's card fetches one chunk, not two in turn.
export { ShareLiveButton };

/** What the lazy part adds to a card on a show's days: the live bar, each class's status, "Share live". */
export interface LiveParts {
  bar?: ReactNode;
  statusOf?: (classId: string) => ReactNode;
  /** "Share live" from this chunk, already here: the card draws it without a boundary of its own. */
  Share?: typeof ShareLiveButton;
}

export interface RosterLiveProps {
  /** A show whose days include today: its ring is kept live. */
  show: RosterShow;
  /** The card, given the live bar and each class's status. */
  render: (live: LiveParts) => ReactNode;
  /** The card as it is without the live part (while it loads, or when the show is not running today). */
  fallback: ReactNode;
}

/** A roster card's later part on a show running today: its ring bar and what each of my classes says, kept live. */
export default function RosterLive({ show, render, fallback }: RosterLiveProps) {
  const day = useShowDay(show.id, true);
  useLiveRing(show.id, !!day.data?.runningToday);
  if (!day.data?.runningToday) return fallback;
  return <Live day={day.data} render={render} />;
}

function Live({ day, render }: { day: ShowDay; render: RosterLiveProps["render"] }) {
  const model = useDayModel(day, useNow());
  return render({
    bar: <LiveRingBar model={model} />,
    statusOf: (classId) => <ClassStatus status={model.statusOf(classId)} zone={model.zone} />,
    // Given here, not through the card's own lazy part: its boundary would still wait on that part's
    // promise when the ring's next tick re-rendered the card, and an urgent update to a boundary not yet
    // hydrated makes React drop the server's button and draw it again (a layout shift of 0.04).
    Share: ShareLiveButton,
  });
}
