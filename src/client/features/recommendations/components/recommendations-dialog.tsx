import { useShowRecommendations } from "#client/features/recommendations/api/get-show-recommendations.ts";
import {
  AiErrorPanel,
  AiThinking,
  aiErrorMessage,
} from "#client/features/recommendations/components/ai-error.tsx";
import type { PickedHorse } from "#client/features/recommendations/components/horse-picker.tsx";
import { RecommendationList } from "#client/features/recommendations/components/recommendation-list.tsx";
import { Button } from "#client/ui/button.tsx";
import { Modal } from "#client/ui/dialog.tsx";
import { EmptyState } from "#client/ui/page.tsx";
import type { ShowClass, ShowDetail } from "#domain/contracts/shows.ts";
import { errorsTexts } from "#domain/texts/errors.ts";
import { recommendationsTexts } from "#domain/texts/recommendations.ts";

const t = recommendationsTexts;

/** 'AI Recommendations for {horse}': 3 to 5 classes of this show; each opens the class entry dialog. */
export default function RecommendationsDialog({
  show,
  horse,
  onClose,
  onSelectClass,
}: {
  show: Pick<ShowDetail, "id" | "name" | "classes">;
  horse: PickedHorse;
  onClose: () => void;
  onSelectClass: (cls: ShowClass) => void;
}) {
  const recs = useShowRecommendations(show.id, horse.id);
  return (
    <Modal
      open
      onOpenChange={(open) => !open && onClose()}
      title={t.dialogTitle(horse.name)}
      description={show.name}
      footer={<Button onClick={onClose}>{t.done}</Button>}
    >
      {recs.isPending ? (
        <AiThinking horse={horse.name} />
      ) : recs.isError ? (
        <AiErrorPanel
          message={aiErrorMessage(recs.error, errorsTexts.unknownError)}
          onRetry={() => void recs.refetch()}
        />
      ) : recs.data.recommendations.length === 0 ? (
        <EmptyState title={t.noSuitableTitle}>
          {t.noSuitableShow(horse.name)}
          {recs.data.shortfall ? ` ${recs.data.shortfall}` : null}
        </EmptyState>
      ) : (
        <div className="flex flex-col gap-3">
          {recs.data.shortfall ? (
            <p
              className="rounded-lg bg-amber-50 p-3 text-sm text-amber-950"
              data-testid="recommendations-shortfall"
            >
              {recs.data.shortfall}
            </p>
          ) : null}
          <RecommendationList
            items={recs.data.recommendations}
            onSelect={(item) => {
              const cls = show.classes.find((c) => c.id === item.classId);
              if (cls) onSelectClass(cls);
            }}
          />
          <p className="text-xs text-stone-600">{recs.data.source === "llm" ? t.fromLlm : t.fromRules}</p>
        </div>
      )}
    </Modal>
  );
}
