import { useEffect } from "react";
import { useBlockUser } from "#client/features/profile/api/block-user.ts";
import { ErrorAlert } from "#client/ui/alert.tsx";
import { ConfirmDialog } from "#client/ui/dialog.tsx";
import { blockingTexts } from "#domain/texts/blocking.ts";
import { profileTexts } from "#domain/texts/profile.ts";

const t = profileTexts;

/**
 * "Block {name}?": says what a block does before it happens, since it also removes what that
 * person put on the viewer's roster and ends a friendship (ADR 008).
 */
export function BlockDialog({
  person,
  onClose,
}: {
  person: { id: string; name: string } | null;
  onClose: () => void;
}) {
  const block = useBlockUser();
  useEffect(() => {
    if (person) block.reset();
  }, [person, block.reset]);
  return (
    <>
      <ConfirmDialog
        open={!!person}
        onOpenChange={(open) => !open && onClose()}
        title={t.blockTitle(person?.name ?? "")}
        message={t.blockBody}
        confirmLabel={blockingTexts.block}
        cancelLabel={t.cancel}
        busy={block.isPending}
        onConfirm={() => {
          // The dialog closes either way; a failure shows where this component sits on the page.
          if (person) block.mutate(person.id, { onSettled: onClose });
        }}
      />
      <ErrorAlert message={block.error?.message} />
    </>
  );
}
