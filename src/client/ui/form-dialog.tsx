import { type FormEventHandler, type ReactNode, useId } from "react";
import { ErrorAlert } from "#client/ui/alert.tsx";
import { Button } from "#client/ui/button.tsx";
import { Modal } from "#client/ui/dialog.tsx";

/**
 * A form in a dialog: the form's fields, the save's refusal above them (once: see useDialogForm), and
 * Cancel and the submit button in the dialog's footer, tied to the form by its id.
 */
export function FormDialog({
  open,
  onOpenChange,
  title,
  description,
  submitLabel,
  cancelLabel,
  busy,
  error,
  onSubmit,
  children,
  side = false,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description?: string | undefined;
  submitLabel: string;
  cancelLabel: string;
  busy: boolean;
  error: string | null | undefined;
  onSubmit: FormEventHandler<HTMLFormElement>;
  children: ReactNode;
  /**
   * From 1024 px a pane along the right edge, beside the table it was opened from (Modal's `side`); from
   * 1280 px not modal, the table still usable beside it (Modal's `beside`, ADR 048).
   */
  side?: boolean;
}) {
  const formId = useId();
  return (
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      title={title}
      description={description}
      side={side}
      beside={side}
      footer={
        <>
          <Button variant="secondary" onClick={() => onOpenChange(false)}>
            {cancelLabel}
          </Button>
          <Button type="submit" form={formId} disabled={busy}>
            {submitLabel}
          </Button>
        </>
      }
    >
      <form id={formId} noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
        <ErrorAlert message={error} />
        {children}
      </form>
    </Modal>
  );
}
