import { CalendarPlus } from "lucide-react";
import { useState } from "react";
import { useAfterFirstScreen } from "#client/app/after-first-screen.ts";
import { LoadBoundary } from "#client/app/load-boundary.tsx";
import { retryingLazy } from "#client/lib/retrying-lazy.ts";
import { Button } from "#client/ui/button.tsx";
import { rosterTexts } from "#domain/texts/roster.ts";

// The dialog (Radix Dialog, the feed's API) is no part of the roster's first paint.
const CalendarFeedDialog = retryingLazy(
  () => import("#client/features/roster/components/calendar-feed-dialog.tsx"),
);

/** The roster's 'Subscribe in calendar' button; its dialog loads when first opened and stays mounted. */
export function CalendarFeedButton() {
  const [open, setOpen] = useState(false);
  const [used, setUsed] = useState(false);
  // Not ready in the page the server rendered until the roster is shown: a tap would do nothing.
  const ready = useAfterFirstScreen();
  return (
    <>
      <Button
        variant="secondary"
        disabled={!ready}
        onClick={() => {
          setUsed(true);
          setOpen(true);
        }}
      >
        <CalendarPlus aria-hidden className="size-4" />
        <span className="max-[399px]:sr-only">{rosterTexts.subscribeCalendar}</span>
      </Button>
      {used ? (
        <LoadBoundary kind="dialog" fallback={null}>
          <CalendarFeedDialog open={open} onOpenChange={setOpen} />
        </LoadBoundary>
      ) : null}
    </>
  );
}
