import { ArrowLeft } from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";
import { Link, useParams, useSearchParams } from "#client/app/routing.ts";
import { useShowResults } from "#client/features/results/api/get-show-results.ts";
import { previewResults, previewResultsFile } from "#client/features/results/api/preview-results.ts";
import { usePublishResults } from "#client/features/results/api/publish-results.ts";
import { useWithdrawResults } from "#client/features/results/api/withdraw-results.ts";
import { PreviewTable } from "#client/features/results/components/preview-table.tsx";
import { useShowDay } from "#client/features/show-day/api/get-show-day.ts";
import { useShow } from "#client/features/shows/api/get-show.ts";
import { ErrorAlert, LoadError } from "#client/ui/alert.tsx";
import { Button } from "#client/ui/button.tsx";
import { Modal } from "#client/ui/dialog.tsx";
import { PageHeader, Spinner } from "#client/ui/page.tsx";
import type { ClassResults, PublishLine, ResultPreview } from "#domain/contracts/results.ts";
import type { ShowDetail } from "#domain/contracts/shows.ts";
import { placingLabel } from "#domain/results/placing.ts";
import { chosenHorse, initialChoices, KEEP_NAME, unchosen } from "#domain/results/preview-choices.ts";
import { resultsTexts } from "#domain/texts/results.ts";

const t = resultsTexts.post;
type How = "text" | "csv" | "file";

export default function PostResultsScreen() {
  const { showId = "" } = useParams();
  const show = useShow(showId);
  const results = useShowResults(showId);
  if (show.isPending || results.isPending) return <Spinner label={t.title} />;
  if (show.isError || results.isError) {
    const error = show.error ?? results.error;
    return (
      <LoadError
        message={`${resultsTexts.show.loadFailed} ${error?.message ?? ""}`}
        onRetry={() => void Promise.all([show.refetch(), results.refetch()])}
      />
    );
  }
  return <PostResults show={show.data} posted={results.data.classes} canPost={results.data.canPost} />;
}

/** A posted class's placings as lines the form can read back, for a correction. */
const asText = (posted: ClassResults) =>
  posted.placings
    .map((p) =>
      [`${p.placing ?? t.shownShort} ${p.horse}`, p.rider, p.owner]
        .filter((x) => x.trim() !== "")
        .join(" — "),
    )
    .join("\n");

function PostResults({
  show,
  posted,
  canPost,
}: {
  show: ShowDetail;
  posted: readonly ClassResults[];
  canPost: boolean;
}) {
  const [params] = useSearchParams();
  const ids = useId();
  const postedBy = new Map(posted.map((c) => [c.classId, c]));
  const [classId, setClassId] = useState(params.get("class") ?? show.classes[0]?.id ?? "");
  const current = postedBy.get(classId) ?? null;
  const klass = show.classes.find((c) => c.id === classId);
  const [how, setHow] = useState<How>("text");
  const [text, setText] = useState(current ? asText(current) : "");
  const [file, setFile] = useState<File | null>(null);
  const [gapsIntended, setGapsIntended] = useState(false);
  const [preview, setPreview] = useState<ResultPreview | null>(null);
  const [choices, setChoices] = useState<Record<number, string>>({});
  const [reading, setReading] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [confirmWithdraw, setConfirmWithdraw] = useState(false);
  // After publishing or withdrawing, the control that was tapped is gone (the preview closes, Withdraw leaves
  // with the results): the outcome takes focus and comes into view, so a phone shows it where the person is.
  const doneRef = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (done) doneRef.current?.focus();
  }, [done]);

  const publish = usePublishResults();
  const withdraw = useWithdrawResults();
  // The ring's state says which classes were scratched: posting to one is warned of (issue 34).
  const day = useShowDay(show.id, canPost);
  const scratched = new Set(
    day.data?.ring.classes.filter((c) => c.status === "scratched").map((c) => c.id) ?? [],
  );

  const header = (
    <>
      <Link
        to={`/shows/${encodeURIComponent(show.id)}`}
        className="-ml-2 mb-1 inline-flex min-h-11 items-center gap-1 rounded-lg px-2 text-sm font-semibold text-brand-700 hover:bg-brand-50"
      >
        <ArrowLeft aria-hidden className="size-4" />
        {t.backToShow}
      </Link>
      <PageHeader title={t.title} subtitle={t.subtitle(show.name)} />
    </>
  );
  if (!canPost)
    return (
      <>
        {header}
        <p className="rounded-xl border border-stone-200 bg-white p-4 text-sm text-stone-700">
          {t.notAllowed}
        </p>
      </>
    );
  if (show.classes.length === 0)
    return (
      <>
        {header}
        <p className="text-sm text-stone-700">{t.noClasses}</p>
      </>
    );

  const chooseClass = (id: string) => {
    setClassId(id);
    const next = postedBy.get(id);
    setText(next ? asText(next) : "");
    setPreview(null);
    setDone(null);
    setError(null);
  };

  const runPreview = async () => {
    setError(null);
    setDone(null);
    setReading(true);
    try {
      const answer =
        how === "file"
          ? file
            ? await previewResultsFile(show.id, classId, file)
            : null
          : await previewResults(show.id, classId, { format: how, text, gapsIntended });
      setPreview(answer);
      setChoices(answer ? initialChoices(answer.lines) : {});
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    } finally {
      setReading(false);
    }
  };

  const lines: PublishLine[] =
    preview?.lines.map((l) => ({
      lineNo: l.lineNo,
      placing: l.placing,
      horse: l.horse,
      rider: l.rider,
      owner: l.owner,
      ...chosenHorse(l, choices[l.lineNo]),
    })) ?? [];

  const runPublish = () => {
    setError(null);
    publish.mutate(
      { showId: show.id, classId, body: { lines, gapsIntended }, version: current?.version ?? null },
      {
        onSuccess: () => {
          setDone(current ? t.corrected : t.published);
          setPreview(null);
        },
        onError: (e) => setError(e.message),
      },
    );
  };

  const runWithdraw = () => {
    if (!current) return;
    setError(null);
    withdraw.mutate(
      { showId: show.id, classId, body: { version: current.version } },
      {
        onSuccess: () => {
          setConfirmWithdraw(false);
          setDone(t.withdrawn(klass?.number ?? ""));
          setText("");
          setPreview(null);
        },
        onError: (e) => {
          setConfirmWithdraw(false);
          setError(e.message);
        },
      },
    );
  };

  const scratchedWarning =
    klass && scratched.has(klass.id) ? (
      <p className="rounded-lg border border-amber-400 bg-amber-50 px-3 py-2 text-sm text-amber-950">
        {t.scratchedWarning(klass.number)}
      </p>
    ) : null;
  const problems = preview?.problems ?? [];
  const toChoose = preview ? unchosen(preview.lines, choices) : [];
  const initial = preview ? initialChoices(preview.lines) : {};
  const preselectedCount = Object.values(initial).filter((c) => c !== KEEP_NAME).length;
  // From 1024 px the sheet (class, how, the lines or the file) at the left, kept in view, and the matched
  // lines at the right (issue 36); below, the source wrapper is `contents` and the phone's column is as it was.
  return (
    <div
      data-wide
      className="flex flex-col gap-5 lg:grid lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)] lg:items-start lg:gap-x-8"
    >
      <div className="lg:col-span-2">{header}</div>
      <div data-testid="post-source" className="contents lg:sticky lg:top-16 lg:flex lg:flex-col lg:gap-5">
        <div className="flex flex-col gap-4 rounded-xl border border-stone-200 bg-white p-4">
          <div className="flex flex-col gap-1">
            <label htmlFor={`${ids}-class`} className="text-sm font-semibold text-stone-800">
              {t.klass}
            </label>
            <select
              id={`${ids}-class`}
              value={classId}
              onChange={(e) => chooseClass(e.target.value)}
              className="min-h-11 w-full rounded-lg border border-stone-300 bg-white px-3 text-sm"
            >
              {show.classes.map((c) => (
                <option key={c.id} value={c.id}>
                  {t.classOption(c.number, c.name, postedBy.has(c.id), scratched.has(c.id))}
                </option>
              ))}
            </select>
            {current ? (
              <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
                <p className="text-sm text-stone-600">
                  {t.current(current.version, current.correctedAt !== null)}
                </p>
                <Button variant="secondary" onClick={() => setConfirmWithdraw(true)}>
                  {t.withdraw}
                </Button>
              </div>
            ) : null}
            {scratchedWarning}
          </div>
          <fieldset className="flex flex-col gap-1">
            <legend className="mb-1 text-sm font-semibold text-stone-800">{t.how}</legend>
            {(
              [
                ["text", t.typed],
                ["csv", t.csv],
                ["file", t.file],
              ] as const
            ).map(([value, label]) => (
              <label key={value} className="flex min-h-11 items-center gap-2 text-sm text-stone-800">
                <input
                  type="radio"
                  name={`${ids}-how`}
                  value={value}
                  checked={how === value}
                  onChange={() => setHow(value)}
                  className="size-4"
                />
                {label}
              </label>
            ))}
          </fieldset>
          {how === "file" ? (
            <div className="flex flex-col gap-1">
              <label htmlFor={`${ids}-file`} className="text-sm font-semibold text-stone-800">
                {t.fileLabel}
              </label>
              <input
                id={`${ids}-file`}
                type="file"
                accept="image/*,application/pdf"
                onChange={(e) => setFile(e.target.files?.[0] ?? null)}
                className="min-h-11 text-sm"
              />
            </div>
          ) : (
            <div className="flex flex-col gap-1">
              <label htmlFor={`${ids}-lines`} className="text-sm font-semibold text-stone-800">
                {t.linesLabel}
              </label>
              <textarea
                id={`${ids}-lines`}
                value={text}
                onChange={(e) => setText(e.target.value)}
                rows={8}
                aria-describedby={`${ids}-hint`}
                className="w-full rounded-lg border border-stone-300 px-3 py-2 font-mono text-sm"
              />
              <p id={`${ids}-hint`} className="text-xs text-stone-600">
                {t.linesHint}
              </p>
            </div>
          )}
          <label className="flex min-h-11 items-center gap-2 text-sm text-stone-800">
            <input
              type="checkbox"
              checked={gapsIntended}
              onChange={(e) => setGapsIntended(e.target.checked)}
              className="size-4"
            />
            {t.gapsIntended}
          </label>
          <div>
            <Button onClick={() => void runPreview()} disabled={reading || (how === "file" && !file)}>
              {reading ? t.reading : t.preview}
            </Button>
          </div>
        </div>
        <ErrorAlert message={error} />
        {done ? (
          <p
            ref={doneRef}
            tabIndex={-1}
            role="status"
            className="scroll-mt-20 rounded-lg border border-green-300 bg-green-50 px-3 py-2 text-sm text-green-900"
          >
            {done}
          </p>
        ) : null}
      </div>
      {preview ? (
        <section
          aria-labelledby={`${ids}-preview`}
          data-testid="post-preview"
          className="flex flex-col gap-3"
        >
          <h2 id={`${ids}-preview`} className="text-base font-semibold text-brand-900">
            {t.previewTitle}
          </h2>
          {problems.length > 0 ? (
            <div
              role="alert"
              className="rounded-lg border border-red-300 bg-red-50 px-3 py-2 text-sm text-red-800"
            >
              <p className="font-semibold">{t.problemsTitle}</p>
              <ul className="mt-1 list-disc pl-5">
                {problems.map((p) => (
                  <li key={p}>{p}</li>
                ))}
              </ul>
            </div>
          ) : null}
          {preview.readText !== null && preview.lines.length === 0 ? (
            <details open className="rounded-lg border border-stone-200 bg-white p-3 text-sm">
              <summary className="font-semibold">{t.readText}</summary>
              <pre className="mt-2 whitespace-pre-wrap text-xs">{preview.readText}</pre>
            </details>
          ) : null}
          {preview.lines.length > 0 ? (
            <PreviewTable
              lines={preview.lines}
              choices={choices}
              onChoose={(lineNo, horseId) => setChoices((c) => ({ ...c, [lineNo]: horseId }))}
              placing={(p) => (p === null ? resultsTexts.shown : placingLabel(String(p)))}
            />
          ) : null}
          {toChoose.length > 0 ? (
            <ul className="list-disc rounded-lg border border-amber-400 bg-amber-50 py-2 pr-3 pl-8 text-sm text-amber-950">
              {toChoose.map((n) => (
                <li key={n}>{t.mustChoose(n)}</li>
              ))}
            </ul>
          ) : null}
          {preselectedCount > 0 ? (
            <p className="text-sm text-stone-700">{t.preselected(preselectedCount)}</p>
          ) : null}
          {scratchedWarning}
          <div>
            <Button
              onClick={runPublish}
              disabled={
                problems.length > 0 || toChoose.length > 0 || preview.lines.length === 0 || publish.isPending
              }
            >
              {publish.isPending ? t.publishing : current ? t.correct : t.publish}
            </Button>
          </div>
        </section>
      ) : null}
      <Modal
        open={confirmWithdraw}
        onOpenChange={(open) => !open && setConfirmWithdraw(false)}
        title={t.withdrawTitle(klass?.number ?? "")}
        description={t.withdrawDescription}
        closeLabel={t.cancel}
        alert
        footer={
          <>
            <Button variant="secondary" onClick={() => setConfirmWithdraw(false)}>
              {t.cancel}
            </Button>
            <Button variant="danger" onClick={runWithdraw} disabled={withdraw.isPending}>
              {withdraw.isPending ? t.withdrawing : t.withdrawConfirm}
            </Button>
          </>
        }
      />
    </div>
  );
}
