import { UserPlus } from "lucide-react";
import { useState } from "react";
import type { useFriends } from "#client/features/profile/api/list-friends.ts";
import { useRemoveFriend } from "#client/features/profile/api/remove-friend.ts";
import { AddFriendsDialog } from "#client/features/profile/components/add-friends-dialog.tsx";
import { ErrorAlert, LoadError } from "#client/ui/alert.tsx";
import { Button } from "#client/ui/button.tsx";
import { ConfirmDialog } from "#client/ui/dialog.tsx";
import { EmptyState, Spinner } from "#client/ui/page.tsx";
import { PersonPhoto } from "#client/ui/placeholders.tsx";
import type { PersonRef } from "#domain/contracts/people.ts";
import { texts } from "#domain/texts.ts";

const t = texts.profile;

export function FriendsTab({ friends }: { friends: ReturnType<typeof useFriends> }) {
  const remove = useRemoveFriend();
  const [adding, setAdding] = useState(false);
  const [removing, setRemoving] = useState<PersonRef | null>(null);

  return (
    <div className="flex flex-col gap-3">
      <div className="flex items-center justify-between gap-2">
        <h2 className="text-base font-semibold text-brand-900">
          {t.friendsCount(friends.data?.friends.length ?? 0)}
        </h2>
        <Button variant="secondary" onClick={() => setAdding(true)}>
          <UserPlus aria-hidden className="size-4" />
          {t.addFriend}
        </Button>
      </div>
      <ErrorAlert message={remove.error?.message} />
      {friends.isPending ? (
        <Spinner label={texts.common.loading} />
      ) : friends.isError ? (
        <LoadError
          message={`${t.loadFailed} ${friends.error.message}`}
          onRetry={() => void friends.refetch()}
        />
      ) : friends.data.friends.length === 0 ? (
        <EmptyState title={t.noFriends} />
      ) : (
        <ul className="flex flex-col divide-y divide-stone-100 rounded-xl border border-stone-200 bg-white">
          {friends.data.friends.map((f) => (
            <li key={f.id} className="flex items-center gap-3 px-4 py-2">
              <PersonPhoto photoId={f.photoId} alt="" className="size-10 shrink-0 rounded-full" />
              <span className="min-w-0 flex-1 truncate text-sm font-medium text-stone-900">{f.name}</span>
              <Button variant="ghost" aria-label={`${t.remove} ${f.name}`} onClick={() => setRemoving(f)}>
                {t.remove}
              </Button>
            </li>
          ))}
        </ul>
      )}
      <AddFriendsDialog open={adding} onOpenChange={setAdding} />
      <ConfirmDialog
        open={!!removing}
        onOpenChange={(open) => !open && setRemoving(null)}
        title={t.removeFriendTitle(removing?.name ?? "")}
        message={t.removeFriendBody}
        confirmLabel={t.remove}
        cancelLabel={t.cancel}
        busy={remove.isPending}
        onConfirm={() => {
          if (removing) remove.mutate(removing.id, { onSuccess: () => setRemoving(null) });
        }}
      />
    </div>
  );
}
