import { useState } from "react";
import { useAdminUsers } from "#client/features/admin/api/users.ts";
import { ListToolbar } from "#client/features/admin/list-toolbar.tsx";
import { PagedList } from "#client/features/admin/paged-list.tsx";
import { RowActions } from "#client/features/admin/row-actions.tsx";
import { DeleteUserDialog } from "#client/features/admin/users/delete-user-dialog.tsx";
import { UserFormDialog } from "#client/features/admin/users/user-form-dialog.tsx";
import { useMe } from "#client/features/auth/api/get-me.ts";
import { MessageDialog } from "#client/ui/alert-dialog.tsx";
import type { AdminUser } from "#domain/contracts/admin.ts";
import { adminTexts } from "#domain/texts/admin.ts";
import { errorsTexts } from "#domain/texts/errors.ts";

const t = adminTexts;

/** Data Management → Users: search, page, add, edit, delete (never an admin: the spec's alert). */
export function UsersTab() {
  const [q, setQ] = useState("");
  const users = useAdminUsers(q);
  const me = useMe().data;
  const [editing, setEditing] = useState<AdminUser | null | "new">(null);
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
        onAdd={() => setEditing("new")}
      />
      <PagedList
        query={users}
        items={(page) => page.users}
        empty={t.noUsers}
        label={t.users}
        render={(user) => (
          <li key={user.id} className="flex items-center gap-2 px-3 py-2">
            <div className="min-w-0 flex-1">
              <p className="font-medium break-words text-stone-900">{user.name}</p>
              <p className="text-sm break-all text-stone-600">{user.email}</p>
              <p className="text-xs text-stone-600">{user.roles.join(", ")}</p>
            </div>
            <RowActions name={user.name} onEdit={() => setEditing(user)} onDelete={() => askDelete(user)} />
          </li>
        )}
      />
      <UserFormDialog
        open={editing !== null}
        onOpenChange={(open) => !open && setEditing(null)}
        user={editing === "new" ? null : editing}
      />
      <DeleteUserDialog target={deleting} onClose={() => setDeleting(null)} />
      <MessageDialog
        open={refused}
        message={errorsTexts.adminsCannotBeDeleted}
        onClose={() => setRefused(false)}
      />
    </div>
  );
}
