import { useState } from "react";
import { useFirstScreenShown } from "#client/app/after-first-screen.ts";
import { useSearchParams } from "#client/app/routing.ts";
import { useMe } from "#client/features/auth/api/get-me.ts";
import { DemoAccounts } from "#client/features/auth/components/demo-accounts.tsx";
import { MagicLinkForm } from "#client/features/auth/components/magic-link-form.tsx";
import { SignInForm } from "#client/features/auth/components/sign-in-form.tsx";
import { SignUpForm } from "#client/features/auth/components/sign-up-form.tsx";
import { InvitedByNote } from "#client/features/invites/components/invited-by-note.tsx";
import { sessionEndReason, signInRefusal } from "#client/lib/session-cache.ts";
import { ErrorAlert } from "#client/ui/alert.tsx";
import { Logo } from "#client/ui/logo.tsx";
import { useDocumentTitle } from "#client/ui/use-document-title.ts";
import { NEXT_PARAM, safeNextPath } from "#domain/app/next-path.ts";
import { afterSignInPath, INVITED_BY } from "#domain/people/invite-link.ts";
import { authTexts } from "#domain/texts/auth.ts";
import { errorsTexts } from "#domain/texts/errors.ts";

export type AuthMode = "signin" | "magic" | "signup";

const titles: Record<AuthMode, string> = {
  signin: authTexts.signInTitle,
  magic: authTexts.magicLinkTitle,
  signup: authTexts.signUpTitle,
};

/** better-auth's magic-link failures arrive as ?error= on the page it sends the browser back to. */
function linkErrorFromUrl(code: string | null): string | null {
  if (!code) return null;
  if (code === "new_user_signup_disabled" || code === "user_not_found")
    return errorsTexts.magicLinkUserNotFound;
  return "This sign-in link is invalid or has expired. Ask for a new one.";
}

export default function AuthScreen() {
  const [params, setParams] = useSearchParams();
  const me = useMe();
  const requested = params.get("mode");
  const invitedBy = params.get(INVITED_BY);
  const goingTo = safeNextPath(params.get(NEXT_PARAM));
  const linkError = linkErrorFromUrl(params.get("error"));
  // A refused demo session or a failed session check shows here, above a form that still works.
  const [initialError] = useState(
    () => linkError ?? signInRefusal() ?? sessionEndReason() ?? (me.isError ? me.error.message : null),
  );
  const [mode, setModeState] = useState<AuthMode>(
    linkError ? "magic" : requested === "signup" || requested === "magic" ? requested : "signin",
  );
  const [error, setError] = useState<string | null>(initialError);
  const [prefillEmail, setPrefillEmail] = useState("");
  // A link opened in this tab while the screen shows (an invite link pasted into a signed-out tab
  // changes only the hash) switches the form to what the link asks for, keeping its invitation.
  const linkAsks = `${requested ?? ""}|${invitedBy ?? ""}`;
  const [linkApplied, setLinkApplied] = useState(linkAsks);
  if (linkAsks !== linkApplied) {
    setLinkApplied(linkAsks);
    if (requested === "signup" || requested === "magic") {
      setModeState(requested);
      setError(null);
    }
  }
  useDocumentTitle(titles[mode]);
  // The form is all there is to show: what waits for the first screen starts once it is on screen.
  useFirstScreenShown(true);

  const setMode = (next: AuthMode) => {
    setError(null);
    setModeState(next);
    if (params.has("error") || params.has("mode")) {
      // An invited customer who switches to sign-in is still greeted on their roster afterwards, and
      // whoever was on their way somewhere still lands there.
      const kept: Record<string, string> = {};
      if (invitedBy) kept[INVITED_BY] = invitedBy;
      if (goingTo) kept[NEXT_PARAM] = goingTo;
      setParams(kept, { replace: true });
    }
  };

  return (
    <main className="flex min-h-dvh flex-col items-center bg-gradient-to-b from-brand-800 to-brand-900 px-4 py-8 sm:justify-center">
      <div className="mb-6 flex items-center gap-3 text-white">
        <Logo className="size-10" />
        <span className="text-2xl font-bold tracking-tight">Ringside</span>
      </div>
      <div className="w-full max-w-sm rounded-2xl bg-white p-6 shadow-2xl">
        <h1 className="mb-4 text-xl font-bold text-brand-900">{titles[mode]}</h1>
        <div className="mb-4 empty:hidden">
          <ErrorAlert message={error} />
        </div>
        {mode === "signin" ? (
          <SignInForm key={prefillEmail} onError={setError} defaultEmail={prefillEmail} />
        ) : null}
        {mode === "magic" ? <MagicLinkForm onError={setError} landing={afterSignInPath(params)} /> : null}
        {mode === "signup" ? (
          <>
            <InvitedByNote trainerId={invitedBy} />
            <SignUpForm onError={setError} />
          </>
        ) : null}
        <nav
          aria-label="Other ways to sign in"
          className="mt-5 flex flex-col gap-1 border-t border-stone-200 pt-4 text-sm"
        >
          {mode !== "signin" ? (
            <button
              type="button"
              className="min-h-10 font-medium text-brand-700 hover:underline"
              onClick={() => setMode("signin")}
            >
              {mode === "signup" ? authTexts.haveAccount : authTexts.usePassword}
            </button>
          ) : null}
          {mode !== "magic" ? (
            <button
              type="button"
              className="min-h-10 font-medium text-brand-700 hover:underline"
              onClick={() => setMode("magic")}
            >
              {authTexts.useMagicLink}
            </button>
          ) : null}
          {mode !== "signup" ? (
            <button
              type="button"
              className="min-h-10 font-medium text-brand-700 hover:underline"
              onClick={() => setMode("signup")}
            >
              {authTexts.needAccount}
            </button>
          ) : null}
        </nav>
      </div>
      <DemoAccounts
        onPick={(email) => {
          setPrefillEmail(email);
          setMode("signin");
        }}
      />
    </main>
  );
}
