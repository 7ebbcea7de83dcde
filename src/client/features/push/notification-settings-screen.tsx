import { ArrowLeft } from "lucide-react";
import { Link } from "#client/app/routing.ts";
import { DeviceList } from "#client/features/push/components/device-list.tsx";
import { PushChoices } from "#client/features/push/components/push-choices.tsx";
import { ThisDeviceCard } from "#client/features/push/components/this-device-card.tsx";
import { useThisDevice } from "#client/features/push/use-this-device.ts";
import { PageHeader } from "#client/ui/page.tsx";
import { pushTexts } from "#domain/texts/push.ts";

const t = pushTexts;

/** Notification settings (from My Profile): this phone, what is pushed, and every device that gets it. */
export default function NotificationSettingsScreen() {
  const device = useThisDevice();
  return (
    <div className="flex flex-col gap-6">
      <div>
        <Link
          to="/profile"
          className="-ml-2 inline-flex min-h-11 items-center gap-1 rounded-lg px-2 text-sm font-semibold text-brand-700 hover:bg-brand-50"
        >
          <ArrowLeft aria-hidden className="size-4" />
          {t.back}
        </Link>
        <PageHeader title={t.settingsTitle} subtitle={t.settingsIntro} />
      </div>
      <ThisDeviceCard device={device} />
      <PushChoices />
      <DeviceList device={device} />
    </div>
  );
}
