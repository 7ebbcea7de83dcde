import { format } from "date-fns";
import { Sparkles } from "lucide-react";
import { useState } from "react";
import { Link } from "#client/app/routing.ts";
import { createShow, predictShow } from "#client/features/admin/ai/api.ts";
import { createBodyFor, draftFromPrediction, type ShowDraft } from "#client/features/admin/ai/draft.ts";
import { DraftEditor } from "#client/features/admin/ai/draft-editor.tsx";
import { ShowPicker } from "#client/features/admin/ai/show-picker.tsx";
import { StatusLine } from "#client/features/admin/ai/status-line.tsx";
import { ApiError } from "#client/lib/api.ts";
import { ErrorAlert } from "#client/ui/alert.tsx";
import { Button } from "#client/ui/button.tsx";
import type { ShowSummary } from "#domain/contracts/shows.ts";
import { texts } from "#domain/texts.ts";

const t = texts.adminAi;

type State =
  | { step: "pick" }
  | { step: "predicting" }
  | { step: "preview"; draft: ShowDraft; editions: number }
  | { step: "saving"; draft: ShowDraft; editions: number }
  | { step: "saved"; id: string; name: string };

/**
 * AI Show Prediction: pick a show, get its predicted next edition, edit it, save it (flagged as an AI
 * prediction, so the planner and show detail carry the badge).
 */
export function ShowPredictionCard() {
  const [show, setShow] = useState<ShowSummary | null>(null);
  const [state, setState] = useState<State>({ step: "pick" });
  const [error, setError] = useState<string | null>(null);

  async function predict() {
    setError(null);
    if (!show) {
      setError(texts.errors.selectShowToPredict);
      return;
    }
    setState({ step: "predicting" });
    try {
      const prediction = await predictShow(show.id, format(new Date(), "yyyy-MM-dd"));
      setState({
        step: "preview",
        draft: draftFromPrediction(prediction),
        editions: prediction.history.length,
      });
    } catch (e) {
      setState({ step: "pick" });
      setError(e instanceof ApiError && e.status !== 0 ? e.message : texts.errors.predictionFailed);
    }
  }

  async function save(draft: ShowDraft, editions: number) {
    setError(null);
    setState({ step: "saving", draft, editions });
    try {
      const saved = await createShow(createBodyFor(draft));
      setState({ step: "saved", id: saved.id, name: saved.name });
    } catch (e) {
      setState({ step: "preview", draft, editions });
      setError(texts.errors.adminAction(e instanceof Error ? e.message : texts.errors.unknownError));
    }
  }

  return (
    <section aria-labelledby="ai-prediction-title" className="flex flex-col gap-3">
      <h3 id="ai-prediction-title" className="flex items-center gap-2 font-semibold text-brand-900">
        <Sparkles aria-hidden className="size-4 text-gold-700" />
        {t.predictionTitle}
      </h3>
      <p className="text-sm text-stone-600">{t.predictionIntro}</p>
      {state.step === "preview" || state.step === "saving" ? (
        <>
          <p className="text-sm text-stone-700">{t.predictedFrom(state.editions)}</p>
          <ErrorAlert message={error} />
          <DraftEditor
            initial={state.draft}
            saving={state.step === "saving"}
            onSave={(draft) => save(draft, state.editions)}
            onCancel={() => {
              setError(null);
              setState({ step: "pick" });
            }}
          />
        </>
      ) : (
        <>
          <ShowPicker value={show} onChange={setShow} />
          <div>
            <Button onClick={predict} disabled={state.step === "predicting"}>
              {state.step === "predicting" ? t.predicting : t.predict}
            </Button>
          </div>
          <ErrorAlert message={error} />
          {state.step === "saved" ? (
            <StatusLine>
              {t.saved(state.name)}{" "}
              <Link to={`/shows/${encodeURIComponent(state.id)}`} className="font-semibold underline">
                {t.viewShow}
              </Link>
            </StatusLine>
          ) : null}
        </>
      )}
    </section>
  );
}
