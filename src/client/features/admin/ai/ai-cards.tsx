import { ClassListImportCard } from "#client/features/admin/ai/class-list-import-card.tsx";
import { ShowPredictionCard } from "#client/features/admin/ai/show-prediction-card.tsx";

/** Show Management's two AI cards (issue 10), loaded as their own chunk of the admin screen. */
export default function AdminAiCards() {
  return (
    <div className="grid grid-cols-1 gap-4">
      <div className="min-w-0 rounded-xl border border-stone-200 bg-white p-3 shadow-sm sm:p-4">
        <ShowPredictionCard />
      </div>
      <div className="min-w-0 rounded-xl border border-stone-200 bg-white p-3 shadow-sm sm:p-4">
        <ClassListImportCard />
      </div>
    </div>
  );
}
