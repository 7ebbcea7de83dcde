import { format } from "date-fns";
import { Sparkles } from "lucide-react";
import { useId, useState } from "react";
import { Link } from "#client/app/routing.ts";
import { predictShow } from "#client/features/admin/ai/api.ts";
import { draftFromPrediction } from "#client/features/admin/ai/draft.ts";
import { ShowPicker } from "#client/features/admin/ai/show-picker.tsx";
import { ShowEditor } from "#client/features/admin/shows/show-editor.tsx";
import { ApiError } from "#client/lib/api.ts";
import { ErrorAlert } from "#client/ui/alert.tsx";
import { Button } from "#client/ui/button.tsx";
import { Modal } from "#client/ui/dialog.tsx";
import { useHydrated } from "#client/ui/use-hydrated.ts";
import type { ShowDraft } from "#domain/contracts/admin.ts";
import type { ShowSummary } from "#domain/contracts/shows.ts";
import { adminAiTexts } from "#domain/texts/admin-ai.ts";
import { errorsTexts } from "#domain/texts/errors.ts";

const t = adminAiTexts;

/**
 * AI Show Prediction: pick a show, get its predicted next edition, and review it in the show editor. It is
 * created (flagged as an AI prediction, so the planner and show detail carry the badge) only when the
 * admin saves it there.
 */
export function ShowPredictionCard() {
  const id = useId();
  const [show, setShow] = useState<ShowSummary | null>(null);
  const [predicting, setPredicting] = useState(false);
  const ready = useHydrated();
  const [preview, setPreview] = useState<{ draft: ShowDraft; editions: number } | null>(null);
  const [saved, setSaved] = useState<{ id: string; name: string } | null>(null);
  const [error, setError] = useState<string | null>(null);

  async function predict() {
    setError(null);
    setSaved(null);
    if (!show) {
      setError(errorsTexts.selectShowToPredict);
      return;
    }
    setPredicting(true);
    try {
      const prediction = await predictShow(show.id, format(new Date(), "yyyy-MM-dd"));
      setPreview({ draft: draftFromPrediction(prediction), editions: prediction.history.length });
    } catch (e) {
      setError(e instanceof ApiError && e.status !== 0 ? e.message : errorsTexts.predictionFailed);
    } finally {
      setPredicting(false);
    }
  }

  return (
    <section aria-labelledby={`${id}-title`} className="flex flex-col gap-3">
      <h4 id={`${id}-title`} className="flex items-center gap-2 font-semibold text-brand-900">
        <Sparkles aria-hidden className="size-4 text-gold-700" />
        {t.predictionTitle}
      </h4>
      <p className="text-sm text-stone-600">{t.predictionIntro}</p>
      <ShowPicker value={show} onChange={setShow} />
      <div>
        {/* In the server's page until its script hydrates it: not ready till then, so a tap is not lost. */}
        <Button onClick={predict} disabled={predicting || !ready}>
          {predicting ? t.predicting : t.predict}
        </Button>
      </div>
      <ErrorAlert message={error} />
      {saved ? (
        <p className="text-sm text-stone-700">
          {t.saved(saved.name)}{" "}
          <Link
            to={`/shows/${encodeURIComponent(saved.id)}`}
            className="font-semibold text-brand-800 underline"
          >
            {t.viewShow}
          </Link>
        </p>
      ) : null}
      <Modal
        open={preview !== null}
        onOpenChange={(open) => !open && setPreview(null)}
        title={t.previewTitle}
        description={preview ? t.predictedFrom(preview.editions) : undefined}
        wide
      >
        {preview ? (
          <ShowEditor
            initial={preview.draft}
            onSaved={(created) => {
              setPreview(null);
              setSaved({ id: created.id, name: created.name });
            }}
            onCancel={() => setPreview(null)}
          />
        ) : null}
      </Modal>
    </section>
  );
}
