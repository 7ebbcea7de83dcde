import { useShowEntries } from "#client/features/entries/api/get-show-entries.ts";
import { entryTooltip, StatusIcon } from "#client/features/entries/components/status-icon.tsx";
import { TapTooltip } from "#client/ui/tap-tooltip.tsx";

/** The viewer's entries for one class as icons with the spec's tooltips (hover, focus or tap). */
export function EntryIcons({ showId, classId }: { showId: string; classId: string }) {
  const entries = useShowEntries(showId).data?.entries.filter((e) => e.classId === classId) ?? [];
  if (entries.length === 0) return null;
  return (
    <span className="flex flex-wrap justify-end" data-testid={`entry-icons-${classId}`}>
      {entries.map((entry) => (
        <TapTooltip key={entry.id} label={entryTooltip(entry)}>
          <StatusIcon status={entry.status} />
        </TapTooltip>
      ))}
    </span>
  );
}
