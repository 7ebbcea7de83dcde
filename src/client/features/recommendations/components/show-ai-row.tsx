import { useState } from "react";
import { LoadBoundary } from "#client/app/load-boundary.tsx";
import { HorsePicker, type PickedHorse } from "#client/features/recommendations/components/horse-picker.tsx";
import { retryingLazy } from "#client/lib/retrying-lazy.ts";
import type { ShowClass, ShowDetail } from "#domain/contracts/shows.ts";
import { texts } from "#domain/texts.ts";
import { recommendationsTexts } from "#domain/texts-recommendations.ts";

const loadDialog = () => import("#client/features/recommendations/components/recommendations-dialog.tsx");
const RecommendationsDialog = retryingLazy(loadDialog);
const DialogLoading = retryingLazy(
  () => import("#client/features/recommendations/components/dialog-loading.tsx"),
);

/** Show detail's AI row and its 'AI Recommendations for {horse}' dialog (loaded on intent). */
export default function ShowAiRow({
  show,
  onSelectClass,
}: {
  show: ShowDetail;
  onSelectClass: (cls: ShowClass) => void;
}) {
  const [horse, setHorse] = useState<PickedHorse | null>(null);
  const close = () => setHorse(null);
  return (
    <>
      <HorsePicker
        title={recommendationsTexts.showRowTitle}
        buttonLabel={texts.planner.getRecommendations}
        onGo={setHorse}
        onIntent={() => void loadDialog()}
      />
      {horse ? (
        // The loading dialog is lazy too: until it arrives (a moment, on a first open) nothing shows.
        <LoadBoundary kind="dialog" fallback={null}>
          <LoadBoundary
            kind="dialog"
            fallback={<DialogLoading title={recommendationsTexts.dialogTitle(horse.name)} onClose={close} />}
          >
            <RecommendationsDialog
              show={show}
              horse={horse}
              onClose={close}
              onSelectClass={(cls) => {
                close();
                onSelectClass(cls);
              }}
            />
          </LoadBoundary>
        </LoadBoundary>
      ) : null}
    </>
  );
}
