import { Plus } from "lucide-react";
import { useState } from "react";
import { useAdminHorses, useDeleteHorse } from "#client/features/admin/api/horses.ts";
import { AdminHorseFormDialog } from "#client/features/admin/horses/horse-form-dialog.tsx";
import { PagedList } from "#client/features/admin/paged-list.tsx";
import { RowActions } from "#client/features/admin/row-actions.tsx";
import { SearchBox } from "#client/features/admin/search-box.tsx";
import { useAdminStatus } from "#client/features/admin/status-banner.tsx";
import { Button } from "#client/ui/button.tsx";
import { ConfirmDialog } from "#client/ui/dialog.tsx";
import type { AdminHorse } from "#domain/contracts/admin.ts";
import { texts } from "#domain/texts.ts";

const t = texts.admin;
const names = (people: { name: string }[]) => (people.length ? people.map((p) => p.name).join(", ") : t.none);

/** Data Management → Horses: every horse with owners and trainers; add, edit, delete. */
export function HorsesTab() {
  const [q, setQ] = useState("");
  const horses = useAdminHorses(q);
  const remove = useDeleteHorse();
  const report = useAdminStatus();
  const [editing, setEditing] = useState<AdminHorse | null | "new">(null);
  const [deleting, setDeleting] = useState<AdminHorse | null>(null);

  const confirmDelete = () => {
    if (!deleting) return;
    const name = deleting.name;
    remove.mutate(deleting.id, {
      onSuccess: () => report("success", t.deleted(name)),
      onError: (error) => report("error", error.message),
      onSettled: () => setDeleting(null),
    });
  };

  return (
    <div className="flex flex-col gap-3">
      <div className="flex flex-col gap-2 min-[420px]:flex-row">
        <div className="flex-1">
          <SearchBox label={t.searchHorses} placeholder={t.searchHorses} onSearch={setQ} />
        </div>
        <Button onClick={() => setEditing("new")}>
          <Plus aria-hidden className="size-4" />
          {t.addHorse}
        </Button>
      </div>
      <PagedList
        query={horses}
        items={(page) => page.horses}
        empty={t.noHorses}
        label={t.horses}
        render={(horse) => (
          <li key={horse.id} className="flex items-center gap-2 px-3 py-2">
            <div className="min-w-0 flex-1">
              <p className="truncate font-medium text-stone-900">{horse.name}</p>
              <p className="text-sm text-stone-600">
                {t.owners}: {names(horse.owners)}
              </p>
              <p className="text-sm text-stone-600">
                {t.trainers}: {names(horse.trainers)}
              </p>
            </div>
            <RowActions
              name={horse.name}
              onEdit={() => setEditing(horse)}
              onDelete={() => setDeleting(horse)}
            />
          </li>
        )}
      />
      <AdminHorseFormDialog
        open={editing !== null}
        onOpenChange={(open) => !open && setEditing(null)}
        horse={editing === "new" ? null : editing}
      />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title={t.confirmDeleteTitle(deleting?.name ?? "")}
        message={t.confirmDeleteHorse}
        confirmLabel={t.delete}
        cancelLabel={t.cancel}
        busy={remove.isPending}
        onConfirm={confirmDelete}
      />
    </div>
  );
}
