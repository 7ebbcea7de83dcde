import { UserPlus } from "lucide-react";
import { useInvite } from "#client/features/invites/api/get-invite.ts";
import { barnTexts } from "#domain/texts/barn.ts";

/** On the sign-up screen: who sent the invite link, once the server has confirmed it is a trainer. */
export function InvitedByNote({ trainerId }: { trainerId: string | null }) {
  const invite = useInvite(trainerId);
  if (!invite.data) return null;
  return (
    <p
      data-testid="invited-by"
      className="mb-4 flex items-start gap-2 rounded-lg bg-brand-50 px-3 py-2 text-sm font-medium text-brand-800"
    >
      <UserPlus aria-hidden className="mt-0.5 size-4 shrink-0" />
      {barnTexts.invitedBy(invite.data.trainer.name)}
    </p>
  );
}
