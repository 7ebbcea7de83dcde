import { Plus } from "lucide-react";
import { SearchBox } from "#client/features/admin/search-box.tsx";
import { ReadyButton } from "#client/ui/ready-button.tsx";

/** A Data Management tab's search box and its Add button, side by side from 420 px. */
export function ListToolbar({
  searchLabel,
  onSearch,
  addLabel,
  onAdd,
}: {
  searchLabel: string;
  onSearch: (q: string) => void;
  addLabel: string;
  onAdd: () => void;
}) {
  return (
    <div className="flex flex-col gap-2 min-[420px]:flex-row">
      <div className="flex-1">
        <SearchBox label={searchLabel} placeholder={searchLabel} onSearch={onSearch} />
      </div>
      <ReadyButton onClick={onAdd}>
        <Plus aria-hidden className="size-4" />
        {addLabel}
      </ReadyButton>
    </div>
  );
}
