import { lazy, Suspense } from "react";
import { PageHeader } from "#client/ui/page.tsx";
import { texts } from "#domain/texts.ts";

const AdminAiCards = lazy(() => import("#client/features/admin/ai/ai-cards.tsx"));

export default function AdminScreen() {
  return (
    <>
      <PageHeader title={texts.admin.title} />
      <div className="flex flex-col gap-4">
        <section className="flex flex-col gap-4 rounded-xl border border-stone-200 bg-white p-4">
          <h2 className="font-semibold text-brand-900">{texts.admin.showManagement}</h2>
          <Suspense fallback={<p className="text-sm text-stone-600">{texts.common.loading}</p>}>
            <AdminAiCards />
          </Suspense>
        </section>
        <section className="rounded-xl border border-stone-200 bg-white p-4">
          <h2 className="font-semibold text-brand-900">{texts.admin.dataManagement}</h2>
        </section>
      </div>
    </>
  );
}
