import { lazy, Suspense } from "react";
import { useShowEntries } from "#client/features/entries/api/get-show-entries.ts";

// The icons, their tooltips and the status labels load only once the viewer has an entry in the show,
// so a show without any keeps them off its first load.
const EntryIconList = lazy(() => import("#client/features/entries/components/entry-icon-list.tsx"));

/** The viewer's entries for one class as icons with the spec's tooltips (hover, focus or tap). */
export function EntryIcons({ showId, classId }: { showId: string; classId: string }) {
  const entries = useShowEntries(showId).data?.entries.filter((e) => e.classId === classId) ?? [];
  if (entries.length === 0) return null;
  return (
    <span className="flex flex-wrap justify-end" data-testid={`entry-icons-${classId}`}>
      {/* The same 44 px per icon while they load, so the row does not move when they arrive. */}
      <Suspense
        fallback={entries.map((entry) => <span key={entry.id} aria-hidden className="size-11 shrink-0" />)}
      >
        <EntryIconList entries={entries} />
      </Suspense>
    </span>
  );
}
