import { Mail, MessageSquare } from "lucide-react";
import { buttonClass } from "#client/ui/button.tsx";
import { CopyButton } from "#client/ui/copy-button.tsx";
import { Modal } from "#client/ui/dialog.tsx";
import { inviteLink } from "#domain/people/invite-link.ts";
import { barnTexts } from "#domain/texts/barn.ts";

const t = barnTexts;

/**
 * Invite Customers: the link, Copy Link, and Email / Text links prefilled with the invitation. The link is
 * the sign-up link carrying the trainer's id, not the barn page's own link (ADR 012).
 */
export function InviteDialog({
  trainerId,
  open,
  onOpenChange,
}: {
  trainerId: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const link = inviteLink(window.location.origin, trainerId);
  const message = t.inviteText(link);
  return (
    <Modal open={open} onOpenChange={onOpenChange} title={t.inviteCustomers} description={t.inviteBody}>
      <div className="flex flex-col gap-4">
        <div className="flex flex-col gap-1">
          <label htmlFor="invite-link" className="text-sm font-medium text-stone-700">
            {t.signUpLink}
          </label>
          <input
            id="invite-link"
            readOnly
            value={link}
            onFocus={(e) => e.target.select()}
            className="min-h-11 rounded-lg border border-stone-300 bg-stone-50 px-3 text-sm text-stone-900"
          />
        </div>
        <CopyButton text={link} label={t.copyLink} />
        <div className="grid grid-cols-2 gap-2">
          <a
            className={buttonClass("secondary")}
            href={`mailto:?subject=${encodeURIComponent(t.inviteSubject)}&body=${encodeURIComponent(message)}`}
          >
            <Mail aria-hidden className="size-4" />
            {t.email}
          </a>
          <a className={buttonClass("secondary")} href={`sms:?&body=${encodeURIComponent(message)}`}>
            <MessageSquare aria-hidden className="size-4" />
            {t.text}
          </a>
        </div>
      </div>
    </Modal>
  );
}
