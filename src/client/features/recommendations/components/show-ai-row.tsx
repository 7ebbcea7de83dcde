import { ChevronDown, Sparkles } from "lucide-react";
import { useId, useState } from "react";
import { LoadBoundary } from "#client/app/load-boundary.tsx";
import { HorsePicker, type PickedHorse } from "#client/features/recommendations/components/horse-picker.tsx";
import { retryingLazy } from "#client/lib/retrying-lazy.ts";
import type { ShowClass, ShowDetail } from "#domain/contracts/shows.ts";
import { plannerTexts } from "#domain/texts/planner.ts";
import { recommendationsTexts } from "#domain/texts/recommendations.ts";
import { showTexts } from "#domain/texts/show.ts";

const loadDialog = () => import("#client/features/recommendations/components/recommendations-dialog.tsx");
const RecommendationsDialog = retryingLazy(loadDialog);
const DialogLoading = retryingLazy(
  () => import("#client/features/recommendations/components/dialog-loading.tsx"),
);

/**
 * Show detail's AI row and its 'AI Recommendations for {horse}' dialog (loaded on intent). On a phone the
 * row starts folded to one line (a disclosure button), so the class schedule shows on arrival (issue 24);
 * from 640 px it is always open. `startUnfolded`: the person tapped its folded line before this code came.
 */
export default function ShowAiRow({
  show,
  onSelectClass,
  startUnfolded = false,
}: {
  show: ShowDetail;
  onSelectClass: (cls: ShowClass) => void;
  startUnfolded?: boolean;
}) {
  const [horse, setHorse] = useState<PickedHorse | null>(null);
  const [unfolded, setUnfolded] = useState(startUnfolded);
  const rowId = useId();
  const close = () => setHorse(null);
  return (
    <div className="flex flex-col gap-2">
      <button
        type="button"
        aria-expanded={unfolded}
        aria-controls={rowId}
        onClick={() => setUnfolded((u) => !u)}
        className="flex min-h-11 w-full items-center gap-1.5 rounded-xl border border-brand-100 bg-brand-50/60 px-3 text-left text-sm font-semibold text-brand-900 sm:hidden"
      >
        <Sparkles aria-hidden className="size-4 text-brand-700" />
        {showTexts.aiRowTitle}
        <ChevronDown
          aria-hidden
          className={`ml-auto size-4 transition-transform ${unfolded ? "rotate-180" : ""}`}
        />
      </button>
      <div id={rowId} className={unfolded ? undefined : "hidden sm:block"}>
        <HorsePicker
          title={showTexts.aiRowTitle}
          buttonLabel={plannerTexts.getRecommendations}
          onGo={setHorse}
          onIntent={() => void loadDialog()}
        />
      </div>
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
    </div>
  );
}
