import { type FormEvent, useState } from "react";
import { getPointsScale } from "#client/features/results/api/get-points-scale.ts";
import { usePointsScaleOrgs } from "#client/features/results/api/get-points-scale-orgs.ts";
import { savePointsScale } from "#client/features/results/api/save-points-scale.ts";
import { ErrorAlert, LoadError } from "#client/ui/alert.tsx";
import { Button } from "#client/ui/button.tsx";
import { controlClass, Field, FormField } from "#client/ui/field.tsx";
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
 * The Admin Panel's points scales (issue 22): choose an organisation written on a show (issue 34: a
 * typed name loaded a scale for an organisation that does not exist), its scale loads; edit the points
 * by placing, for showing without one and scaling by class size, and save. Its own chunk.
 */
export default function PointsScalesCard() {
  const orgs = usePointsScaleOrgs();
  // The organisations are read once the script runs (never in the server's HTML): till then the scale's
  // fields are not ready, so nothing typed or ticked into them is lost when the script takes them over.
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
  const load = (name: string) => {
    setOrg(name);
    setOrgError(undefined);
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
        {orgs.isError ? (
          <LoadError message={`${t.orgsFailed} ${orgs.error.message}`} onRetry={() => void orgs.refetch()} />
        ) : orgs.data?.orgs.length === 0 ? (
          <p className="text-sm text-stone-700">{t.noOrgs}</p>
        ) : (
          <FormField label={t.org} hint={t.orgHint} error={orgError}>
            {(control) => (
              <select
                {...control}
                className={controlClass}
                value={org}
                disabled={busy || orgs.isPending}
                onChange={(e) => load(e.target.value)}
              >
                <option value="">{t.orgPlaceholder}</option>
                {orgs.data?.orgs.map((name) => (
                  <option key={name} value={name}>
                    {name}
                  </option>
                ))}
              </select>
            )}
          </FormField>
        )}
        <Field
          label={t.placings}
          hint={t.placingsHint}
          error={errors.placings}
          value={draft.placings}
          disabled={orgs.isPending}
          inputMode="numeric"
          onChange={(e) => setDraft({ ...draft, placings: e.target.value })}
        />
        <Field
          label={t.shown}
          error={errors.shown}
          value={draft.shown}
          disabled={orgs.isPending}
          inputMode="numeric"
          onChange={(e) => setDraft({ ...draft, shown: e.target.value })}
        />
        <Choice
          look="row"
          label={t.scaleBySize}
          checked={draft.scaleBySize}
          disabled={orgs.isPending}
          onChange={(e) => setDraft({ ...draft, scaleBySize: e.target.checked })}
        />
        <ErrorAlert message={failure} />
        <div className="flex flex-wrap items-center gap-3">
          <Button type="submit" disabled={busy || orgs.isPending}>
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
