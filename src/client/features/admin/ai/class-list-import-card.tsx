import { format } from "date-fns";
import { FileScan } from "lucide-react";
import { useId, useState } from "react";
import { Link } from "#client/app/routing.ts";
import {
  createShow,
  type ExtractProgress,
  extractClassList,
  importClasses,
} from "#client/features/admin/ai/api.ts";
import { type ClassListDraft, ClassListPreview } from "#client/features/admin/ai/class-list-preview.tsx";
import { createBodyFor } from "#client/features/admin/ai/draft.ts";
import { ShowPicker } from "#client/features/admin/ai/show-picker.tsx";
import { StatusLine } from "#client/features/admin/ai/status-line.tsx";
import { ApiError } from "#client/lib/api.ts";
import { ErrorAlert } from "#client/ui/alert.tsx";
import { Button } from "#client/ui/button.tsx";
import { importedShowDefaults } from "#domain/class-import.ts";
import type { ClassListExtraction } from "#domain/contracts/show-ai.ts";
import type { ShowSummary } from "#domain/contracts/shows.ts";
import { texts } from "#domain/texts.ts";

const t = texts.adminAi;

const toDraft = (result: ClassListExtraction): ClassListDraft => ({
  showName: result.showName ?? "",
  classes: result.classes.map((c, i) => ({ key: i + 1, number: c.number, name: c.name, date: c.date })),
  unplaced: result.unplaced,
});

const cleanClasses = (draft: ClassListDraft) =>
  draft.classes
    .map((c) => ({ number: c.number.trim(), name: c.name.trim(), date: c.date }))
    .filter((c) => c.number && c.name);

/**
 * Import Class List from Image: a photo, scan or PDF is read on the server (progress streamed), the
 * classes shown for correction, then made into a new show or added to an existing one.
 */
export function ClassListImportCard() {
  const id = useId();
  const [file, setFile] = useState<File | null>(null);
  const [progress, setProgress] = useState<ExtractProgress | null>(null);
  const [reading, setReading] = useState(false);
  const [draft, setDraft] = useState<ClassListDraft | null>(null);
  const [target, setTarget] = useState<ShowSummary | null>(null);
  const [choosingShow, setChoosingShow] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<{ message: string; showId: string } | null>(null);

  async function read() {
    setError(null);
    setDone(null);
    if (!file) {
      setError(texts.errors.selectImageFirst);
      return;
    }
    setReading(true);
    setProgress(null);
    try {
      const result = await extractClassList(file, new Date().getFullYear(), setProgress);
      setDraft(toDraft(result));
      setChoosingShow(false);
    } catch (e) {
      const message = e instanceof Error ? e.message : texts.errors.extractFailed;
      setError(e instanceof ApiError && e.status !== 0 ? message : texts.errors.imageProcessing(message));
    } finally {
      setReading(false);
    }
  }

  async function createNew() {
    if (!draft) return;
    setError(null);
    setBusy(true);
    try {
      const classes = cleanClasses(draft);
      const today = format(new Date(), "yyyy-MM-dd");
      const show = await createShow(
        createBodyFor({
          name: draft.showName.trim() || t.untitled,
          ...importedShowDefaults(today),
          sanctioningOrg: null,
          isAIPrediction: false,
          classes,
        }),
      );
      setDone({ message: t.created(show.name, show.classes.length), showId: show.id });
      setDraft(null);
    } catch (e) {
      setError(texts.errors.adminAction(e instanceof Error ? e.message : texts.errors.unknownError));
    } finally {
      setBusy(false);
    }
  }

  async function addToExisting() {
    if (!draft) return;
    setError(null);
    if (!target) {
      setError(texts.errors.adminAction(t.selectShow));
      return;
    }
    setBusy(true);
    try {
      const result = await importClasses(target.id, { classes: cleanClasses(draft) });
      setDone({ message: t.added(result.added.length, result.skipped, target.name), showId: target.id });
      setDraft(null);
    } catch (e) {
      setError(texts.errors.adminAction(e instanceof Error ? e.message : texts.errors.unknownError));
    } finally {
      setBusy(false);
    }
  }

  const percent = progress ? Math.round(progress.fraction * 100) : 0;
  return (
    <section aria-labelledby={`${id}-title`} className="flex flex-col gap-3">
      <h3 id={`${id}-title`} className="flex items-center gap-2 font-semibold text-brand-900">
        <FileScan aria-hidden className="size-4 text-brand-700" />
        {t.importTitle}
      </h3>
      <p className="text-sm text-stone-600">{t.importIntro}</p>
      <div className="flex flex-col gap-1">
        <label htmlFor={`${id}-file`} className="text-sm font-medium text-stone-700">
          {t.file}
        </label>
        <input
          id={`${id}-file`}
          type="file"
          accept="image/*,.heic,.heif,application/pdf,.pdf"
          onChange={(e) => {
            setFile(e.target.files?.[0] ?? null);
            setError(null);
          }}
          className="min-h-11 w-full min-w-0 text-sm text-stone-800 file:mr-3 file:min-h-11 file:rounded-lg file:border file:border-stone-300 file:bg-white file:px-4 file:font-semibold file:text-stone-800 hover:file:bg-stone-50"
        />
      </div>
      <div>
        <Button onClick={read} disabled={reading || busy}>
          {reading ? t.reading : t.readList}
        </Button>
      </div>
      {reading ? (
        <div className="flex flex-col gap-1">
          <progress
            aria-label={t.progressLabel}
            max={100}
            value={percent}
            className="h-2 w-full overflow-hidden rounded-full accent-brand-700"
          />
          <p className="text-xs text-stone-600" aria-live="polite">
            {progress ? t.progress(progress.page, progress.pages, percent) : texts.common.loading}
          </p>
        </div>
      ) : null}
      <ErrorAlert message={error} />
      {done ? (
        <StatusLine>
          {done.message}{" "}
          <Link to={`/shows/${encodeURIComponent(done.showId)}`} className="font-semibold underline">
            {t.viewShow}
          </Link>
        </StatusLine>
      ) : null}
      {draft ? (
        <>
          <ClassListPreview value={draft} onChange={setDraft} />
          <p className="text-xs text-stone-600">{t.newShowNote}</p>
          <div className="flex flex-wrap gap-2">
            <Button onClick={createNew} disabled={busy}>
              {t.createShow}
            </Button>
            <Button
              variant="secondary"
              onClick={() => setChoosingShow(true)}
              disabled={busy}
              aria-expanded={choosingShow}
            >
              {t.addToShow}
            </Button>
          </div>
          {choosingShow ? (
            <div className="flex flex-col gap-3 rounded-lg border border-stone-200 p-3">
              <ShowPicker value={target} onChange={setTarget} />
              <div>
                <Button onClick={addToExisting} disabled={busy}>
                  {t.addClasses}
                </Button>
              </div>
            </div>
          ) : null}
        </>
      ) : null}
    </section>
  );
}
