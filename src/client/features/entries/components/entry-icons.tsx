import { memo, useEffect, useMemo } from "react";
import { LoadBoundary } from "#client/app/load-boundary.tsx";
import { useShowEntries } from "#client/features/entries/api/get-show-entries.ts";
import { retryingLazy } from "#client/lib/retrying-lazy.ts";
import type { MyEntry } from "#domain/contracts/entries.ts";

// The icons, their tooltips and the status labels are a chunk of their own, off show detail's first
// load. It is fetched once the first screen is shown (after-first-screen.ts: at once when the connection
// drops), while the page is surely online: a save queued offline shows its clock without waiting for the
// network (the service worker may not be there).
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
const EntryIconList = retryingLazy(loadList);

/** No entries: one array for every class without any, so a row's props stay the same. */
const NONE: readonly MyEntry[] = [];

/**
 * The viewer's entries of a show by class, for the screen's rows to be handed: one query observer for the
 * screen instead of one per row, and the icons' code asked for once the first screen is shown (`later`).
 * Each row re-rendering with its own observer, hook and effect when the entries or the first screen came was
 * a long task on a show of many classes (issue 33, ADR 042).
 */
export function useEntriesByClass(showId: string, later: boolean): (classId: string) => readonly MyEntry[] {
  const data = useShowEntries(showId).data;
  useEffect(() => {
    if (later) void loadList();
  }, [later]);
  return useMemo(() => {
    const byClass = new Map<string, MyEntry[]>();
    for (const entry of data?.entries ?? []) {
      const list = byClass.get(entry.classId);
      if (list) list.push(entry);
      else byClass.set(entry.classId, [entry]);
    }
    return (classId) => byClass.get(classId) ?? NONE;
  }, [data]);
}

/**
 * The viewer's entries for one class (`entries`, from useEntriesByClass) as icons with the spec's tooltips
 * (see EntryIconList). A change queued for the class (entries saved offline, not yet on the server) is the
 * list's to show once the first screen is shown: the queue is watched by the list's chunk, not by every row
 * of the first screen.
 */
export const EntryIcons = memo(function EntryIcons({
  showId,
  classId,
  entries,
  later,
}: {
  showId: string;
  classId: string;
  entries: readonly MyEntry[];
  later: boolean;
}) {
  // The same 44 px per icon while they load, so the row does not move when they arrive.
  const reserved =
    entries.length === 0 ? null : (
      <span className="flex flex-wrap justify-end">
        {entries.map((entry) => (
          <span key={entry.id} aria-hidden className="size-11 shrink-0" />
        ))}
      </span>
    );
  if (!later) return reserved;
  // Should the icons' code not arrive, each row keeps its reserved space rather than a message per row.
  return (
    <LoadBoundary quiet={reserved} fallback={reserved}>
      <EntryIconList showId={showId} classId={classId} entries={entries} />
    </LoadBoundary>
  );
});
