import { type FormEvent, useState } from "react";
import { getPointsScale } from "#client/features/results/api/get-points-scale.ts";
import { savePointsScale } from "#client/features/results/api/save-points-scale.ts";
import { ErrorAlert } from "#client/ui/alert.tsx";
import { Button } from "#client/ui/button.tsx";
import { Field } from "#client/ui/field.tsx";
import { Choice } from "#client/ui/form-controls.tsx";
import { DEFAULT_SCALE } from "#domain/results/high-point.ts";
import {
  readScaleDraft,
  type ScaleDraft,
  type ScaleErrors,
  scaleDraft,
} from "#domain/results/points-scale-form.ts";
import { resultsTexts } from "#domain/texts/results.ts";

const t = resultsTexts.scales;

/**
 * The Admin Panel's points scales (issue 22): load an organisation's scale, edit the points by placing,
 * for showing without one and scaling by class size, and save. Its own chunk, loaded with the screen.
 */
export default function PointsScalesCard() {
  const [org, setOrg] = useState("");
  const [orgError, setOrgError] = useState<string>();
  const [draft, setDraft] = useState<ScaleDraft>(() =>
    scaleDraft({ ...DEFAULT_SCALE, placings: [...DEFAULT_SCALE.placings] }),
  );
  const [errors, setErrors] = useState<ScaleErrors>({});
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [saved, setSaved] = useState<string | null>(null);

  const named = () => {
    const name = org.trim();
    setOrgError(name ? undefined : t.errors.orgRequired);
    return name;
  };
  const run = async (work: () => Promise<void>, failed: string) => {
    setBusy(true);
    setFailure(null);
    setSaved(null);
    try {
      await work();
    } catch (error) {
      setFailure(`${failed} ${error instanceof Error ? error.message : ""}`.trim());
    } finally {
      setBusy(false);
    }
  };
  const load = () => {
    const name = named();
    if (!name) return;
    void run(async () => {
      setDraft(scaleDraft(await getPointsScale(name)));
      setErrors({});
    }, t.loadFailed);
  };
  const save = (event: FormEvent) => {
    event.preventDefault();
    const name = named();
    const read = readScaleDraft(draft);
    setErrors("errors" in read ? read.errors : {});
    if (!name || "errors" in read) return;
    void run(async () => {
      setDraft(scaleDraft(await savePointsScale(name, read.body)));
      setSaved(t.saved(name));
    }, t.saveFailed);
  };

  return (
    <section aria-labelledby="admin-points-scales" className="flex flex-col gap-3">
      <h3 id="admin-points-scales" className="font-semibold text-stone-900">
        {t.title}
      </h3>
      <p className="text-sm text-stone-600">{t.intro}</p>
      <form noValidate onSubmit={save} className="flex flex-col gap-3">
        <Field
          label={t.org}
          hint={t.orgHint}
          error={orgError}
          value={org}
          maxLength={100}
          onChange={(e) => setOrg(e.target.value)}
        />
        <Button type="button" variant="secondary" className="self-start" disabled={busy} onClick={load}>
          {t.load}
        </Button>
        <Field
          label={t.placings}
          hint={t.placingsHint}
          error={errors.placings}
          value={draft.placings}
          inputMode="numeric"
          onChange={(e) => setDraft({ ...draft, placings: e.target.value })}
        />
        <Field
          label={t.shown}
          error={errors.shown}
          value={draft.shown}
          inputMode="numeric"
          onChange={(e) => setDraft({ ...draft, shown: e.target.value })}
        />
        <Choice
          look="row"
          label={t.scaleBySize}
          checked={draft.scaleBySize}
          onChange={(e) => setDraft({ ...draft, scaleBySize: e.target.checked })}
        />
        <ErrorAlert message={failure} />
        <div className="flex flex-wrap items-center gap-3">
          <Button type="submit" disabled={busy}>
            {t.save}
          </Button>
          <p role="status" className="text-sm font-medium text-brand-800">
            {saved}
          </p>
        </div>
      </form>
    </section>
  );
}
