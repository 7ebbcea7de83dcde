import { UserPlus } from "lucide-react";
import { useState } from "react";
import { useAnswerFriendRequest } from "#client/features/profile/api/answer-friend-request.ts";
import { useUnblockUser } from "#client/features/profile/api/block-user.ts";
import { useBlocked } from "#client/features/profile/api/list-blocked.ts";
import { useFriendRequests } from "#client/features/profile/api/list-friend-requests.ts";
import type { useFriends } from "#client/features/profile/api/list-friends.ts";
import { useRemoveFriend } from "#client/features/profile/api/remove-friend.ts";
import { AddFriendsDialog } from "#client/features/profile/components/add-friends-dialog.tsx";
import { BlockDialog } from "#client/features/profile/components/block-dialog.tsx";
import { ErrorAlert, LoadError } from "#client/ui/alert.tsx";
import { Button } from "#client/ui/button.tsx";
import { ConfirmDialog } from "#client/ui/dialog.tsx";
import { EmptyState, Spinner } from "#client/ui/page.tsx";
import { PersonPhoto } from "#client/ui/placeholders.tsx";
import type { PersonRef } from "#domain/contracts/people.ts";
import { texts } from "#domain/texts.ts";
import { offlineTexts } from "#domain/texts-offline.ts";
import { profileTexts } from "#domain/texts-profile.ts";

const t = profileTexts;

export function FriendsTab({ friends }: { friends: ReturnType<typeof useFriends> }) {
  const remove = useRemoveFriend();
  const [adding, setAdding] = useState(false);
  const [removing, setRemoving] = useState<PersonRef | null>(null);

  return (
    <div className="flex flex-col gap-3">
      <FriendRequestList />
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
        <ul className={list}>
          {friends.data.friends.map((f) => (
            <li key={f.id} className={row}>
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
      <BlockedList />
    </div>
  );
}

const row = "flex items-center gap-3 px-4 py-2";
const list = "flex flex-col divide-y divide-stone-100 rounded-xl border border-stone-200 bg-white";

/** Requests to the viewer, each with Accept, Ignore and Block; nothing shows when there are none. */
function FriendRequestList() {
  const requests = useFriendRequests();
  const answer = useAnswerFriendRequest();
  const [blocking, setBlocking] = useState<PersonRef | null>(null);
  const incoming = requests.data?.incoming ?? [];
  const busy = (id: string) => answer.isPending && answer.input?.requesterId === id;
  return (
    <>
      <ErrorAlert message={answer.error?.message ?? (requests.isError ? requests.error.message : null)} />
      <BlockDialog person={blocking} onClose={() => setBlocking(null)} />
      {incoming.length > 0 ? (
        <section aria-labelledby="friend-requests" className="flex flex-col gap-2">
          <h2 id="friend-requests" className="text-base font-semibold text-brand-900">
            {t.friendRequests(incoming.length)}
          </h2>
          <ul className={list}>
            {incoming.map((p) => (
              <li key={p.id} className={`${row} flex-wrap`}>
                <PersonPhoto photoId={p.photoId} alt="" className="size-10 shrink-0 rounded-full" />
                <span className="min-w-0 flex-1 truncate text-sm font-medium text-stone-900">{p.name}</span>
                <span className="ml-auto flex gap-1">
                  <Button
                    aria-label={t.acceptLabel(p.name)}
                    disabled={busy(p.id)}
                    onClick={() =>
                      answer.queue(
                        { requesterId: p.id, answer: "accept" },
                        offlineTexts.labels.answerRequest("accept", p.name),
                      )
                    }
                  >
                    {t.accept}
                  </Button>
                  <Button
                    variant="secondary"
                    aria-label={t.ignoreLabel(p.name)}
                    disabled={busy(p.id)}
                    onClick={() =>
                      answer.queue(
                        { requesterId: p.id, answer: "ignore" },
                        offlineTexts.labels.answerRequest("ignore", p.name),
                      )
                    }
                  >
                    {t.ignore}
                  </Button>
                  <Button
                    variant="ghost"
                    aria-label={texts.blocking.blockLabel(p.name)}
                    onClick={() => setBlocking(p)}
                  >
                    {texts.blocking.block}
                  </Button>
                </span>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </>
  );
}

/** The people the viewer has blocked, each with Unblock; nothing shows when there are none. */
function BlockedList() {
  const blocked = useBlocked();
  const unblock = useUnblockUser();
  const people = blocked.data?.blocked ?? [];
  return (
    <>
      <ErrorAlert message={unblock.error?.message ?? (blocked.isError ? blocked.error.message : null)} />
      {people.length > 0 ? (
        <section aria-labelledby="blocked-people" className="mt-3 flex flex-col gap-2">
          <h2 id="blocked-people" className="text-base font-semibold text-brand-900">
            {t.blockedPeople}
          </h2>
          <ul className={list}>
            {people.map((p) => (
              <li key={p.id} className={row}>
                <PersonPhoto photoId={p.photoId} alt="" className="size-10 shrink-0 rounded-full" />
                <span className="min-w-0 flex-1 truncate text-sm font-medium text-stone-900">{p.name}</span>
                <Button
                  variant="secondary"
                  aria-label={t.unblockLabel(p.name)}
                  disabled={unblock.isPending && unblock.variables === p.id}
                  onClick={() => unblock.mutate(p.id)}
                >
                  {t.unblock}
                </Button>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </>
  );
}
