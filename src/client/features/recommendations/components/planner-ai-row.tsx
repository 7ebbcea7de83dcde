import { lazy, Suspense, useState } from "react";
import { HorsePicker, type PickedHorse } from "#client/features/recommendations/components/horse-picker.tsx";
import { texts } from "#domain/texts.ts";
import { recommendationsTexts } from "#domain/texts-recommendations.ts";

const loadDialog = () => import("#client/features/recommendations/components/season-plan-dialog.tsx");
const SeasonPlanDialog = lazy(loadDialog);
const DialogLoading = lazy(() => import("#client/features/recommendations/components/dialog-loading.tsx"));

/** The planner's AI Planner row and its AI Season Plan modal (loaded on intent). */
export default function PlannerAiRow() {
  const [horse, setHorse] = useState<PickedHorse | null>(null);
  const close = () => setHorse(null);
  return (
    <>
      <HorsePicker
        title={recommendationsTexts.aiPlanner}
        buttonLabel={texts.planner.getRecommendations}
        onGo={setHorse}
        onIntent={() => void loadDialog()}
      />
      {horse ? (
        // The loading dialog is lazy too: until it arrives (a moment, on a first open) nothing shows.
        <Suspense fallback={null}>
          <Suspense fallback={<DialogLoading title={recommendationsTexts.seasonPlanTitle} onClose={close} />}>
            <SeasonPlanDialog horse={horse} onClose={close} />
          </Suspense>
        </Suspense>
      ) : null}
    </>
  );
}
