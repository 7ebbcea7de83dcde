import { CircleAlert } from "lucide-react";
import { Button } from "#client/ui/button.tsx";
import { texts } from "#domain/texts/shell.ts";

/** The spec's red alert box for errors; announced to screen readers as it appears. */
export function ErrorAlert({ message }: { message: string | null | undefined }) {
  if (!message) return null;
  return (
    <div
      role="alert"
      className="flex items-start gap-2 rounded-lg border border-red-300 bg-red-50 px-3 py-2 text-sm text-red-800"
    >
      <CircleAlert aria-hidden className="mt-0.5 size-4 shrink-0" />
      <span>{message}</span>
    </div>
  );
}

/** A failed load: the reason in the red alert and a way to try again. */
export function LoadError({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <div className="flex flex-col items-start gap-3">
      <ErrorAlert message={message} />
      <Button variant="secondary" onClick={onRetry}>
        {texts.common.retry}
      </Button>
    </div>
  );
}
