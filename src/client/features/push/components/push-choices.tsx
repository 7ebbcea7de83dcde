import { useRef, useState } from "react";
import { usePushSettings } from "#client/features/push/api/get-push-settings.ts";
import { useSavePushSettings } from "#client/features/push/api/save-push-settings.ts";
import { localTimeZone } from "#client/lib/push-device.ts";
import { ErrorAlert, LoadError } from "#client/ui/alert.tsx";
import { Spinner } from "#client/ui/page.tsx";
import type { PushSettings } from "#domain/contracts/push.ts";
import {
  NEW_SHOW_REACHES,
  type NewShowReach,
  PUSH_KINDS,
  type PushKind,
} from "#domain/notifications/push-kinds.ts";
import { pushTexts } from "#domain/texts/push.ts";
import { texts } from "#domain/texts/shell.ts";

const t = pushTexts;

const radioClass =
  "flex min-h-11 flex-1 cursor-pointer items-center gap-2 rounded-lg border border-stone-300 bg-white px-3 text-sm text-stone-800 has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50 has-[:checked]:font-semibold has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-300";

/**
 * For each kind: in the app only, or in the app and pushed; and quiet hours. Each change shows at once
 * and is saved at once, with this device's time zone (quiet hours are kept where the person is); a
 * refused save puts back what the server holds.
 */
export function PushChoices() {
  const settings = usePushSettings();
  const save = useSavePushSettings();
  const [shown, setShown] = useState<PushSettings | null>(null);
  const latest = useRef(0);
  if (settings.isPending) return <Spinner label={texts.common.loading} />;
  if (settings.isError) {
    return (
      <LoadError
        message={`${t.loadFailed} ${settings.error.message}`}
        onRetry={() => void settings.refetch()}
      />
    );
  }
  const current: PushSettings = shown ?? settings.data;
  const change = (
    choices: Partial<Record<PushKind, boolean>>,
    quietHours = current.quietHours,
    newShows: NewShowReach = current.newShows,
  ) => {
    const timeZone = localTimeZone();
    setShown({ choices: { ...current.choices, ...choices }, quietHours, timeZone, newShows });
    const mine = ++latest.current;
    save.mutate(
      { choices, quietHours, timeZone, newShows },
      { onSettled: () => mine === latest.current && setShown(null) },
    );
  };

  return (
    <>
      <fieldset className="flex flex-col gap-2" aria-describedby="new-shows-hint">
        <legend className="text-base font-semibold text-brand-900">{t.newShowsHeading}</legend>
        <p id="new-shows-hint" className="text-xs text-stone-600">
          {t.newShowsHint}
        </p>
        {NEW_SHOW_REACHES.map((reach) => (
          <label key={reach} className={`${radioClass} py-2`}>
            <input
              type="radio"
              name="new-shows"
              className="size-4 shrink-0 accent-brand-700"
              checked={current.newShows === reach}
              aria-describedby={`new-shows-${reach}-hint`}
              onChange={() => change({}, current.quietHours, reach)}
            />
            <span className="flex flex-col">
              <span>{t.newShowReaches[reach]}</span>
              <span id={`new-shows-${reach}-hint`} className="text-xs font-normal text-stone-600">
                {t.newShowReachHints[reach]}
              </span>
            </span>
          </label>
        ))}
      </fieldset>
      <section aria-labelledby="kinds-heading" className="flex flex-col gap-4">
        <h2 id="kinds-heading" className="text-base font-semibold text-brand-900">
          {t.kindsHeading}
        </h2>
        {PUSH_KINDS.map((kind) => (
          <fieldset key={kind} className="flex flex-col gap-2">
            <legend className="mb-1 text-sm font-medium text-stone-900">{t.kinds[kind]}</legend>
            <div className="flex flex-col gap-2 min-[400px]:flex-row">
              {([false, true] as const).map((pushed) => (
                <label key={String(pushed)} className={radioClass}>
                  <input
                    type="radio"
                    name={`push-${kind}`}
                    className="size-4 accent-brand-700"
                    checked={current.choices[kind] === pushed}
                    onChange={() => change({ [kind]: pushed })}
                  />
                  {pushed ? t.pushed : t.inAppOnly}
                </label>
              ))}
            </div>
          </fieldset>
        ))}
        <label className="flex min-h-11 cursor-pointer items-start gap-3 rounded-lg border border-stone-200 bg-white p-3">
          <input
            type="checkbox"
            className="mt-0.5 size-4 accent-brand-700"
            checked={current.quietHours}
            aria-describedby="quiet-hours-hint"
            onChange={(e) => change({}, e.target.checked)}
          />
          <span className="flex flex-col gap-1">
            <span className="text-sm font-medium text-stone-900">{t.quietHours}</span>
            <span id="quiet-hours-hint" className="text-xs text-stone-600">
              {t.quietHoursHint(current.timeZone ?? localTimeZone())}
            </span>
          </span>
        </label>
        <p role="status" className="min-h-5 text-xs text-stone-600">
          {save.isPending ? t.saving : save.isSuccess ? t.saved : ""}
        </p>
        <ErrorAlert message={save.error ? `${t.saveFailed} ${save.error.message}` : null} />
      </section>
    </>
  );
}
