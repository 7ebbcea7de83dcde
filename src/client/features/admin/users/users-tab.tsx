import { Plus } from "lucide-react";
import { useState } from "react";
import { useAdminUsers, useDeleteUser } from "#client/features/admin/api/users.ts";
import { PagedList } from "#client/features/admin/paged-list.tsx";
import { RowActions } from "#client/features/admin/row-actions.tsx";
import { SearchBox } from "#client/features/admin/search-box.tsx";
import { useAdminStatus } from "#client/features/admin/status-banner.tsx";
import { UserFormDialog } from "#client/features/admin/users/user-form-dialog.tsx";
import { useMe } from "#client/features/auth/api/get-me.ts";
import { MessageDialog } from "#client/ui/alert-dialog.tsx";
import { Button } from "#client/ui/button.tsx";
import { ConfirmDialog } from "#client/ui/dialog.tsx";
import type { AdminUser } from "#domain/contracts/admin.ts";
import { texts } from "#domain/texts.ts";

const t = texts.admin;

/** Data Management → Users: search, page, add, edit, delete (never an admin: the spec's alert). */
export function UsersTab() {
  const [q, setQ] = useState("");
  const users = useAdminUsers(q);
  const me = useMe().data;
  const remove = useDeleteUser();
  const report = useAdminStatus();
  const [editing, setEditing] = useState<AdminUser | null | "new">(null);
  const [deleting, setDeleting] = useState<AdminUser | null>(null);
  const [refused, setRefused] = useState(false);

  const askDelete = (user: AdminUser) => {
    if (user.id === me?.id || user.roles.includes("Admin")) setRefused(true);
    else setDeleting(user);
  };
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
          <SearchBox label={t.searchUsers} placeholder={t.searchUsers} onSearch={setQ} />
        </div>
        <Button onClick={() => setEditing("new")}>
          <Plus aria-hidden className="size-4" />
          {t.addUser}
        </Button>
      </div>
      <PagedList
        query={users}
        items={(page) => page.users}
        empty={t.noUsers}
        label={t.users}
        render={(user) => (
          <li key={user.id} className="flex items-center gap-2 px-3 py-2">
            <div className="min-w-0 flex-1">
              <p className="truncate font-medium text-stone-900">{user.name}</p>
              <p className="truncate text-sm text-stone-600">{user.email}</p>
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
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title={t.confirmDeleteTitle(deleting?.name ?? "")}
        message={t.confirmDeleteUser}
        confirmLabel={t.delete}
        cancelLabel={t.cancel}
        busy={remove.isPending}
        onConfirm={confirmDelete}
      />
      <MessageDialog
        open={refused}
        message={texts.errors.adminsCannotBeDeleted}
        onClose={() => setRefused(false)}
      />
    </div>
  );
}
