import { X } from "lucide-react";
import { Link } from "#client/app/routing.ts";
import { useInvite } from "#client/features/invites/api/get-invite.ts";
import { buttonClass } from "#client/ui/button.tsx";
import { barnTexts } from "#domain/texts/barn.ts";

const t = barnTexts;

/**
 * A new customer's first roster, reached through a trainer's invite link: greets them with the trainer's
 * name (as the server vouches for it) and points at the two things that fill a roster.
 */
export function WelcomeBanner({
  trainerId,
  viewerId,
  onDismiss,
}: {
  trainerId: string | null;
  viewerId: string;
  onDismiss: () => void;
}) {
  const invite = useInvite(trainerId === viewerId ? null : trainerId);
  if (!invite.data) return null;
  const name = invite.data.trainer.name;
  return (
    <section
      aria-labelledby="welcome-title"
      className="relative mb-5 rounded-xl border border-brand-200 bg-brand-50 p-4 pr-12"
    >
      <h2 id="welcome-title" className="text-base font-semibold text-brand-900">
        {t.welcomeTitle(name)}
      </h2>
      <p className="mt-1 text-sm text-stone-700">{t.welcomeBody(name)}</p>
      <div className="mt-3 flex flex-wrap gap-2">
        <Link to="/horses" className={buttonClass("primary")}>
          {t.welcomeAddHorses}
        </Link>
        <Link to="/planner" className={buttonClass("secondary")}>
          {t.welcomePlanner}
        </Link>
      </div>
      <button
        type="button"
        aria-label={t.welcomeDismiss}
        onClick={onDismiss}
        className="absolute top-1.5 right-1.5 inline-flex size-11 items-center justify-center rounded-lg text-stone-600 hover:bg-brand-100"
      >
        <X aria-hidden className="size-5" />
      </button>
    </section>
  );
}
