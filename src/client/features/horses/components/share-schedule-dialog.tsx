import { Share2 } from "lucide-react";
import { useSchedule } from "#client/features/horses/api/get-schedule.ts";
import { LoadError } from "#client/ui/alert.tsx";
import { Button } from "#client/ui/button.tsx";
import { CopyButton } from "#client/ui/copy-button.tsx";
import { Modal } from "#client/ui/dialog.tsx";
import { Spinner } from "#client/ui/page.tsx";
import { scheduleText } from "#domain/season/share-schedule.ts";
import { horsesTexts } from "#domain/texts/horses.ts";
import { texts } from "#domain/texts/shell.ts";

const t = horsesTexts;

/** Share Schedule: the horse's upcoming showings as read-only text, to copy or hand to the share sheet. */
export function ShareScheduleDialog({
  horseId,
  horseName,
  open,
  onOpenChange,
}: {
  horseId: string;
  horseName: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const schedule = useSchedule(horseId, open);
  const text = schedule.data ? scheduleText(schedule.data) : "";
  const canShare = typeof navigator !== "undefined" && typeof navigator.share === "function";

  return (
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      title={t.scheduleTitle(horseName)}
      footer={
        <>
          <Button variant="secondary" onClick={() => onOpenChange(false)}>
            {t.close}
          </Button>
          {canShare && text ? (
            <Button
              variant="secondary"
              onClick={() =>
                void navigator.share({ title: t.scheduleTitle(horseName), text }).catch(() => undefined)
              }
            >
              <Share2 aria-hidden className="size-4" />
              {t.share}
            </Button>
          ) : null}
          {text ? <CopyButton text={text} label={t.copyToClipboard} /> : null}
        </>
      }
    >
      {schedule.isPending ? (
        <Spinner label={texts.common.loading} />
      ) : schedule.isError ? (
        <LoadError
          message={`${t.loadScheduleFailed} ${schedule.error.message}`}
          onRetry={() => void schedule.refetch()}
        />
      ) : (
        <textarea
          readOnly
          aria-label={t.scheduleLabel}
          value={text}
          rows={Math.min(16, Math.max(4, text.split("\n").length + 1))}
          className="w-full resize-none rounded-lg border border-stone-300 bg-stone-50 p-3 font-mono text-sm leading-relaxed text-stone-900"
        />
      )}
    </Modal>
  );
}
