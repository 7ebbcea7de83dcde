import { CircleAlert } from "lucide-react";
import { ApiError } from "#client/lib/api.ts";
import { useOnline } from "#client/lib/online.ts";
import { Button } from "#client/ui/button.tsx";
import { errorsTexts } from "#domain/texts/errors.ts";
import { recommendationsTexts } from "#domain/texts/recommendations.ts";
import { texts } from "#domain/texts/shell.ts";

/** The message under 'Could not get recommendations': the server's words, or the spec's fallbacks. */
export function aiErrorMessage(error: unknown, unknown: string): string {
  if (error instanceof ApiError) return error.status === 401 ? errorsTexts.mustBeLoggedIn : error.message;
  return unknown;
}

/** The spec's error panel, titled 'Could not get recommendations', with a way to try again. */
export function AiErrorPanel({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <div
      role="alert"
      className="flex flex-col items-start gap-3 rounded-xl border border-red-300 bg-red-50 p-4"
    >
      <p className="flex items-center gap-2 text-sm font-semibold text-red-900">
        <CircleAlert aria-hidden className="size-4 shrink-0" />
        {errorsTexts.couldNotGetRecommendations}
      </p>
      <p className="text-sm text-red-800">{message}</p>
      <Button variant="secondary" onClick={onRetry}>
        {texts.common.retry}
      </Button>
    </div>
  );
}

/** 'Analyzing class list for {horse}...' and 'The AI is thinking. This may take a moment.' */
export function AiThinking({
  horse,
  progress,
}: {
  horse: string;
  progress?: { done: number; total: number };
}) {
  const online = useOnline();
  if (!online) return <AiOffline />;
  return (
    <div role="status" className="flex flex-col items-center gap-2 py-8 text-center">
      <span
        aria-hidden
        className="size-6 animate-spin rounded-full border-2 border-stone-300 border-t-brand-600"
      />
      <p className="text-sm font-medium text-stone-800">{recommendationsTexts.analyzing(horse)}</p>
      <p className="text-sm text-stone-600">{recommendationsTexts.thinking}</p>
      {progress ? <ProgressBar {...progress} /> : null}
    </div>
  );
}

/** The AI answers only online: offline it says so rather than spin (the request waits for the connection). */
export function AiOffline() {
  return (
    <p role="status" className="py-8 text-center text-sm font-medium text-stone-800">
      {recommendationsTexts.offline}
    </p>
  );
}

export function ProgressBar({ done, total }: { done: number; total: number }) {
  const t = recommendationsTexts;
  return (
    <div className="flex w-full max-w-xs flex-col gap-1">
      <div
        role="progressbar"
        aria-label={t.progressLabel}
        aria-valuemin={0}
        aria-valuemax={total}
        aria-valuenow={done}
        aria-valuetext={t.progress(done, total)}
        className="h-2 w-full overflow-hidden rounded-full bg-stone-200"
      >
        <div
          className="h-full bg-brand-600 transition-[width]"
          style={{ width: `${total ? (done / total) * 100 : 0}%` }}
        />
      </div>
      <p className="text-xs text-stone-600">{t.progress(done, total)}</p>
    </div>
  );
}
