import { ClassListImportCard } from "#client/features/admin/ai/class-list-import-card.tsx";
import { ShowPredictionCard } from "#client/features/admin/ai/show-prediction-card.tsx";

/** Show Management's two AI cards (issue 10), loaded as their own chunk of the admin screen. */
export default function AdminAiCards() {
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <div className="rounded-xl border border-stone-200 bg-white p-4 shadow-sm">
        <ShowPredictionCard />
      </div>
      <div className="rounded-xl border border-stone-200 bg-white p-4 shadow-sm">
        <ClassListImportCard />
      </div>
    </div>
  );
}
