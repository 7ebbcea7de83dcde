import { BellRing } from "lucide-react";
import { useEffect, useId, useState } from "react";
import { useAlertSetting, useSaveAlertSetting } from "#client/features/show-day/api/alert-setting.ts";
import { ErrorAlert } from "#client/ui/alert.tsx";
import { Button } from "#client/ui/button.tsx";
import { MAX_CLASSES_AWAY } from "#domain/show-day/ring-alerts.ts";
import { showDayTexts } from "#domain/texts/show-day.ts";

const t = showDayTexts.alerts;

/**
 * "Tell me when my class is N classes away" (default 3; 0 = off). Its own component, so it can move to
 * a notification settings screen without change.
 */
export default function ClassAlertSetting() {
  const setting = useAlertSetting();
  const save = useSaveAlertSetting();
  // What the person typed, checked on Save: 25 is refused with the limit said, never saved as 20.
  const [value, setValue] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const id = useId();
  useEffect(() => {
    if (setting.data && value === null) setValue(String(setting.data.classesAway));
  }, [setting.data, value]);
  if (setting.isError) return <ErrorAlert message={`${t.loadFailed} ${setting.error.message}`} />;
  return (
    <section aria-labelledby={`${id}-title`} className="mb-6 rounded-xl border border-stone-200 bg-white p-4">
      <h2 id={`${id}-title`} className="flex items-center gap-2 text-base font-semibold text-brand-900">
        <BellRing aria-hidden className="size-4" />
        {t.setting}
      </h2>
      <p id={`${id}-hint`} className="mt-1 text-sm text-stone-600">
        {t.settingHint}
      </p>
      <form
        className="mt-3 flex flex-wrap items-end gap-3"
        onSubmit={(e) => {
          e.preventDefault();
          if (value === null) return;
          const n = Number(value);
          if (value.trim() === "" || !Number.isInteger(n) || n < 0 || n > MAX_CLASSES_AWAY) {
            setProblem(t.settingRange(MAX_CLASSES_AWAY));
            return;
          }
          save.mutate(n);
        }}
      >
        <label className="flex flex-col gap-1 text-sm font-medium text-stone-800">
          {t.settingLabel}
          <input
            type="number"
            inputMode="numeric"
            min={0}
            max={MAX_CLASSES_AWAY}
            value={value ?? ""}
            disabled={value === null}
            aria-describedby={problem ? `${id}-hint ${id}-problem` : `${id}-hint`}
            aria-invalid={problem ? true : undefined}
            onChange={(e) => {
              setValue(e.target.value);
              setProblem(null);
              save.reset();
            }}
            className="min-h-11 w-24 rounded-lg border border-stone-300 px-3 text-base"
          />
        </label>
        <Button type="submit" variant="secondary" disabled={value === null || save.isPending}>
          {t.settingSave}
        </Button>
        <span role="status" className="min-h-11 content-center text-sm text-emerald-800">
          {save.isSuccess ? (value === "0" ? `${t.settingSaved} ${t.settingOff}.` : t.settingSaved) : ""}
        </span>
      </form>
      {problem ? (
        <p id={`${id}-problem`} role="alert" className="mt-1 text-sm text-red-700">
          {problem}
        </p>
      ) : null}
      <ErrorAlert message={save.error?.message} />
    </section>
  );
}
