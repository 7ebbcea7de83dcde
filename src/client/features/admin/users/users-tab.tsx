import { useState } from "react";
import { AdminTable } from "#client/features/admin/admin-table.tsx";
import { useAdminUsers } from "#client/features/admin/api/users.ts";
import { useGuardedPane } from "#client/features/admin/guarded-pane.tsx";
import { ListToolbar } from "#client/features/admin/list-toolbar.tsx";
import { PagedList } from "#client/features/admin/paged-list.tsx";
import { RowActions } from "#client/features/admin/row-actions.tsx";
import { DeleteUserDialog } from "#client/features/admin/users/delete-user-dialog.tsx";
import { UserFormDialog } from "#client/features/admin/users/user-form-dialog.tsx";
import { useMe } from "#client/features/auth/api/get-me.ts";
import { MessageDialog } from "#client/ui/alert-dialog.tsx";
import type { AdminUser, AdminUserSort } from "#domain/contracts/admin.ts";
import { nextSortOf, sortParam, type TableSort } from "#domain/sorting/table-sort.ts";
import { adminTexts } from "#domain/texts/admin.ts";
import { errorsTexts } from "#domain/texts/errors.ts";

const t = adminTexts;
const BY_NAME: TableSort<AdminUserSort> = { column: "name", direction: "ascending" };
const FIRST = { name: "ascending", email: "ascending" } as const;

/**
 * Data Management → Users: search, page, add, edit, delete (never an admin: the spec's alert). From 1024 px
 * a table sorted on the server by name or email, the form in a pane beside it (ADR 048).
 */
export function UsersTab() {
  const [q, setQ] = useState("");
  const [sort, setSort] = useState(BY_NAME);
  const users = useAdminUsers(q, sortParam(sort));
  const me = useMe().data;
  const { editing, choose, close, guard, question } = useGuardedPane<AdminUser | "new">();
  const [deleting, setDeleting] = useState<AdminUser | null>(null);
  const [refused, setRefused] = useState(false);

  const askDelete = (user: AdminUser) => {
    if (user.id === me?.id || user.roles.includes("Admin")) setRefused(true);
    else setDeleting(user);
  };

  return (
    <div className="flex flex-col gap-3">
      <ListToolbar
        searchLabel={t.searchUsers}
        onSearch={setQ}
        addLabel={t.addUser}
        onAdd={() => choose("new")}
      />
      <PagedList
        query={users}
        items={(page) => page.users}
        empty={t.noUsers}
        label={t.users}
        table={(rows) => (
          <AdminTable
            label={t.users}
            rows={rows}
            sort={sort}
            onSort={(column) => setSort(nextSortOf(sort, column, FIRST))}
            openId={editing !== null && editing !== "new" ? editing.id : null}
            columns={[
              { label: t.name, sortBy: "name", cell: (user) => user.name },
              { label: t.email, sortBy: "email", className: "w-[38%] break-all", cell: (user) => user.email },
              { label: t.roles, cell: (user) => user.roles.join(", ") },
            ]}
            actions={(user) => (
              <RowActions name={user.name} onEdit={() => choose(user)} onDelete={() => askDelete(user)} />
            )}
          />
        )}
        render={(user) => (
          <li key={user.id} className="flex items-center gap-2 px-3 py-2">
            <div className="min-w-0 flex-1">
              <p className="font-medium break-words text-stone-900">{user.name}</p>
              <p className="text-sm break-all text-stone-600">{user.email}</p>
              <p className="text-xs text-stone-600">{user.roles.join(", ")}</p>
            </div>
            <RowActions name={user.name} onEdit={() => choose(user)} onDelete={() => askDelete(user)} />
          </li>
        )}
      />
      {guard(
        <UserFormDialog
          open={editing !== null}
          onOpenChange={(open) => !open && close()}
          user={editing === "new" ? null : editing}
        />,
      )}
      {question}
      <DeleteUserDialog target={deleting} onClose={() => setDeleting(null)} />
      <MessageDialog
        open={refused}
        message={errorsTexts.adminsCannotBeDeleted}
        onClose={() => setRefused(false)}
      />
    </div>
  );
}
