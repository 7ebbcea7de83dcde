import { ArrowLeft } from "lucide-react";
import { useId, useState } from "react";
import { Link, useParams, useSearchParams } from "#client/app/routing.ts";
import { useShowResults } from "#client/features/results/api/get-show-results.ts";
import { previewResults, previewResultsFile } from "#client/features/results/api/preview-results.ts";
import { usePublishResults } from "#client/features/results/api/publish-results.ts";
import { PreviewTable } from "#client/features/results/components/preview-table.tsx";
import { useShow } from "#client/features/shows/api/get-show.ts";
import { ErrorAlert, LoadError } from "#client/ui/alert.tsx";
import { Button } from "#client/ui/button.tsx";
import { PageHeader, Spinner } from "#client/ui/page.tsx";
import type { ClassResults, PublishLine, ResultPreview } from "#domain/contracts/results.ts";
import type { ShowDetail } from "#domain/contracts/shows.ts";
import { placingLabel } from "#domain/results/placing.ts";
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
  const [how, setHow] = useState<How>("text");
  const [text, setText] = useState(current ? asText(current) : "");
  const [file, setFile] = useState<File | null>(null);
  const [gapsIntended, setGapsIntended] = useState(false);
  const [preview, setPreview] = useState<ResultPreview | null>(null);
  const [choices, setChoices] = useState<Record<number, string>>({});
  const [reading, setReading] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const publish = usePublishResults();

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
      setChoices({});
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    } finally {
      setReading(false);
    }
  };

  const lines: PublishLine[] =
    preview?.lines.map((l) => {
      const chosen = choices[l.lineNo];
      const horseId = l.match === "exact" ? l.horseId : chosen ? chosen : null;
      return {
        lineNo: l.lineNo,
        placing: l.placing,
        horse: l.horse,
        rider: l.rider,
        owner: l.owner,
        horseId,
        confirmed: l.match !== "exact" && !!chosen,
      };
    }) ?? [];

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

  const problems = preview?.problems ?? [];
  return (
    <div className="flex flex-col gap-5">
      <div>{header}</div>
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
                {t.classOption(c.number, c.name, postedBy.has(c.id))}
              </option>
            ))}
          </select>
          {current ? (
            <p className="text-sm text-stone-600">
              {t.current(current.version, current.correctedAt !== null)}
            </p>
          ) : null}
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
          role="status"
          className="rounded-lg border border-green-300 bg-green-50 px-3 py-2 text-sm text-green-900"
        >
          {done}
        </p>
      ) : null}
      {preview ? (
        <section aria-labelledby={`${ids}-preview`} className="flex flex-col gap-3">
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
          <div>
            <Button
              onClick={runPublish}
              disabled={problems.length > 0 || preview.lines.length === 0 || publish.isPending}
            >
              {publish.isPending ? t.publishing : current ? t.correct : t.publish}
            </Button>
          </div>
        </section>
      ) : null}
    </div>
  );
}
