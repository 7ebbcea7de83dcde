import type { ReactNode } from "react";
import { LoadBoundary } from "#client/app/load-boundary.tsx";
import { Navigate, useLocation, useSearchParams } from "#client/app/routing.ts";
import { useMe } from "#client/features/auth/api/get-me.ts";
import { Button } from "#client/ui/button.tsx";
import { Spinner } from "#client/ui/page.tsx";
import { afterSignInPath } from "#domain/people/invite-link.ts";
import { hasRole, type Role } from "#domain/people/roles.ts";
import { texts } from "#domain/texts/shell.ts";

function SessionProblem({ message, retry }: { message: string; retry: () => void }) {
  return (
    <main className="flex min-h-dvh flex-col items-center justify-center gap-3 px-6 text-center">
      <p role="alert" className="text-sm text-stone-700">
        {message}
      </p>
      <Button onClick={retry}>{texts.common.retry}</Button>
    </main>
  );
}

/** Everything but /auth needs a session; without one, the path redirects to /auth. */
export function RequireSession({ children }: { children: ReactNode }) {
  const me = useMe();
  const location = useLocation();
  if (me.data) return children;
  // Keyed by location: a <Navigate> that stays mounted redirects only once, so a path change arriving
  // while its redirect is under way (back button, quick navigations after Sign Out) would stick.
  // Pushes made outside the app (a test's, an extension's) carry no key: the path tells them apart.
  if (me.data === null)
    return <Navigate key={`${location.pathname}${location.search}#${location.key}`} to="/auth" replace />;
  if (me.isError) return <SessionProblem message={me.error.message} retry={() => void me.refetch()} />;
  return <Spinner label={texts.common.loading} />;
}

/**
 * /auth exists only while signed out; signing in opens the roster (greeting an invited customer). It
 * always shows its form: a session check that failed shows as the form's alert (see AuthScreen),
 * never as a screen without a way to sign in.
 */
export function SignedOutOnly({ children }: { children: ReactNode }) {
  const me = useMe();
  const [params] = useSearchParams();
  if (me.data) return <Navigate to={afterSignInPath(params)} replace />;
  if (me.isPending) return <Spinner label={texts.common.loading} />;
  return (
    <LoadBoundary kind="screen" fallback={<Spinner label={texts.common.loading} />}>
      {children}
    </LoadBoundary>
  );
}

/** /barn is for trainers and /admin for admins; anyone else lands on /roster. The server checks again. */
export function RequireRole({ needs, children }: { needs: Role; children: ReactNode }) {
  const me = useMe();
  if (!hasRole(me.data, needs)) return <Navigate to="/roster" replace />;
  return children;
}
