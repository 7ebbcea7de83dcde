import { CircleAlert, Clock, TriangleAlert } from "lucide-react";
import {
  type RemoveClassInput,
  removeClassEntriesChange,
} from "#client/features/entries/api/remove-class-entries.ts";
import { type SaveEntriesInput, saveEntriesChange } from "#client/features/entries/api/save-class-entries.ts";
import { PlacingBadge } from "#client/features/entries/components/placing-badge.tsx";
import { entryTooltip, StatusIcon } from "#client/features/entries/components/status-icon.tsx";
import { type QueuedState, useQueuedChanges } from "#client/lib/queued.ts";
import { TapTooltip } from "#client/ui/tap-tooltip.tsx";
import type { MyEntry } from "#domain/contracts/entries.ts";
import { offlineTexts } from "#domain/texts/offline.ts";

/** The newest queued save or removal for this class, if one is waiting or was refused. */
function useQueuedForClass(showId: string, classId: string) {
  const forClass = (c: QueuedState<RemoveClassInput>) =>
    c.input.showId === showId && c.input.classId === classId;
  const saves = useQueuedChanges<SaveEntriesInput>(saveEntriesChange.key).filter(forClass);
  const removals = useQueuedChanges<RemoveClassInput>(removeClassEntriesChange.key).filter(forClass);
  // A refusal is reported where the change was made, unless it was queued offline (then here and app-wide).
  const all = [
    ...saves.map((s) => ({ ...s, statuses: s.input.body.entries.map((e) => e.status) })),
    ...removals.map((r) => ({ ...r, statuses: [] as string[] })),
  ];
  return all
    .filter((c) => c.status === "pending" || c.offline)
    .sort((a, b) => b.submittedAt - a.submittedAt)[0];
}

/**
 * The viewer's entries for one class as icons with the spec's tooltips (hover, focus or tap). A save
 * or removal still waiting for the connection shows what it will make the class, with a clock; one the
 * server refused shows the reason. A chunk of its own, loaded by EntryIcons only for a class that has
 * something to show (docs/decisions/015-first-load.md).
 */
export default function EntryIconList({
  showId,
  classId,
  entries,
}: {
  showId: string;
  classId: string;
  /** The viewer's entries in this class, read once for the screen (useEntriesByClass). */
  entries: readonly MyEntry[];
}) {
  const queued = useQueuedForClass(showId, classId);
  if (queued?.status === "pending") {
    return (
      <span className="flex flex-wrap justify-end" data-testid={`entry-icons-${classId}`}>
        {queued.statuses.map((status) => (
          <span key={status} className="inline-flex size-11 items-center justify-center text-stone-400">
            <StatusIcon status={status} />
          </span>
        ))}
        <TapTooltip label={offlineTexts.pendingIcon}>
          <Clock aria-hidden className="size-5 text-amber-700" data-testid="pending-change" />
        </TapTooltip>
      </span>
    );
  }
  if (entries.length === 0 && queued?.status !== "error") return null;
  const warnings = entries.flatMap((e) => e.warnings ?? []);
  return (
    <span className="flex flex-wrap justify-end" data-testid={`entry-icons-${classId}`}>
      {entries.map((entry) => (
        <TapTooltip key={entry.id} label={entryTooltip(entry)}>
          <StatusIcon status={entry.status} />
        </TapTooltip>
      ))}
      {entries.map((entry) =>
        entry.placing ? (
          <PlacingBadge key={`placing-${entry.id}`} placing={entry.placing} horse={entry.horseName} />
        ) : null,
      )}
      {warnings.length > 0 ? (
        // Season conflicts (issue 25): which other entry and why, on tap, focus or hover; never blocking.
        <TapTooltip label={warnings.map((w) => w.message).join(" ")}>
          <TriangleAlert aria-hidden className="size-5 text-amber-700" data-testid="entry-conflict" />
        </TapTooltip>
      ) : null}
      {queued?.status === "error" ? (
        <TapTooltip label={offlineTexts.failedIcon(queued.error ?? "")}>
          <CircleAlert aria-hidden className="size-5 text-red-700" data-testid="failed-change-icon" />
        </TapTooltip>
      ) : null}
    </span>
  );
}
