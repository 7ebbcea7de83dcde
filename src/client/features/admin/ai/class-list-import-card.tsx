import { useQueryClient } from "@tanstack/react-query";
import { format } from "date-fns";
import { FileScan } from "lucide-react";
import { useCallback, useId, useState } from "react";
import { Link } from "#client/app/routing.ts";
import { type ExtractProgress, extractClassList, importClasses } from "#client/features/admin/ai/api.ts";
import {
  type ClassListDraft,
  ClassListPreview,
  ReadNotes,
  UnplacedLines,
} from "#client/features/admin/ai/class-list-preview.tsx";
import { ShowPicker } from "#client/features/admin/ai/show-picker.tsx";
import { BesideSource } from "#client/features/admin/ai/source-image.tsx";
import { sessionBody, useSaveShow } from "#client/features/admin/api/shows.ts";
import { useAdminStatus } from "#client/features/admin/status-banner.tsx";
import { showKeys } from "#client/features/shows/api/keys.ts";
import { ApiError } from "#client/lib/api.ts";
import { ErrorAlert } from "#client/ui/alert.tsx";
import { Button } from "#client/ui/button.tsx";
import { useHydrated } from "#client/ui/use-hydrated.ts";
import type { ClassListExtraction } from "#domain/contracts/show-ai.ts";
import type { ShowSummary } from "#domain/contracts/shows.ts";
import { classesToAdd, datesFromClasses, importedShowDefaults } from "#domain/imports/class-import.ts";
import { previewShowDates } from "#domain/imports/preview-words.ts";
import { classNumberFromId } from "#domain/shows/class-number.ts";
import { adminAiTexts } from "#domain/texts/admin-ai.ts";
import { errorsTexts } from "#domain/texts/errors.ts";
import { prizeListTexts } from "#domain/texts/prize-lists.ts";
import { texts } from "#domain/texts/shell.ts";

const t = adminAiTexts;
const today = () => format(new Date(), "yyyy-MM-dd");

const toDraft = (result: ClassListExtraction): ClassListDraft => ({
  showName: result.showName ?? "",
  classes: result.classes.map((c, i) => ({ key: i + 1, ...c })),
  unplaced: result.unplaced.map((text, i) => ({
    text,
    ...(result.unplacedAt[i] ?? { after: -1, session: null }),
  })),
  originalCount: result.classes.length,
  pagesRead: result.pages.length,
  totalPages: result.totalPages,
  notes: result.notes,
});

const cleanClasses = (draft: ClassListDraft) =>
  draft.classes
    .map((c) => ({ number: c.number.trim(), name: c.name.trim(), date: c.date, session: c.session }))
    .filter((c) => c.number && c.name);

/**
 * Import Class List from Image: a photo, scan or PDF is read on the server (progress streamed), the
 * classes shown for correction, then made into a new show or added to an existing one.
 */
export function ClassListImportCard() {
  const id = useId();
  const [file, setFile] = useState<File | null>(null);
  // A file already in the server's field when the card hydrates (put there before its script ran) is the one
  // chosen: its change event came before React listened.
  const adoptEarlyFile = useCallback((input: HTMLInputElement | null) => {
    const early = input?.files?.[0];
    if (early) setFile((current) => current ?? early);
  }, []);
  const [progress, setProgress] = useState<ExtractProgress | null>(null);
  const [reading, setReading] = useState(false);
  const ready = useHydrated();
  const [draft, setDraft] = useState<ClassListDraft | null>(null);
  const [target, setTarget] = useState<ShowSummary | null>(null);
  const [choosingShow, setChoosingShow] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<{ message: string; showId: string } | null>(null);
  const saveShow = useSaveShow();
  const report = useAdminStatus();
  const queryClient = useQueryClient();

  function finish(message: string, showId: string) {
    report("success", message);
    setDone({ message, showId });
    setDraft(null);
  }

  function fail(e: unknown) {
    const message = e instanceof Error ? e.message : errorsTexts.unknownError;
    report("error", message);
    setError(errorsTexts.adminAction(message));
  }

  async function read() {
    setError(null);
    setDone(null);
    if (!file) {
      setError(errorsTexts.selectImageFirst);
      return;
    }
    setReading(true);
    setProgress(null);
    try {
      const result = await extractClassList(file, today(), setProgress);
      setDraft(toDraft(result));
      setChoosingShow(false);
    } catch (e) {
      const message = e instanceof Error ? e.message : errorsTexts.extractFailed;
      setError(e instanceof ApiError && e.status !== 0 ? message : errorsTexts.imageProcessing(message));
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
      const show = await saveShow.mutateAsync({
        showId: null,
        draft: {
          name: draft.showName.trim() || t.untitled,
          ...importedShowDefaults(today(), classes),
          sanctioningOrg: null,
          isAIPrediction: false,
          classes: classesToAdd([], classes).map((c) => ({
            number: classNumberFromId(c.id),
            name: c.name,
            date: c.date,
            session: c.session ?? null,
          })),
        },
      });
      finish(t.created(show.name, show.classes.length), show.id);
    } catch (e) {
      fail(e);
    } finally {
      setBusy(false);
    }
  }

  async function addToExisting() {
    if (!draft) return;
    setError(null);
    if (!target) {
      setError(errorsTexts.adminAction(t.selectShow));
      return;
    }
    setBusy(true);
    try {
      const result = await importClasses(target.id, {
        classes: cleanClasses(draft).map(({ session, ...c }) => ({
          ...c,
          ...(session ? { session: sessionBody(session) } : {}),
        })),
      });
      await queryClient.invalidateQueries({ queryKey: showKeys.all });
      finish(t.added(result.added.length, result.skipped, target.name), target.id);
    } catch (e) {
      fail(e);
    } finally {
      setBusy(false);
    }
  }

  const percent = progress ? Math.round(progress.fraction * 100) : 0;
  const newDates = draft ? datesFromClasses(cleanClasses(draft), today()) : null;
  return (
    <section aria-labelledby={`${id}-title`} className="flex flex-col gap-3">
      <h4 id={`${id}-title`} className="flex items-center gap-2 font-semibold text-brand-900">
        <FileScan aria-hidden className="size-4 text-brand-700" />
        {t.importTitle}
      </h4>
      <p className="text-sm text-stone-600">{t.importIntro}</p>
      <div className="flex flex-col gap-1">
        <label htmlFor={`${id}-file`} className="text-sm font-medium text-stone-700">
          {t.file}
        </label>
        <input
          id={`${id}-file`}
          type="file"
          ref={adoptEarlyFile}
          disabled={!ready}
          accept="image/*,.heic,.heif,application/pdf,.pdf"
          onChange={(e) => {
            setFile(e.target.files?.[0] ?? null);
            setError(null);
          }}
          className="min-h-11 w-full min-w-0 text-sm text-stone-800 file:mr-3 file:min-h-11 file:rounded-lg file:border file:border-stone-300 file:bg-white file:px-4 file:font-semibold file:text-stone-800 hover:file:bg-stone-50"
        />
      </div>
      <div>
        {/* In the server's page until its script hydrates it: not ready till then, so a tap is not lost. */}
        <Button onClick={read} disabled={reading || busy || !ready}>
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
        <p className="text-sm text-stone-700">
          {done.message}{" "}
          <Link
            to={`/shows/${encodeURIComponent(done.showId)}`}
            className="font-semibold text-brand-800 underline"
          >
            {t.viewShow}
          </Link>
        </p>
      ) : null}
      {draft && draft.classes.length === 0 ? (
        <div className="flex flex-col gap-2">
          <h5 className="font-semibold text-stone-900">{prizeListTexts.noClassesFound}</h5>
          <ReadNotes notes={draft.notes} />
          <UnplacedLines
            id={`${id}-read`}
            lines={[...(draft.showName ? [draft.showName] : []), ...draft.unplaced.map((l) => l.text)]}
            title={prizeListTexts.textRead}
            hint={t.unplacedHint}
          />
        </div>
      ) : draft ? (
        <BesideSource file={file}>
          <ClassListPreview
            value={draft}
            onChange={setDraft}
            range={choosingShow && target ? { startDate: target.startDate, endDate: target.endDate } : null}
          />
          <p className="text-xs text-stone-600">
            {newDates?.fromClasses
              ? previewShowDates(newDates.startDate, newDates.endDate)
              : prizeListTexts.noClassDates}{" "}
            {t.newShowNote}
          </p>
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
        </BesideSource>
      ) : null}
    </section>
  );
}
