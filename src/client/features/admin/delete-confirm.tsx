import type { UseMutationResult } from "@tanstack/react-query";
import { useAdminStatus } from "#client/features/admin/status-banner.tsx";
import { ConfirmDialog } from "#client/ui/dialog.tsx";
import { adminTexts as t } from "#domain/texts/admin.ts";

interface Deletable {
  id: string;
  name: string;
}

/**
 * The confirmation every admin list asks before deleting a row; the outcome goes to the status banner
 * and the dialog closes either way.
 */
export function AdminDeleteConfirm({
  target,
  onClose,
  remove,
  message,
}: {
  target: Deletable | null;
  onClose: () => void;
  remove: UseMutationResult<unknown, Error, string>;
  message: string;
}) {
  const report = useAdminStatus();
  const confirm = () => {
    if (!target) return;
    const name = target.name;
    remove.mutate(target.id, {
      onSuccess: () => report("success", t.deleted(name)),
      onError: (error) => report("error", error.message),
      onSettled: onClose,
    });
  };
  return (
    <ConfirmDialog
      open={target !== null}
      onOpenChange={(open) => !open && onClose()}
      title={t.confirmDeleteTitle(target?.name ?? "")}
      message={message}
      confirmLabel={t.delete}
      cancelLabel={t.cancel}
      busy={remove.isPending}
      onConfirm={confirm}
    />
  );
}
