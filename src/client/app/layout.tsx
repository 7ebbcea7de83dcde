import { lazy, Suspense } from "react";
import { Link, Outlet } from "react-router";
import { BottomNav } from "#client/app/bottom-nav.tsx";
import { InstallButton, UpdatePrompt } from "#client/app/pwa-prompts.tsx";
import { useMe } from "#client/features/auth/api/get-me.ts";
import { useLiveNotifications } from "#client/features/notifications/use-live-notifications.ts";
import { Logo } from "#client/ui/logo.tsx";
import { Spinner } from "#client/ui/page.tsx";
import { SkipLink } from "#client/ui/skip-link.tsx";
import { texts } from "#domain/texts.ts";

// Loaded beside the first screen (the service worker has it offline), not in the first load.
const OfflineStatus = lazy(() => import("#client/app/offline-status.tsx"));

export function AppLayout() {
  const me = useMe();
  useLiveNotifications(!!me.data);
  if (!me.data) return null;
  return (
    <div className="min-h-dvh pb-24">
      <SkipLink targetId="main-content" />
      <header className="sticky top-0 z-30 border-b border-brand-900/20 bg-brand-800 text-white">
        <div className="mx-auto flex h-12 max-w-3xl items-center justify-between px-4">
          <Link to="/roster" className="flex items-center gap-2 font-bold tracking-tight">
            <Logo className="size-7" />
            <span>Ringside</span>
          </Link>
          <div className="flex min-w-0 items-center gap-2">
            <InstallButton />
            <Link to="/profile" className="max-w-[50vw] truncate text-sm text-brand-100 hover:text-white">
              {me.data.name}
            </Link>
          </div>
        </div>
      </header>
      <UpdatePrompt />
      <Suspense fallback={null}>
        <OfflineStatus />
      </Suspense>
      <main id="main-content" tabIndex={-1} className="mx-auto max-w-3xl px-4 pt-5 focus:outline-none">
        <Suspense fallback={<Spinner label={texts.common.loading} />}>
          <Outlet />
        </Suspense>
      </main>
      <BottomNav me={me.data} />
    </div>
  );
}
