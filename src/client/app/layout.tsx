import { lazy, Suspense } from "react";
import { BottomNav } from "#client/app/bottom-nav.tsx";
import { Link, Outlet } from "#client/app/hash-router.tsx";
import { useMe } from "#client/features/auth/api/get-me.ts";
import { Logo } from "#client/ui/logo.tsx";
import { Spinner } from "#client/ui/page.tsx";
import { SkipLink } from "#client/ui/skip-link.tsx";
import { texts } from "#domain/texts.ts";

const LiveNotifications = lazy(() => import("#client/features/notifications/live-notifications.tsx"));

export function AppLayout() {
  const me = useMe();
  if (!me.data) return null;
  return (
    <div className="min-h-dvh pb-24">
      <Suspense fallback={null}>
        <LiveNotifications />
      </Suspense>
      <SkipLink targetId="main-content" />
      <header className="sticky top-0 z-30 border-b border-brand-900/20 bg-brand-800 text-white">
        <div className="mx-auto flex h-12 max-w-3xl items-center justify-between px-4">
          <Link to="/roster" className="flex items-center gap-2 font-bold tracking-tight">
            <Logo className="size-7" />
            <span>Ringside</span>
          </Link>
          <Link to="/profile" className="max-w-[50%] truncate text-sm text-brand-100 hover:text-white">
            {me.data.name}
          </Link>
        </div>
      </header>
      <main id="main-content" tabIndex={-1} className="mx-auto max-w-3xl px-4 pt-5 focus:outline-none">
        <Suspense fallback={<Spinner label={texts.common.loading} />}>
          <Outlet />
        </Suspense>
      </main>
      <BottomNav me={me.data} />
    </div>
  );
}
