import { Modal } from "#client/ui/dialog.tsx";
import { Spinner } from "#client/ui/page.tsx";
import { texts } from "#domain/texts/shell.ts";

/**
 * What an AI dialog shows while its own code is still loading (only on a slow first open). A lazy
 * chunk itself: its Modal is Radix Dialog, which the AI rows on the planner and show detail must not
 * bring to the first load (docs/decisions/015-first-load.md).
 */
export default function DialogLoading({ title, onClose }: { title: string; onClose: () => void }) {
  return (
    <Modal open title={title} onOpenChange={(open) => !open && onClose()}>
      <Spinner label={texts.common.loading} />
    </Modal>
  );
}
