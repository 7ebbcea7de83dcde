import { BellOff, BellRing, Smartphone } from "lucide-react";
import type { useThisDevice } from "#client/features/push/use-this-device.ts";
import { ErrorAlert } from "#client/ui/alert.tsx";
import { Button } from "#client/ui/button.tsx";
import { pushTexts } from "#domain/texts/push.ts";

const t = pushTexts;

const CANNOT: Record<"insecure" | "unsupported" | "ios-not-installed" | "denied", string> = {
  insecure: t.cannot.insecure,
  unsupported: t.cannot.unsupported,
  "ios-not-installed": t.cannot.iosNotInstalled,
  denied: t.cannot.denied,
};

/** "Notify me on this phone", or in plain words why this browser cannot, and what to do about it. */
export function ThisDeviceCard({ device }: { device: ReturnType<typeof useThisDevice> }) {
  const { state } = device;
  return (
    <section
      aria-labelledby="this-device-heading"
      className="flex flex-col gap-3 rounded-xl border border-stone-200 bg-white p-4"
    >
      <h2 id="this-device-heading" className="flex items-center gap-2 text-base font-semibold text-brand-900">
        <Smartphone aria-hidden className="size-5" />
        {t.thisDevice.heading}
      </h2>
      <p role="status" className="text-sm text-stone-700">
        {state.kind === "checking"
          ? t.thisDevice.checking
          : state.kind === "cannot"
            ? CANNOT[state.reason]
            : device.pending
              ? t.thisDevice.asking
              : state.kind === "on"
                ? t.thisDevice.on
                : t.thisDevice.off}
      </p>
      {state.kind === "off" ? (
        <Button className="self-start" disabled={device.pending} onClick={device.enable}>
          <BellRing aria-hidden className="size-4" />
          {t.thisDevice.enable}
        </Button>
      ) : state.kind === "on" ? (
        <Button
          variant="secondary"
          className="self-start"
          disabled={device.pending}
          onClick={() => device.disable(state.device)}
        >
          <BellOff aria-hidden className="size-4" />
          {t.thisDevice.disable}
        </Button>
      ) : null}
      <ErrorAlert message={device.error} />
    </section>
  );
}
