import { useState } from "react";
import { AdminTable } from "#client/features/admin/admin-table.tsx";
import { useAdminHorses, useDeleteHorse } from "#client/features/admin/api/horses.ts";
import { AdminDeleteConfirm } from "#client/features/admin/delete-confirm.tsx";
import { useGuardedPane } from "#client/features/admin/guarded-pane.tsx";
import { AdminHorseFormDialog } from "#client/features/admin/horses/horse-form-dialog.tsx";
import { ListToolbar } from "#client/features/admin/list-toolbar.tsx";
import { PagedList } from "#client/features/admin/paged-list.tsx";
import { RowActions } from "#client/features/admin/row-actions.tsx";
import type { AdminHorse, AdminHorseSort } from "#domain/contracts/admin.ts";
import { nextSortOf, sortParam, type TableSort } from "#domain/sorting/table-sort.ts";
import { adminTexts } from "#domain/texts/admin.ts";

const t = adminTexts;
const BY_NAME: TableSort<AdminHorseSort> = { column: "name", direction: "ascending" };
const FIRST = { name: "ascending", dateOfBirth: "ascending" } as const;
const names = (people: { name: string }[]) => (people.length ? people.map((p) => p.name).join(", ") : t.none);

/**
 * Data Management → Horses: every horse with owners and trainers; add, edit, delete. From 1024 px a table
 * sorted on the server by name or date of birth, the form in a pane beside it (ADR 048).
 */
export function HorsesTab() {
  const [q, setQ] = useState("");
  const [sort, setSort] = useState(BY_NAME);
  const horses = useAdminHorses(q, sortParam(sort));
  const remove = useDeleteHorse();
  const { editing, choose, close, guard, question } = useGuardedPane<AdminHorse | "new">();
  const [deleting, setDeleting] = useState<AdminHorse | null>(null);

  return (
    <div className="flex flex-col gap-3">
      <ListToolbar
        searchLabel={t.searchHorses}
        onSearch={setQ}
        addLabel={t.addHorse}
        onAdd={() => choose("new")}
      />
      <PagedList
        query={horses}
        items={(page) => page.horses}
        empty={t.noHorses}
        label={t.horses}
        table={(rows) => (
          <AdminTable
            label={t.horses}
            rows={rows}
            sort={sort}
            onSort={(column) => setSort(nextSortOf(sort, column, FIRST))}
            openId={editing !== null && editing !== "new" ? editing.id : null}
            columns={[
              { label: t.name, sortBy: "name", cell: (horse) => horse.name },
              {
                label: t.dateOfBirth,
                sortBy: "dateOfBirth",
                className: "w-40",
                cell: (horse) => horse.dateOfBirth,
              },
              { label: t.owners, cell: (horse) => names(horse.owners) },
              { label: t.trainers, cell: (horse) => names(horse.trainers) },
            ]}
            actions={(horse) => (
              <RowActions
                name={horse.name}
                onEdit={() => choose(horse)}
                onDelete={() => setDeleting(horse)}
              />
            )}
          />
        )}
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
            <RowActions name={horse.name} onEdit={() => choose(horse)} onDelete={() => setDeleting(horse)} />
          </li>
        )}
      />
      {guard(
        <AdminHorseFormDialog
          open={editing !== null}
          onOpenChange={(open) => !open && close()}
          horse={editing === "new" ? null : editing}
        />,
      )}
      {question}
      <AdminDeleteConfirm
        target={deleting}
        onClose={() => setDeleting(null)}
        remove={remove}
        message={t.confirmDeleteHorse}
      />
    </div>
  );
}
