import { Award, Bell, CalendarClock, CalendarPlus, Hourglass, Megaphone, UserPlus } from "lucide-react";
import { HorseIcon } from "#client/ui/icons.tsx";

/** An icon per notification type; types we do not know get the bell. */
export function NotificationIcon({ type }: { type: string }) {
  const className = "size-5";
  switch (type) {
    case "NewShow":
      return <CalendarPlus aria-hidden className={className} />;
    case "ShowUpdate":
      return <CalendarClock aria-hidden className={className} />;
    case "NewQualifyingClass":
      return <Award aria-hidden className={className} />;
    case "BarnActivity":
      return <HorseIcon aria-hidden className={className} />;
    // Show day (issue 21): a class on my roster is close, or in the ring.
    case "ClassAway":
      return <Hourglass aria-hidden className={className} />;
    case "ClassInRing":
      return <Megaphone aria-hidden className={className} />;
    case "FriendRequest":
      return <UserPlus aria-hidden className={className} data-testid="friend-request-icon" />;
    default:
      return <Bell aria-hidden className={className} data-testid="default-notification-icon" />;
  }
}
