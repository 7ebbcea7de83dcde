import { Button } from "#client/ui/button.tsx";
import { Modal } from "#client/ui/dialog.tsx";
import { showDayTexts } from "#domain/texts/show-day.ts";

const t = showDayTexts.ring;

/** Starting a session before its day or well before its printed time asks first (issue 34). */
export function StartEarlyDialog({
  session,
  printed,
  onStart,
  onClose,
}: {
  /** The session's name; null when closed. */
  session: string | null;
  /** Its printed day and time in words. */
  printed: string;
  onStart: () => void;
  onClose: () => void;
}) {
  return (
    <Modal
      open={session !== null}
      onOpenChange={(open) => !open && onClose()}
      title={t.startEarlyTitle(session ?? "")}
      description={t.startEarlyQuestion(printed)}
      closeLabel={t.close}
      alert
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            {t.cancel}
          </Button>
          <Button onClick={onStart}>{t.startEarlyConfirm}</Button>
        </>
      }
    />
  );
}
