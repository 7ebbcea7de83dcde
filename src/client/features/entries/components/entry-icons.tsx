import { lazy, Suspense, useEffect } from "react";
import { useShowEntries } from "#client/features/entries/api/get-show-entries.ts";
import { entryKeys } from "#client/features/entries/api/keys.ts";
import { useQueuedChanges } from "#client/lib/queued.ts";

// The icons, their tooltips and the status labels are a chunk of their own, off show detail's first
// load. It is fetched once the schedule is on screen, while the page is surely online: a save queued
// offline shows its clock without waiting for the network (the service worker may not be there).
// Asked for once: each of hundreds of rows asking again would redo the preload bookkeeping every time.
let list: ReturnType<typeof importList> | undefined;
const importList = () => import("#client/features/entries/components/entry-icon-list.tsx");
const loadList = () => {
  // A failed load (offline, say) is asked for again by the next row that needs it.
  list ??= importList().catch((error: unknown) => {
    list = undefined;
    throw error;
  });
  return list;
};
const EntryIconList = lazy(loadList);

/** The viewer's entries for one class as icons with the spec's tooltips (see EntryIconList). */
export function EntryIcons({ showId, classId }: { showId: string; classId: string }) {
  useEffect(() => void loadList(), []);
  const entries = useShowEntries(showId).data?.entries.filter((e) => e.classId === classId) ?? [];
  // Every entry change (save, removal) is under entryKeys.all; the list picks the ones for this class.
  const queued = useQueuedChanges<{ showId?: string; classId?: string } | string>(entryKeys.all).some(
    (c) => typeof c.input === "object" && c.input?.showId === showId && c.input.classId === classId,
  );
  if (entries.length === 0 && !queued) return null;
  return (
    <Suspense
      fallback={
        // The same 44 px per icon while they load, so the row does not move when they arrive.
        <span className="flex flex-wrap justify-end">
          {entries.map((entry) => (
            <span key={entry.id} aria-hidden className="size-11 shrink-0" />
          ))}
        </span>
      }
    >
      <EntryIconList showId={showId} classId={classId} />
    </Suspense>
  );
}
