import { Tabs } from "radix-ui";
import type { ComponentProps } from "react";
import { LoadBoundary } from "#client/app/load-boundary.tsx";
import { CalendarImport } from "#client/features/admin/calendar/calendar-import.tsx";
import { useGuardedTabs } from "#client/features/admin/guarded-pane.tsx";
import { HorsesTab } from "#client/features/admin/horses/horses-tab.tsx";
import { ShowsPanel } from "#client/features/admin/shows/shows-panel.tsx";
import { AdminStatusProvider } from "#client/features/admin/status-banner.tsx";
import { UsersTab } from "#client/features/admin/users/users-tab.tsx";
import { retryingLazy } from "#client/lib/retrying-lazy.ts";
import { PageHeader } from "#client/ui/page.tsx";
import { useHydrated } from "#client/ui/use-hydrated.ts";
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
  "inline-flex min-h-11 flex-1 items-center justify-center border-b-2 border-transparent px-3 text-sm font-semibold text-stone-600 hover:text-brand-800 data-[state=active]:border-brand-700 data-[state=active]:text-brand-800 disabled:cursor-progress disabled:opacity-60";

export default function AdminScreen() {
  // A tab switch closes the open form's pane: with changes in it, it asks first (ADR 048).
  const data = useGuardedTabs<"users" | "horses">("users");
  return (
    <AdminStatusProvider>
      <PageHeader title={t.title} />
      {/* data-wide: from 1024 px the column widens for the tables (ADR 035, 048). */}
      <div data-wide className="flex flex-col gap-4">
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
        {/* The whole card makes room for a form's side pane (styles.css): its tabs and search stay in view. */}
        <section aria-labelledby="admin-data-management" className={card} data-pane-host>
          <h2 id="admin-data-management" className="text-lg font-semibold text-brand-900">
            {t.dataManagement}
          </h2>
          {/* Manual: focus alone does not switch, so the question's Keep editing, returning focus to the tab, does not ask again. */}
          <Tabs.Root
            activationMode="manual"
            value={data.tab}
            onValueChange={(tab) => data.choose(tab === "horses" ? tab : "users")}
          >
            <Tabs.List aria-label={t.dataManagement} className="mb-4 flex border-b border-stone-200">
              <DataTab value="users">{t.users}</DataTab>
              <DataTab value="horses">{t.horses}</DataTab>
            </Tabs.List>
            {data.provide(
              <>
                <Tabs.Content value="users">
                  <UsersTab />
                </Tabs.Content>
                <Tabs.Content value="horses">
                  <HorsesTab />
                </Tabs.Content>
              </>,
            )}
          </Tabs.Root>
          {data.question}
        </section>
      </div>
    </AdminStatusProvider>
  );
}

/**
 * A tab (Users / Horses), not ready in the page the server rendered until it has hydrated (issue 33). A leaf of its
 * own, so that only it renders again then: the screen rendering again would have React draw anew its lazy
 * parts not yet hydrated.
 */
function DataTab(props: Omit<ComponentProps<typeof Tabs.Trigger>, "className">) {
  const ready = useHydrated();
  return <Tabs.Trigger disabled={!ready} className={tabClass} {...props} />;
}
