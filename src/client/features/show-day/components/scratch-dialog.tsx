import { useState } from "react";
import { Button } from "#client/ui/button.tsx";
import { Modal } from "#client/ui/dialog.tsx";
import { MAX_REASON } from "#domain/show-day/ring.ts";
import { showDayTexts } from "#domain/texts/show-day.ts";

const t = showDayTexts.ring;

/** Scratch a class: it is cancelled, with the reason everyone then reads. */
export function ScratchDialog({
  number,
  onScratch,
  onClose,
}: {
  number: string | null;
  onScratch: (reason: string) => void;
  onClose: () => void;
}) {
  const [reason, setReason] = useState("");
  const [problem, setProblem] = useState<string | null>(null);
  const submit = () => {
    if (!reason.trim()) {
      setProblem(t.scratchReasonRequired);
      return;
    }
    onScratch(reason.trim());
    setReason("");
    setProblem(null);
  };
  return (
    <Modal
      open={number !== null}
      onOpenChange={(open) => !open && onClose()}
      title={t.scratchTitle(number ?? "")}
      description={t.scratchReasonHint}
      closeLabel={t.close}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            {t.cancel}
          </Button>
          <Button variant="danger" onClick={submit}>
            {t.scratchConfirm}
          </Button>
        </>
      }
    >
      <form
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <label className="flex flex-col gap-1 text-sm font-medium text-stone-800">
          {t.scratchReason}
          <input
            value={reason}
            maxLength={MAX_REASON}
            onChange={(e) => setReason(e.target.value)}
            aria-invalid={problem ? true : undefined}
            aria-describedby={problem ? "scratch-problem" : undefined}
            className="min-h-12 rounded-lg border border-stone-300 px-3 text-base focus:border-brand-500 focus:ring-2 focus:ring-brand-200 focus:outline-none"
          />
        </label>
        {problem ? (
          <p id="scratch-problem" role="alert" className="mt-1 text-sm text-red-700">
            {problem}
          </p>
        ) : null}
      </form>
    </Modal>
  );
}
