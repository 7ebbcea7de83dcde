import { X } from "lucide-react";
import { Dialog } from "radix-ui";
import { Fragment, type ReactNode, useRef } from "react";
import { Button } from "#client/ui/button.tsx";

/**
 * The app's modal: a bottom sheet on phones, a centred card from 640 px. Radix closes it on Escape
 * and on a backdrop click, traps focus inside and returns focus to where it was when it closes.
 * Screen readers hear the title, then the description when there is one (never the title twice).
 * `alert` makes it an alert dialog (`role="alertdialog"`): a question that interrupts, such as a confirm.
 */
export function Modal({
  open,
  onOpenChange,
  title,
  description,
  children,
  footer,
  closeLabel = "Close",
  alert = false,
  wide = false,
  side = false,
  beside = false,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description?: string | undefined;
  children?: ReactNode;
  footer?: ReactNode;
  closeLabel?: string;
  alert?: boolean;
  /** From 1024 px, a wider card for editors with rows of fields (the show editor). */
  wide?: boolean;
  /** From 1024 px, a panel along the window's right edge, beside what it was opened from (ADR 035). */
  side?: boolean;
  /**
   * With `side`, where the page makes room beside the panel from 1280 px (`data-pane-host`, the Admin
   * Panel's tables): there it is not modal (ADR 048), no backdrop, focus not kept in it, the page still
   * usable; Escape and its buttons close it, a click elsewhere does not.
   */
  beside?: boolean;
}) {
  // Radix returns focus to a Dialog.Trigger; our dialogs open from ordinary buttons, so remember the opener.
  const returnTo = useRef<HTMLElement | null>(null);
  const wasOpen = useRef(false);
  const modeless = useRef(false);
  if (open && !wasOpen.current && typeof document !== "undefined") {
    returnTo.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    modeless.current = side && beside && window.matchMedia(BESIDE).matches;
  }
  wasOpen.current = open;
  const modal = !modeless.current;
  // Beside the page the pane is rendered where it is written (after the table), not at the end of the
  // body: it is fixed at the right edge either way, and the keyboard meets it after the table (ADR 048).
  const Place = modal ? Dialog.Portal : Fragment;
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange} modal={modal}>
      <Place>
        {modal ? (
          <Dialog.Overlay data-testid="dialog-backdrop" className="fixed inset-0 z-50 bg-black/40" />
        ) : null}
        <Dialog.Content
          role={alert ? "alertdialog" : "dialog"}
          data-side-pane={side || undefined}
          onInteractOutside={modal ? undefined : (event) => event.preventDefault()}
          {...(description ? {} : { "aria-describedby": undefined })}
          onCloseAutoFocus={(event) => {
            if (returnTo.current?.isConnected) {
              event.preventDefault();
              returnTo.current.focus();
            }
          }}
          className={`fixed inset-x-0 bottom-0 z-50 flex max-h-[92dvh] flex-col rounded-t-2xl bg-white shadow-xl sm:inset-x-auto sm:top-1/2 sm:bottom-auto sm:left-1/2 sm:w-[min(92vw,34rem)] sm:-translate-x-1/2 sm:-translate-y-1/2 sm:rounded-2xl${wide ? " lg:w-[min(92vw,64rem)]" : ""}${side ? sidePanel : ""}`}
        >
          <div className="flex items-start justify-between gap-3 border-b border-stone-200 px-5 pt-4 pb-3">
            <div>
              <Dialog.Title className="text-lg font-semibold text-brand-900">{title}</Dialog.Title>
              {description ? (
                <Dialog.Description className="mt-0.5 text-sm text-stone-600">
                  {description}
                </Dialog.Description>
              ) : null}
            </div>
            <Dialog.Close
              aria-label={closeLabel}
              className="-mr-2 inline-flex size-11 shrink-0 items-center justify-center rounded-lg text-stone-500 hover:bg-stone-100 hover:text-stone-800"
            >
              <X aria-hidden className="size-5" />
            </Dialog.Close>
          </div>
          {/* A confirmation may be only its title, description and buttons: no empty band between them. */}
          {children ? <div className="min-h-0 flex-1 overflow-y-auto px-5 py-4">{children}</div> : null}
          {footer ? (
            <div
              className={`safe-bottom flex flex-wrap justify-end gap-2 px-5 py-3${children ? " border-t border-stone-200" : ""}`}
            >
              {footer}
            </div>
          ) : null}
        </Dialog.Content>
      </Place>
    </Dialog.Root>
  );
}

/** Tailwind's `xl`: from here a side pane has the page's room beside it (styles.css, `data-pane-host`). */
const BESIDE = "(min-width: 80rem)";

const sidePanel =
  " lg:inset-y-0 lg:right-0 lg:left-auto lg:max-h-none lg:w-[28rem] lg:translate-x-0 lg:translate-y-0 lg:rounded-none lg:rounded-l-2xl";

/**
 * A yes/no question (remove a friend, delete a record): an alert dialog whose description is the
 * consequence. It closes like any other modal (buttons, Escape, backdrop).
 */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  message,
  confirmLabel,
  cancelLabel,
  onConfirm,
  busy = false,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  message: string;
  confirmLabel: string;
  cancelLabel: string;
  onConfirm: () => void;
  busy?: boolean;
}) {
  return (
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      title={title}
      description={message}
      alert
      footer={
        <>
          <Button variant="secondary" onClick={() => onOpenChange(false)}>
            {cancelLabel}
          </Button>
          <Button variant="danger" disabled={busy} onClick={onConfirm}>
            {confirmLabel}
          </Button>
        </>
      }
    />
  );
}
