import { useState } from "react";
import { useCalendarFeed, useRenewCalendarFeed } from "#client/features/roster/api/calendar-feed.ts";
import { ErrorAlert } from "#client/ui/alert.tsx";
import { Button, buttonClass } from "#client/ui/button.tsx";
import { CopyButton } from "#client/ui/copy-button.tsx";
import { ConfirmDialog, Modal } from "#client/ui/dialog.tsx";
import { Spinner } from "#client/ui/page.tsx";
import { calendarFeedTexts } from "#domain/texts/calendar-feed.ts";
import { texts } from "#domain/texts/shell.ts";

const t = calendarFeedTexts;

/**
 * 'Subscribe in calendar': the personal feed of the roster (ADR 013). The webcal:// link opens the
 * device's calendar app as a subscription; the https link is for calendars that take a URL. A new
 * link replaces the old one, after a confirmation, because subscribed calendars stop updating.
 * A lazy chunk: CalendarFeedButton loads it when first opened (ADR 015).
 */
export default function CalendarFeedDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const feed = useCalendarFeed(open);
  const renew = useRenewCalendarFeed();
  const [confirming, setConfirming] = useState(false);
  const [renewed, setRenewed] = useState(false);
  const link = feed.data?.feed;
  return (
    <>
      <Modal open={open && !confirming} onOpenChange={onOpenChange} title={t.title} description={t.intro}>
        <div className="flex flex-col gap-4">
          {feed.isPending ? (
            <Spinner label={texts.common.loading} />
          ) : feed.isError ? (
            <ErrorAlert message={`${t.loadFailed} ${feed.error.message}`} />
          ) : link ? (
            <>
              <a className={buttonClass("primary")} href={link.webcalUrl}>
                {t.subscribe}
              </a>
              <div className="flex flex-col gap-1">
                <label htmlFor="calendar-feed-link" className="text-sm font-medium text-stone-700">
                  {t.linkLabel}
                </label>
                <input
                  id="calendar-feed-link"
                  readOnly
                  value={link.url}
                  onFocus={(e) => e.target.select()}
                  className="min-h-11 rounded-lg border border-stone-300 bg-stone-50 px-3 text-sm text-stone-900"
                />
                <p className="text-xs text-stone-600">{t.secret}</p>
              </div>
              <CopyButton text={link.url} label={t.copy} variant="secondary" />
              <p aria-live="polite" className="text-sm text-emerald-800 empty:hidden">
                {renewed ? t.regenerated : ""}
              </p>
              <Button variant="secondary" onClick={() => setConfirming(true)}>
                {t.regenerate}
              </Button>
            </>
          ) : (
            <Button disabled={renew.isPending} onClick={() => renew.mutate()}>
              {t.create}
            </Button>
          )}
          <ErrorAlert message={renew.error?.message} />
        </div>
      </Modal>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={t.regenerateTitle}
        message={t.regenerateBody}
        confirmLabel={t.regenerateConfirm}
        cancelLabel={t.cancel}
        busy={renew.isPending}
        onConfirm={() =>
          renew.mutate(undefined, {
            onSuccess: () => {
              setRenewed(true);
              setConfirming(false);
            },
          })
        }
      />
    </>
  );
}
