import { Settings } from "lucide-react";
import { Link } from "#client/app/routing.ts";
import { ThisDeviceCard } from "#client/features/push/components/this-device-card.tsx";
import { useThisDevice } from "#client/features/push/use-this-device.ts";
import { pushTexts } from "#domain/texts/push.ts";

/**
 * On Notifications: "Notify me on this phone" while this phone could get them and does not, and the
 * way to Notification settings always. Loaded as its own chunk after the list.
 */
export default function NotifyPrompt() {
  const device = useThisDevice();
  const offer = device.state.kind === "off" || (device.pending && device.state.kind !== "on");
  return (
    <div className="mb-4 flex flex-col gap-2">
      {offer || device.error ? <ThisDeviceCard device={device} /> : null}
      <Link
        to="/profile/notifications"
        className="inline-flex min-h-11 items-center gap-1.5 self-end rounded-lg px-2 text-sm font-semibold text-brand-700 hover:bg-brand-50"
      >
        <Settings aria-hidden className="size-4" />
        {pushTexts.settingsLink}
      </Link>
    </div>
  );
}
