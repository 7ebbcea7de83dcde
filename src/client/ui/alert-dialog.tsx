import { AlertDialog } from "radix-ui";
import { texts } from "#domain/texts/shell.ts";

/**
 * An accessible replacement for window.alert: focus moves in, Escape or OK closes it. The message is the
 * dialog's name; there is no separate description, so it is announced once.
 */
export function MessageDialog({
  open,
  message,
  onClose,
}: {
  open: boolean;
  message: string;
  onClose: () => void;
}) {
  return (
    <AlertDialog.Root open={open} onOpenChange={(next) => !next && onClose()}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-50 bg-black/40" />
        <AlertDialog.Content
          aria-describedby={undefined}
          className="fixed top-1/2 left-1/2 z-50 w-[min(90vw,22rem)] -translate-x-1/2 -translate-y-1/2 rounded-xl bg-white p-5 shadow-xl"
        >
          <AlertDialog.Title className="text-base font-semibold text-stone-900">{message}</AlertDialog.Title>
          <div className="mt-4 flex justify-end">
            <AlertDialog.Cancel className="inline-flex min-h-11 items-center rounded-lg bg-brand-700 px-5 text-sm font-semibold text-white hover:bg-brand-800">
              {texts.common.ok}
            </AlertDialog.Cancel>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
