import { format } from "date-fns";
import { Trash2 } from "lucide-react";
import { useRemoveDevice } from "#client/features/push/api/remove-device.ts";
import type { useThisDevice } from "#client/features/push/use-this-device.ts";
import { ErrorAlert, LoadError } from "#client/ui/alert.tsx";
import { Button } from "#client/ui/button.tsx";
import { EmptyState, Spinner } from "#client/ui/page.tsx";
import { pushTexts } from "#domain/texts/push.ts";
import { texts } from "#domain/texts/shell.ts";

const t = pushTexts;

/** Every device of the person's that gets notifications, this one marked, each with Remove. */
export function DeviceList({ device }: { device: ReturnType<typeof useThisDevice> }) {
  const { devices } = device;
  const remove = useRemoveDevice();
  return (
    <section aria-labelledby="devices-heading" className="flex flex-col gap-3">
      <h2 id="devices-heading" className="text-base font-semibold text-brand-900">
        {t.devicesHeading}
      </h2>
      {devices.isPending ? (
        <Spinner label={texts.common.loading} />
      ) : devices.isError ? (
        <LoadError
          message={`${t.loadFailed} ${devices.error.message}`}
          onRetry={() => void devices.refetch()}
        />
      ) : devices.data.devices.length === 0 ? (
        <EmptyState title={t.noDevices} />
      ) : (
        <ul
          className="overflow-hidden rounded-xl border border-stone-200 bg-white"
          aria-labelledby="devices-heading"
        >
          {devices.data.devices.map((d) => {
            const line = t.deviceLine(d.label, format(new Date(d.createdAt), "MMM d"));
            return (
              <li
                key={d.id}
                className="flex flex-wrap items-center gap-x-3 gap-y-1 border-b border-stone-100 px-4 py-3 last:border-b-0"
              >
                <span className="min-w-0 flex-1 text-sm text-stone-900">
                  {line}
                  {d.endpoint === device.endpoint ? (
                    <span className="ml-2 rounded-full bg-brand-100 px-2 py-0.5 text-xs font-semibold text-brand-800">
                      {t.thisDeviceTag}
                    </span>
                  ) : null}
                </span>
                <Button
                  variant="ghost"
                  aria-label={t.removeLabel(line)}
                  disabled={remove.isPending}
                  onClick={() => remove.mutate(d, { onSettled: () => void device.refresh() })}
                >
                  <Trash2 aria-hidden className="size-4" />
                  {t.remove}
                </Button>
              </li>
            );
          })}
        </ul>
      )}
      <ErrorAlert message={remove.error ? `${t.removeFailed} ${remove.error.message}` : null} />
    </section>
  );
}
