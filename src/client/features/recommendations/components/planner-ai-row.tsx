import { lazy, Suspense, useState } from "react";
import { DialogLoading } from "#client/features/recommendations/components/dialog-loading.tsx";
import { HorsePicker, type PickedHorse } from "#client/features/recommendations/components/horse-picker.tsx";
import { texts } from "#domain/texts.ts";

const loadDialog = () => import("#client/features/recommendations/components/season-plan-dialog.tsx");
const SeasonPlanDialog = lazy(loadDialog);

/** The planner's AI Planner row and its AI Season Plan modal (loaded on intent). */
export default function PlannerAiRow() {
  const [horse, setHorse] = useState<PickedHorse | null>(null);
  const close = () => setHorse(null);
  return (
    <>
      <HorsePicker
        title={texts.recommendations.aiPlanner}
        buttonLabel={texts.planner.getRecommendations}
        onGo={setHorse}
        onIntent={() => void loadDialog()}
      />
      {horse ? (
        <Suspense fallback={<DialogLoading title={texts.recommendations.seasonPlanTitle} onClose={close} />}>
          <SeasonPlanDialog horse={horse} onClose={close} />
        </Suspense>
      ) : null}
    </>
  );
}
