import { CalendarPlus } from "lucide-react";
import { lazy, Suspense, useState } from "react";
import { Button } from "#client/ui/button.tsx";
import { texts } from "#domain/texts.ts";

// The dialog (Radix Dialog, the feed's API) is no part of the roster's first paint.
const CalendarFeedDialog = lazy(() => import("#client/features/roster/components/calendar-feed-dialog.tsx"));

/** The roster's 'Subscribe in calendar' button; its dialog loads when first opened and stays mounted. */
export function CalendarFeedButton() {
  const [open, setOpen] = useState(false);
  const [used, setUsed] = useState(false);
  return (
    <>
      <Button
        variant="secondary"
        onClick={() => {
          setUsed(true);
          setOpen(true);
        }}
      >
        <CalendarPlus aria-hidden className="size-4" />
        <span className="max-[399px]:sr-only">{texts.roster.subscribeCalendar}</span>
      </Button>
      {used ? (
        <Suspense fallback={null}>
          <CalendarFeedDialog open={open} onOpenChange={setOpen} />
        </Suspense>
      ) : null}
    </>
  );
}
