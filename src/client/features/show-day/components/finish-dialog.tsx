import { useState } from "react";
import { Button } from "#client/ui/button.tsx";
import { Modal } from "#client/ui/dialog.tsx";
import type { UnrunChoice } from "#domain/show-day/ring.ts";
import { showDayTexts } from "#domain/texts/show-day.ts";

const t = showDayTexts.ring;

/**
 * Finishing a session with classes not run (issue 34): says which, and the steward chooses what becomes
 * of them — scratched, or moved to the next session (offered only when there is one).
 */
export function FinishDialog({
  session,
  unrun,
  nextSession,
  onFinish,
  onClose,
}: {
  /** The session's name; null when closed. */
  session: string | null;
  /** The numbers of the classes not run. */
  unrun: readonly string[];
  nextSession: string | null;
  onFinish: (choice: UnrunChoice) => void;
  onClose: () => void;
}) {
  const [choice, setChoice] = useState<UnrunChoice>(nextSession ? "move" : "scratch");
  const picked = choice === "move" && !nextSession ? "scratch" : choice;
  const option = (value: UnrunChoice, label: string) => (
    <label className="flex min-h-12 items-center gap-3 rounded-lg border border-stone-300 px-3 text-base has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50">
      <input
        type="radio"
        name="unrun"
        value={value}
        checked={picked === value}
        onChange={() => setChoice(value)}
        className="size-5 accent-brand-700"
      />
      {label}
    </label>
  );
  return (
    <Modal
      open={session !== null}
      onOpenChange={(open) => !open && onClose()}
      title={t.finishTitle(session ?? "")}
      description={t.finishUnrun(unrun)}
      closeLabel={t.close}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            {t.cancel}
          </Button>
          <Button variant="danger" onClick={() => onFinish(picked)}>
            {t.finishSession}
          </Button>
        </>
      }
    >
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-1 text-sm font-medium text-stone-800">{t.finishChoice}</legend>
        {nextSession ? option("move", t.finishMove(nextSession)) : null}
        {option("scratch", t.finishScratch)}
      </fieldset>
    </Modal>
  );
}
