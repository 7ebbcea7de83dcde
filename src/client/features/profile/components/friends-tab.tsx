import { UserPlus } from "lucide-react";
import type { ReactNode } from "react";
import { useState } from "react";
import { useAnswerFriendRequest } from "#client/features/profile/api/answer-friend-request.ts";
import { useUnblockUser } from "#client/features/profile/api/block-user.ts";
import { useBlocked } from "#client/features/profile/api/list-blocked.ts";
import { useFriendRequests } from "#client/features/profile/api/list-friend-requests.ts";
import type { useFriends } from "#client/features/profile/api/list-friends.ts";
import { useRemoveFriend } from "#client/features/profile/api/remove-friend.ts";
import { useWithdrawFriendRequest } from "#client/features/profile/api/withdraw-friend-request.ts";
import { AddFriendsDialog } from "#client/features/profile/components/add-friends-dialog.tsx";
import { BlockDialog } from "#client/features/profile/components/block-dialog.tsx";
import { ErrorAlert, LoadError } from "#client/ui/alert.tsx";
import { Button } from "#client/ui/button.tsx";
import { ConfirmDialog } from "#client/ui/dialog.tsx";
import { EmptyState, Spinner } from "#client/ui/page.tsx";
import { PersonPhoto } from "#client/ui/placeholders.tsx";
import type { PersonRef } from "#domain/contracts/people.ts";
import { blockingTexts } from "#domain/texts/blocking.ts";
import { offlineTexts } from "#domain/texts/offline.ts";
import { profileTexts } from "#domain/texts/profile.ts";
import { texts } from "#domain/texts/shell.ts";

const t = profileTexts;

export function FriendsTab({ friends }: { friends: ReturnType<typeof useFriends> }) {
  const remove = useRemoveFriend();
  const [adding, setAdding] = useState(false);
  const [removing, setRemoving] = useState<PersonRef | null>(null);
  const requests = useFriendRequests();
  const outgoing = requests.data?.outgoing ?? [];

  return (
    <div className="flex flex-col gap-3">
      <FriendRequestList requests={requests} />
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
        // A request on its way is not "no friends yet": the sent list below says whom we wait for.
        outgoing.length === 0 ? (
          <EmptyState title={t.noFriends} />
        ) : null
      ) : (
        <ul className={list}>
          {friends.data.friends.map((f) => (
            <PersonRow key={f.id} person={f}>
              <Button variant="ghost" aria-label={`${t.remove} ${f.name}`} onClick={() => setRemoving(f)}>
                {t.remove}
              </Button>
            </PersonRow>
          ))}
        </ul>
      )}
      <SentRequestList outgoing={outgoing} />
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

const list = "flex flex-col divide-y divide-stone-100 rounded-xl border border-stone-200 bg-white";

/** One person in a list: photo, name (or a phrase about them) and the row's actions. */
function PersonRow({ person, label, children }: { person: PersonRef; label?: string; children: ReactNode }) {
  return (
    <li className="flex flex-wrap items-center gap-3 px-4 py-2">
      <PersonPhoto photoId={person.photoId} alt="" className="size-10 shrink-0 rounded-full" />
      <span className="min-w-0 flex-1 text-sm font-medium break-words text-stone-900">
        {label ?? person.name}
      </span>
      <span className="ml-auto flex gap-1">{children}</span>
    </li>
  );
}

/** Requests the viewer sent that wait for an answer: "Waiting for Ben Buddy — Withdraw". */
function SentRequestList({ outgoing }: { outgoing: readonly PersonRef[] }) {
  const withdraw = useWithdrawFriendRequest();
  if (outgoing.length === 0 && !withdraw.error) return null;
  return (
    <section aria-labelledby="sent-requests" className="flex flex-col gap-2">
      <ErrorAlert message={withdraw.error?.message} />
      {outgoing.length > 0 ? (
        <>
          <h2 id="sent-requests" className="text-base font-semibold text-brand-900">
            {t.sentRequests(outgoing.length)}
          </h2>
          <ul className={list}>
            {outgoing.map((p) => (
              <PersonRow key={p.id} person={p} label={t.waitingFor(p.name)}>
                <Button
                  variant="secondary"
                  aria-label={t.withdrawLabel(p.name)}
                  disabled={withdraw.isPending && withdraw.variables === p.id}
                  onClick={() => withdraw.mutate(p.id)}
                >
                  {t.withdraw}
                </Button>
              </PersonRow>
            ))}
          </ul>
        </>
      ) : null}
    </section>
  );
}

/** The two answers to a request, as their buttons say them. */
const ANSWERS = [
  { answer: "accept", variant: "primary", word: t.accept, label: t.acceptLabel },
  { answer: "ignore", variant: "secondary", word: t.ignore, label: t.ignoreLabel },
] as const;

/** Requests to the viewer, each with Accept, Ignore and Block; nothing shows when there are none. */
function FriendRequestList({ requests }: { requests: ReturnType<typeof useFriendRequests> }) {
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
              <PersonRow key={p.id} person={p}>
                {ANSWERS.map(({ answer: kind, variant, word, label }) => (
                  <Button
                    key={kind}
                    variant={variant}
                    aria-label={label(p.name)}
                    disabled={busy(p.id)}
                    onClick={() =>
                      answer.queue(
                        { requesterId: p.id, answer: kind },
                        offlineTexts.labels.answerRequest(kind, p.name),
                      )
                    }
                  >
                    {word}
                  </Button>
                ))}
                <Button
                  variant="ghost"
                  aria-label={blockingTexts.blockLabel(p.name)}
                  onClick={() => setBlocking(p)}
                >
                  {blockingTexts.block}
                </Button>
              </PersonRow>
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
              <PersonRow key={p.id} person={p}>
                <Button
                  variant="secondary"
                  aria-label={t.unblockLabel(p.name)}
                  disabled={unblock.isPending && unblock.variables === p.id}
                  onClick={() => unblock.mutate(p.id)}
                >
                  {t.unblock}
                </Button>
              </PersonRow>
            ))}
          </ul>
        </section>
      ) : null}
    </>
  );
}
