import { useState } from "react";
import { useAdminHorses, useDeleteHorse } from "#client/features/admin/api/horses.ts";
import { AdminDeleteConfirm } from "#client/features/admin/delete-confirm.tsx";
import { AdminHorseFormDialog } from "#client/features/admin/horses/horse-form-dialog.tsx";
import { ListToolbar } from "#client/features/admin/list-toolbar.tsx";
import { PagedList } from "#client/features/admin/paged-list.tsx";
import { RowActions } from "#client/features/admin/row-actions.tsx";
import type { AdminHorse } from "#domain/contracts/admin.ts";
import { adminTexts } from "#domain/texts/admin.ts";

const t = adminTexts;
const names = (people: { name: string }[]) => (people.length ? people.map((p) => p.name).join(", ") : t.none);

/** Data Management → Horses: every horse with owners and trainers; add, edit, delete. */
export function HorsesTab() {
  const [q, setQ] = useState("");
  const horses = useAdminHorses(q);
  const remove = useDeleteHorse();
  const [editing, setEditing] = useState<AdminHorse | null | "new">(null);
  const [deleting, setDeleting] = useState<AdminHorse | null>(null);

  return (
    <div className="flex flex-col gap-3">
      <ListToolbar
        searchLabel={t.searchHorses}
        onSearch={setQ}
        addLabel={t.addHorse}
        onAdd={() => setEditing("new")}
      />
      <PagedList
        query={horses}
        items={(page) => page.horses}
        empty={t.noHorses}
        label={t.horses}
        render={(horse) => (
          <li key={horse.id} className="flex items-center gap-2 px-3 py-2">
            <div className="min-w-0 flex-1">
              <p className="font-medium break-words text-stone-900">{horse.name}</p>
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
      <AdminDeleteConfirm
        target={deleting}
        onClose={() => setDeleting(null)}
        remove={remove}
        message={t.confirmDeleteHorse}
      />
    </div>
  );
}
