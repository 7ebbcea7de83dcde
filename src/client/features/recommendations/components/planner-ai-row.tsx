import { useState } from "react";
import { LoadBoundary } from "#client/app/load-boundary.tsx";
import { HorsePicker, type PickedHorse } from "#client/features/recommendations/components/horse-picker.tsx";
import { retryingLazy } from "#client/lib/retrying-lazy.ts";
import { plannerTexts } from "#domain/texts/planner.ts";
import { recommendationsTexts } from "#domain/texts/recommendations.ts";

const loadDialog = () => import("#client/features/recommendations/components/season-plan-dialog.tsx");
const SeasonPlanDialog = retryingLazy(loadDialog);
const DialogLoading = retryingLazy(
  () => import("#client/features/recommendations/components/dialog-loading.tsx"),
);

/** The planner's AI Planner row and its AI Season Plan modal (loaded on intent). */
export default function PlannerAiRow() {
  const [horse, setHorse] = useState<PickedHorse | null>(null);
  const close = () => setHorse(null);
  return (
    <>
      <HorsePicker
        title={recommendationsTexts.aiPlanner}
        buttonLabel={plannerTexts.getRecommendations}
        onGo={setHorse}
        onIntent={() => void loadDialog()}
      />
      {horse ? (
        // The loading dialog is lazy too: until it arrives (a moment, on a first open) nothing shows.
        <LoadBoundary kind="dialog" fallback={null}>
          <LoadBoundary
            kind="dialog"
            fallback={<DialogLoading title={recommendationsTexts.seasonPlanTitle} onClose={close} />}
          >
            <SeasonPlanDialog horse={horse} onClose={close} />
          </LoadBoundary>
        </LoadBoundary>
      ) : null}
    </>
  );
}
