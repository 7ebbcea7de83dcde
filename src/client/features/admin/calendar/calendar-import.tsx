import { useQueryClient } from "@tanstack/react-query";
import { Download } from "lucide-react";
import { useId, useRef, useState } from "react";
import {
  importCalendarBatch,
  previewCalendarFile,
  previewCalendarUrl,
} from "#client/features/admin/api/calendar.ts";
import { useAdminStatus } from "#client/features/admin/status-banner.tsx";
import { Button } from "#client/ui/button.tsx";
import { Field, FormField } from "#client/ui/field.tsx";
import { Choice, ChoiceGroup } from "#client/ui/form-controls.tsx";
import { ReadyButton } from "#client/ui/ready-button.tsx";
import { keepTypedEarly } from "#client/ui/typed-early.ts";
import { CALENDAR_LIMITS, type CalendarPreview, type CalendarShow } from "#domain/contracts/admin.ts";
import { formatShowDates } from "#domain/dates/show-dates.ts";
import { CALENDAR_SAMPLE_CSV } from "#domain/imports/calendar-import.ts";
import { adminTexts } from "#domain/texts/admin.ts";

const t = adminTexts.calendar;

/**
 * Shows of the preview: a table from 640 px, a list of cards on a phone (no sideways scrolling); the
 * hidden one is out of the accessibility tree (display: none).
 */
function ShowTable({
  caption,
  shows,
  extra,
}: {
  caption: string;
  shows: CalendarShow[];
  extra?: (i: number) => string;
}) {
  if (shows.length === 0) return null;
  return (
    <div className="rounded-lg border border-stone-200">
      <ul aria-label={caption} className="max-h-96 divide-y divide-stone-100 overflow-y-auto sm:hidden">
        <li aria-hidden className="bg-stone-50 px-3 py-2 text-sm font-semibold text-stone-900">
          {caption}
        </li>
        {shows.map((s, i) => (
          <li key={`${s.name}|${s.startDate}`} className="flex flex-col px-3 py-2 text-sm">
            <span className="font-medium break-words text-stone-900">{s.name}</span>
            <span className="text-stone-700">{formatShowDates(s.startDate, s.endDate)}</span>
            <span className="break-words text-stone-600">
              {[s.location, s.sanctioningOrg].filter(Boolean).join(" · ")}
            </span>
            {extra ? <span className="text-xs text-stone-700">{extra(i)}</span> : null}
          </li>
        ))}
      </ul>
      <div className="hidden max-h-64 overflow-auto sm:block">
        <table className="w-full text-left text-sm">
          <caption className="bg-stone-50 px-3 py-2 text-left font-semibold text-stone-900">
            {caption}
          </caption>
          <thead className="bg-stone-50 text-xs text-stone-600">
            <tr>
              <th scope="col" className="px-3 py-1">
                {t.columns.name}
              </th>
              <th scope="col" className="px-3 py-1">
                {t.columns.dates}
              </th>
              <th scope="col" className="px-3 py-1">
                {t.columns.location}
              </th>
              <th scope="col" className="px-3 py-1">
                {t.columns.org}
              </th>
              {extra ? <th scope="col" className="px-3 py-1" /> : null}
            </tr>
          </thead>
          <tbody className="divide-y divide-stone-100">
            {shows.map((s, i) => (
              <tr key={`${s.name}|${s.startDate}`}>
                <td className="px-3 py-1">{s.name}</td>
                <td className="px-3 py-1 whitespace-nowrap">{formatShowDates(s.startDate, s.endDate)}</td>
                <td className="px-3 py-1">{s.location}</td>
                <td className="px-3 py-1">{s.sanctioningOrg ?? ""}</td>
                {extra ? <td className="px-3 py-1 text-xs text-stone-600">{extra(i)}</td> : null}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}

/** "Differs: Org: WHOA → TWHBEA; Ends: …", or "Same". */
function differenceText(show: CalendarPreview["existing"][number]): string {
  if (!show.changed) return t.same;
  return t.differs(
    show.differences.map((d) => t.difference(t.field[d.field], d.from || t.none, d.to || t.none)).join("; "),
  );
}

interface Summary {
  created: number;
  updated: number;
  skipped: number;
  problems: CalendarPreview["problems"];
}

function ProblemList({ problems }: { problems: CalendarPreview["problems"] }) {
  return (
    <ul className="mt-1 list-disc pl-5 break-words text-amber-900">
      {problems.map((p) => (
        <li key={p.row}>
          {t.row(p.row)}: {p.reason} <span className="text-stone-600">({p.text})</span>
        </li>
      ))}
    </ul>
  );
}

/** What the import did, on the screen until the admin dismisses it. */
function ImportSummary({ summary, onDismiss }: { summary: Summary; onDismiss: () => void }) {
  const id = useId();
  return (
    <section
      aria-labelledby={id}
      className="flex flex-col gap-2 rounded-lg border border-brand-200 bg-brand-50 p-3 text-sm text-stone-800"
    >
      <h4 id={id} className="font-semibold text-brand-900">
        {t.summaryTitle}
      </h4>
      <ul className="flex flex-col">
        <li>{t.summaryNew(summary.created)}</li>
        <li>{t.summaryUpdated(summary.updated)}</li>
        <li>{t.summarySkipped(summary.skipped)}</li>
        <li>{t.summaryUnreadable(summary.problems.length)}</li>
      </ul>
      {summary.problems.length ? <ProblemList problems={summary.problems} /> : null}
      <div>
        <Button variant="secondary" onClick={onDismiss}>
          {t.dismiss}
        </Button>
      </div>
    </section>
  );
}

/**
 * Calendar Import: an .ics or CSV file, or its URL, is previewed (new shows, shows already present,
 * rows that could not be read), then imported in batches with progress. A second import of the same
 * calendar finds every show present and adds nothing.
 */
export function CalendarImport() {
  const ids = { progress: useId() };
  const fileInput = useRef<HTMLInputElement>(null);
  const [url, setUrl] = useState("");
  const [preview, setPreview] = useState<CalendarPreview | null>(null);
  const [busy, setBusy] = useState(false);
  const [existing, setExisting] = useState<"skip" | "update">("skip");
  const [progress, setProgress] = useState<{ done: number; total: number } | null>(null);
  const [summary, setSummary] = useState<Summary | null>(null);
  const report = useAdminStatus();
  const queryClient = useQueryClient();

  const run = async (load: () => Promise<CalendarPreview>) => {
    setBusy(true);
    setPreview(null);
    setSummary(null);
    try {
      const result = await load();
      setPreview(result);
      report("success", t.previewed(result.newShows.length + result.existing.length));
    } catch (error) {
      report("error", (error as Error).message);
    } finally {
      setBusy(false);
    }
  };

  const previewFile = () => {
    const file = fileInput.current?.files?.[0];
    if (!file) return report("error", t.chooseFile);
    void run(() => previewCalendarFile(file));
  };
  const previewUrl = () => {
    if (!url.trim()) return report("error", t.enterUrl);
    void run(() => previewCalendarUrl(url.trim()));
  };

  const toImport = preview
    ? [
        ...preview.newShows,
        ...(existing === "update"
          ? preview.existing
              .filter((s) => s.changed)
              .map(({ id: _id, changed: _changed, differences: _d, ...show }) => show)
          : []),
      ]
    : [];

  const importAll = async () => {
    setBusy(true);
    const totals = { created: 0, updated: 0, skipped: 0 };
    setProgress({ done: 0, total: toImport.length });
    const importId = crypto.randomUUID();
    try {
      for (let i = 0; i < toImport.length; i += CALENDAR_LIMITS.batch) {
        const batch = toImport.slice(i, i + CALENDAR_LIMITS.batch);
        const result = await importCalendarBatch(batch, existing, importId);
        totals.created += result.created;
        totals.updated += result.updated;
        totals.skipped += result.skipped;
        setProgress({ done: i + batch.length, total: toImport.length });
      }
      // Present shows left out of the request (all when skipping, the unchanged ones when updating) were skipped.
      const leftOut = (preview?.existing.length ?? 0) - (toImport.length - (preview?.newShows.length ?? 0));
      setSummary({ ...totals, skipped: totals.skipped + leftOut, problems: preview?.problems ?? [] });
      setPreview(null);
    } catch (error) {
      report("error", (error as Error).message);
    } finally {
      setBusy(false);
      setProgress(null);
      await queryClient.invalidateQueries({ queryKey: ["shows"] });
    }
  };

  return (
    <section aria-labelledby="admin-calendar" className="flex flex-col gap-3">
      <h3 id="admin-calendar" className="font-semibold text-stone-900">
        {t.heading}
      </h3>
      <p className="text-sm text-stone-600">{t.intro}</p>
      <details className="rounded-lg border border-stone-200 bg-stone-50 px-3 py-2 text-sm text-stone-700">
        <summary className="min-h-11 cursor-pointer content-center font-medium text-stone-900">
          {t.readsTitle}
        </summary>
        <div className="flex flex-col gap-2 pb-1">
          <p>{t.csvColumns}</p>
          <p>{t.icsFields}</p>
          <a
            href={`data:text/csv;charset=utf-8,${encodeURIComponent(CALENDAR_SAMPLE_CSV)}`}
            download={t.sampleFile}
            className="inline-flex min-h-11 items-center gap-1 font-semibold text-brand-800 underline"
          >
            <Download aria-hidden className="size-4" />
            {t.sample}
          </a>
        </div>
      </details>
      <div className="flex flex-col gap-2 sm:flex-row sm:items-end">
        <div className="flex-1">
          <FormField label={t.file}>
            {(control) => (
              <input
                {...control}
                ref={fileInput}
                type="file"
                accept=".ics,.csv,text/calendar,text/csv"
                className="min-h-11 rounded-lg border border-stone-300 bg-white px-2 py-2 text-sm file:mr-3 file:rounded-md file:border-0 file:bg-brand-50 file:px-3 file:py-1 file:font-semibold file:text-brand-800"
              />
            )}
          </FormField>
        </div>
        <ReadyButton variant="secondary" disabled={busy} onClick={previewFile}>
          {t.previewFile}
        </ReadyButton>
      </div>
      <div className="flex flex-col gap-2 sm:flex-row sm:items-end">
        <div className="flex-1">
          <Field
            label={t.url}
            type="url"
            inputMode="url"
            ref={keepTypedEarly(url, setUrl)}
            value={url}
            placeholder="https://"
            onChange={(e) => setUrl(e.target.value)}
          />
        </div>
        <ReadyButton variant="secondary" disabled={busy} onClick={previewUrl}>
          {t.previewUrl}
        </ReadyButton>
      </div>

      {preview ? (
        <div className="flex flex-col gap-3">
          <ShowTable caption={t.newShows(preview.newShows.length)} shows={preview.newShows} />
          <ShowTable
            caption={t.existing(preview.existing.length)}
            shows={preview.existing}
            extra={(i) => differenceText(preview.existing[i]!)}
          />
          {preview.problems.length ? (
            <div className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm">
              <h4 className="font-semibold text-amber-900">{t.problems(preview.problems.length)}</h4>
              <ProblemList problems={preview.problems} />
            </div>
          ) : null}
          {preview.existing.some((s) => s.changed) ? (
            <ChoiceGroup legend={t.whenPresent} className="flex flex-col">
              {(["skip", "update"] as const).map((value) => (
                <Choice
                  key={value}
                  look="row"
                  type="radio"
                  name="calendar-existing"
                  checked={existing === value}
                  onChange={() => setExisting(value)}
                  label={value === "skip" ? t.skip : t.update}
                />
              ))}
            </ChoiceGroup>
          ) : null}
          {toImport.length ? (
            <div>
              <Button disabled={busy} onClick={() => void importAll()}>
                {t.import(toImport.length)}
              </Button>
            </div>
          ) : (
            <p className="text-sm text-stone-700">{t.nothing}</p>
          )}
        </div>
      ) : null}
      {summary ? <ImportSummary summary={summary} onDismiss={() => setSummary(null)} /> : null}
      {progress ? (
        <div className="flex flex-col gap-1">
          <label htmlFor={ids.progress} className="text-sm text-stone-700">
            {t.progress(progress.done, progress.total)}
          </label>
          <progress
            id={ids.progress}
            max={progress.total}
            value={progress.done}
            className="w-full accent-brand-700"
          />
        </div>
      ) : null}
    </section>
  );
}
