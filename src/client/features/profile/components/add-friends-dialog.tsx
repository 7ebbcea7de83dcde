import { Ban, Check, Clock, Search, UserPlus } from "lucide-react";
import { useDeferredValue, useEffect, useState } from "react";
import { useAddFriend } from "#client/features/profile/api/add-friend.ts";
import { useUserSearch } from "#client/features/profile/api/search-users.ts";
import { ErrorAlert } from "#client/ui/alert.tsx";
import { Button } from "#client/ui/button.tsx";
import { Modal } from "#client/ui/dialog.tsx";
import { Spinner } from "#client/ui/page.tsx";
import { PersonPhoto } from "#client/ui/placeholders.tsx";
import type { FriendRelation } from "#domain/contracts/profile.ts";
import { readPeopleQuery } from "#domain/people/people-search.ts";
import { offlineTexts } from "#domain/texts/offline.ts";
import { peopleSearchTexts } from "#domain/texts/people-search.ts";
import { profileTexts } from "#domain/texts/profile.ts";
import { texts } from "#domain/texts/shell.ts";

const t = profileTexts;

/**
 * Add Friends: search people by name (every word must appear, at least three letters) or exact email —
 * people the viewer knows, and others who let themselves be found (ADR 034) — 'Add' per person. 'Add' sends a
 * friend request ("Requested" until they accept); for someone who already asked, it accepts.
 */
export function AddFriendsDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const [query, setQuery] = useState("");
  const deferred = useDeferredValue(query);
  const tooShort = readPeopleQuery(deferred).kind === "tooShort";
  const results = useUserSearch(deferred, open && !tooShort);
  const add = useAddFriend();

  useEffect(() => {
    if (open) {
      setQuery("");
      add.reset();
    }
  }, [open, add.reset]);

  return (
    <Modal open={open} onOpenChange={onOpenChange} title={t.addFriendsTitle}>
      <div className="flex flex-col gap-3">
        <div className="relative">
          <Search
            aria-hidden
            className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-stone-500"
          />
          <input
            type="search"
            aria-label={t.searchByName}
            placeholder={t.searchByName}
            value={query}
            onChange={(e) => setQuery(e.target.value)}
            className="min-h-11 w-full rounded-lg border border-stone-300 bg-white pr-3 pl-9 text-base text-stone-900 placeholder:text-stone-500 focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-200"
          />
        </div>
        <ErrorAlert message={add.error?.message ?? (results.isError ? results.error.message : null)} />
        {tooShort ? (
          <p className="py-6 text-center text-sm text-stone-600">{peopleSearchTexts.typeMore}</p>
        ) : results.isPending ? (
          <Spinner label={texts.common.loading} />
        ) : (results.data?.users.length ?? 0) === 0 ? (
          <div className="py-6 text-center text-sm text-stone-600">
            <p>{t.noUsers}</p>
            <p className="mt-1">{peopleSearchTexts.nobodyFound}</p>
          </div>
        ) : (
          <ul className="flex flex-col divide-y divide-stone-100" aria-label={t.addFriendsTitle}>
            {results.data?.users.map((u) => (
              <li key={u.id} className="flex items-center gap-3 py-2">
                <PersonPhoto photoId={u.photoId} alt="" className="size-10 shrink-0 rounded-full" />
                <span className="min-w-0 flex-1">
                  <span className="block truncate text-sm font-medium text-stone-900">{u.name}</span>
                  <span className="block truncate text-xs text-stone-600">
                    {peopleSearchTexts.details(u)}
                  </span>
                </span>
                <RelationAction
                  person={u}
                  busy={add.isPending && add.input === u.id}
                  onAdd={() => add.queue(u.id, offlineTexts.labels.addFriend(u.name))}
                />
              </li>
            ))}
          </ul>
        )}
      </div>
    </Modal>
  );
}

const stateClass = "inline-flex min-h-11 items-center gap-1 px-3 text-sm";

function RelationAction({
  person,
  busy,
  onAdd,
}: {
  person: { name: string; relation: FriendRelation };
  busy: boolean;
  onAdd: () => void;
}) {
  switch (person.relation) {
    case "friend":
      return (
        <span className={`${stateClass} text-brand-700`}>
          <Check aria-hidden className="size-4" />
          {t.added}
        </span>
      );
    case "requested":
      return (
        <span className={`${stateClass} text-stone-600`}>
          <Clock aria-hidden className="size-4" />
          {t.requested}
        </span>
      );
    case "blocked":
      return (
        <span className={`${stateClass} text-stone-600`}>
          <Ban aria-hidden className="size-4" />
          {t.blocked}
        </span>
      );
    case "incoming":
      return (
        <Button aria-label={t.acceptLabel(person.name)} disabled={busy} onClick={onAdd}>
          <Check aria-hidden className="size-4" />
          {t.accept}
        </Button>
      );
    default:
      return (
        <Button variant="secondary" aria-label={`${t.add} ${person.name}`} disabled={busy} onClick={onAdd}>
          <UserPlus aria-hidden className="size-4" />
          {t.add}
        </Button>
      );
  }
}
