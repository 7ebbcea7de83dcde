import { Radio } from "lucide-react";
import { useState } from "react";
import { LoadBoundary } from "#client/app/load-boundary.tsx";
import { retryingLazy } from "#client/lib/retrying-lazy.ts";
import { ReadyButton } from "#client/ui/ready-button.tsx";
import { watchTexts } from "#domain/texts/watch.ts";

// The dialog (Radix Dialog, the links' API) loads when first opened.
const ShareLiveDialog = retryingLazy(() => import("#client/features/watch/share-live-dialog.tsx"));

/**
 * "Share live" for a show running or to come (issue 35): opens the dialog that makes the live link, of a
 * horse (given, or chosen among the viewer's at the show) or, with `barn`, of the viewer's barn (ADR 050).
 */
export function ShareLiveButton({
  show,
  horse,
  barn = false,
  label,
}: {
  show: { id: string; name: string };
  horse?: { id: string; name: string };
  barn?: boolean;
  /** The button's accessible name where the show is named beside it rather than in it. */
  label?: string;
}) {
  const [open, setOpen] = useState(false);
  const [used, setUsed] = useState(false);
  return (
    <>
      <ReadyButton
        variant="secondary"
        className="shrink-0"
        aria-label={label ?? watchTexts.share.openLabel(show.name)}
        onClick={() => {
          setUsed(true);
          setOpen(true);
        }}
      >
        <Radio aria-hidden className="size-4" />
        {watchTexts.share.open}
      </ReadyButton>
      {used ? (
        <LoadBoundary kind="dialog" fallback={null}>
          <ShareLiveDialog open={open} onOpenChange={setOpen} show={show} horse={horse} barn={barn} />
        </LoadBoundary>
      ) : null}
    </>
  );
}
