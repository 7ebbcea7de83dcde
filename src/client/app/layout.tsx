import { type ReactNode, useMemo } from "react";
import { useAfterFirstScreen } from "#client/app/after-first-screen.ts";
import { LoadBoundary } from "#client/app/load-boundary.tsx";
import { MainNav } from "#client/app/main-nav.tsx";
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
const navCollapse = () => import("#client/app/nav-collapse.tsx");
const updatePrompt = () => import("#client/app/pwa-prompts.tsx").then((m) => ({ default: m.UpdatePrompt }));

export function AppLayout({ children }: { children: ReactNode }) {
  const me = useMe();
  const pwa = usePwa();
  const { pathname } = useLocation();
  // The live stream, the connection bar and the install offer wait until the first screen is shown.
  const later = useAfterFirstScreen();
  // The same element until the path or the screen changes: a screen whose code is still on its way when
  // the page hydrates is left as the server's HTML until it arrives, and were it rendered again before
  // then (the parts above that wait for the first screen appear), the browser would render it anew,
  // dropping what was typed or ticked in the server's HTML.
  const screen = useMemo(
    () => (
      <LoadBoundary kind="screen" resetKey={pathname} fallback={<Spinner label={texts.common.loading} />}>
        {children}
      </LoadBoundary>
    ),
    [pathname, children],
  );
  if (!me.data) return null;
  return (
    <div className="min-h-dvh pb-24 lg:pb-8">
      {later && <OptionalPart load={liveNotifications} props={{}} />}
      <SkipLink targetId="main-content" />
      <header className="app-header">
        <div className="app-header-bar">
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
      <MainNav me={me.data} place="side" extra={later && <OptionalPart load={navCollapse} props={{}} />} />
      {/* wide-main: from 1024 px, room for the side navigation; wider for a screen marked data-wide (ADR 035). */}
      <main
        id="main-content"
        tabIndex={-1}
        className="mx-auto max-w-3xl px-4 pt-5 focus:outline-none wide-main"
      >
        {/* A screen whose code cannot be fetched says so (ADR 024); the next screen starts afresh. */}
        {screen}
      </main>
      <MainNav me={me.data} place="bar" />
    </div>
  );
}
