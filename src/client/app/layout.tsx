import type { ReactNode } from "react";
import { useAfterFirstScreen } from "#client/app/after-first-screen.ts";
import { BottomNav } from "#client/app/bottom-nav.tsx";
import { LoadBoundary } from "#client/app/load-boundary.tsx";
import { OptionalPart } from "#client/app/optional-part.tsx";
import { usePwa } from "#client/app/pwa.ts";
import { Link, useLocation } from "#client/app/routing.ts";
import { useMe } from "#client/features/auth/api/get-me.ts";
import { Logo } from "#client/ui/logo.tsx";
import { Spinner } from "#client/ui/page.tsx";
import { SkipLink } from "#client/ui/skip-link.tsx";
import { texts } from "#domain/texts/shell.ts";

// Loaded once the first screen is shown (the service worker has them offline), not in the first load;
// if one cannot be fetched, the app goes on without it (optional-part.tsx).
const liveNotifications = () => import("#client/features/notifications/live-notifications.tsx");
const offlineStatus = () => import("#client/app/offline-status.tsx");
const installButton = () => import("#client/app/pwa-prompts.tsx").then((m) => ({ default: m.InstallButton }));
const updatePrompt = () => import("#client/app/pwa-prompts.tsx").then((m) => ({ default: m.UpdatePrompt }));

export function AppLayout({ children }: { children: ReactNode }) {
  const me = useMe();
  const pwa = usePwa();
  const { pathname } = useLocation();
  // The live stream, the connection bar and the install offer wait until the first screen is shown.
  const later = useAfterFirstScreen();
  if (!me.data) return null;
  return (
    <div className="min-h-dvh pb-24">
      {later && <OptionalPart load={liveNotifications} props={{}} />}
      <SkipLink targetId="main-content" />
      <header className="sticky top-0 z-30 border-b border-brand-900/20 bg-brand-800 text-white print:hidden">
        <div className="mx-auto flex h-12 max-w-3xl items-center justify-between px-4">
          <Link to="/roster" className="flex items-center gap-2 font-bold tracking-tight">
            <Logo className="size-7" />
            <span>Ringside</span>
          </Link>
          {/* Fills the rest of the bar, so the Install button appearing beside the name moves nothing. */}
          <div className="flex min-w-0 flex-1 items-center justify-end gap-2 self-stretch">
            {later && pwa.install && <OptionalPart load={installButton} props={{ install: pwa.install }} />}
            <Link to="/profile" className="max-w-[50vw] truncate text-sm text-brand-100 hover:text-white">
              {me.data.name}
            </Link>
          </div>
        </div>
      </header>
      {pwa.update && <OptionalPart load={updatePrompt} props={{ update: pwa.update }} />}
      {later && <OptionalPart load={offlineStatus} props={{}} />}
      <main id="main-content" tabIndex={-1} className="mx-auto max-w-3xl px-4 pt-5 focus:outline-none">
        {/* A screen whose code cannot be fetched says so (ADR 024); the next screen starts afresh. */}
        <LoadBoundary kind="screen" resetKey={pathname} fallback={<Spinner label={texts.common.loading} />}>
          {children}
        </LoadBoundary>
      </main>
      <BottomNav me={me.data} />
    </div>
  );
}
