import { Tabs } from "radix-ui";
import { LoadBoundary } from "#client/app/load-boundary.tsx";
import { CalendarImport } from "#client/features/admin/calendar/calendar-import.tsx";
import { HorsesTab } from "#client/features/admin/horses/horses-tab.tsx";
import { ShowsPanel } from "#client/features/admin/shows/shows-panel.tsx";
import { AdminStatusProvider } from "#client/features/admin/status-banner.tsx";
import { UsersTab } from "#client/features/admin/users/users-tab.tsx";
import { retryingLazy } from "#client/lib/retrying-lazy.ts";
import { PageHeader } from "#client/ui/page.tsx";
import { adminTexts } from "#domain/texts/admin.ts";
import { texts } from "#domain/texts/shell.ts";

const t = adminTexts;
/** AI Show Prediction and Import Class List from Image (issue 10): their own chunk, loaded with the screen. */
const AdminAiCards = retryingLazy(() => import("#client/features/admin/ai/ai-cards.tsx"));
/** Points scales per sanctioning organisation (issue 22): a chunk of its own. */
const PointsScalesCard = retryingLazy(
  () => import("#client/features/results/components/points-scales-card.tsx"),
);
const card = "flex flex-col gap-5 rounded-xl border border-stone-200 bg-white p-4";
const tabClass =
  "inline-flex min-h-11 flex-1 items-center justify-center border-b-2 border-transparent px-3 text-sm font-semibold text-stone-600 hover:text-brand-800 data-[state=active]:border-brand-700 data-[state=active]:text-brand-800";

export default function AdminScreen() {
  return (
    <AdminStatusProvider>
      <PageHeader title={t.title} />
      <div className="flex flex-col gap-4">
        <section aria-labelledby="admin-show-management" className={card}>
          <h2 id="admin-show-management" className="text-lg font-semibold text-brand-900">
            {t.showManagement}
          </h2>
          <ShowsPanel />
          <CalendarImport />
          <section
            aria-labelledby="admin-ai-tools"
            data-testid="admin-ai-tools"
            className="flex flex-col gap-3"
          >
            <h3 id="admin-ai-tools" className="font-semibold text-stone-900">
              {t.aiTools}
            </h3>
            <LoadBoundary fallback={<p className="text-sm text-stone-600">{texts.common.loading}</p>}>
              <AdminAiCards />
            </LoadBoundary>
          </section>
          <LoadBoundary fallback={<p className="text-sm text-stone-600">{texts.common.loading}</p>}>
            <PointsScalesCard />
          </LoadBoundary>
        </section>
        <section aria-labelledby="admin-data-management" className={card}>
          <h2 id="admin-data-management" className="text-lg font-semibold text-brand-900">
            {t.dataManagement}
          </h2>
          <Tabs.Root defaultValue="users">
            <Tabs.List aria-label={t.dataManagement} className="mb-4 flex border-b border-stone-200">
              <Tabs.Trigger value="users" className={tabClass}>
                {t.users}
              </Tabs.Trigger>
              <Tabs.Trigger value="horses" className={tabClass}>
                {t.horses}
              </Tabs.Trigger>
            </Tabs.List>
            <Tabs.Content value="users">
              <UsersTab />
            </Tabs.Content>
            <Tabs.Content value="horses">
              <HorsesTab />
            </Tabs.Content>
          </Tabs.Root>
        </section>
      </div>
    </AdminStatusProvider>
  );
}
