import { entryTooltip, StatusIcon } from "#client/features/entries/components/status-icon.tsx";
import { TapTooltip } from "#client/ui/tap-tooltip.tsx";
import type { MyEntry } from "#domain/contracts/entries.ts";

/** The icons of EntryIcons, a chunk of their own: most classes have none (see EntryIcons). */
export default function EntryIconList({ entries }: { entries: readonly MyEntry[] }) {
  return entries.map((entry) => (
    <TapTooltip key={entry.id} label={entryTooltip(entry)}>
      <StatusIcon status={entry.status} />
    </TapTooltip>
  ));
}
